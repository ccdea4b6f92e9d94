ALTER TABLE "land_agreements" ADD COLUMN "commercial_n_lb_per_acre" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "land_agreements" ADD COLUMN "commercial_p2o5_lb_per_acre" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "plan_fields" ADD COLUMN "previous_crop" text;--> statement-breakpoint
ALTER TABLE "plan_fields" ADD COLUMN "previous_crop_manured" boolean;--> statement-breakpoint
ALTER TABLE "plan_fields" ADD COLUMN "yield_source" text;--> statement-breakpoint
ALTER TABLE "plan_fields" ADD COLUMN "yield_basis" text;--> statement-breakpoint
ALTER TABLE "plan_fields" ADD COLUMN "p2o5_removal_lb_per_acre" numeric(10, 2);