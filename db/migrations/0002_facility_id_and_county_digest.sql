CREATE TABLE "county_digest_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digested_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "facility_id" text;--> statement-breakpoint
ALTER TABLE "county_digest_items" ADD CONSTRAINT "county_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "county_digest_items" ADD CONSTRAINT "county_digest_items_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "county_digest_items_user_idx" ON "county_digest_items" USING btree ("user_id","digested_at");--> statement-breakpoint
CREATE INDEX "county_digest_items_plan_idx" ON "county_digest_items" USING btree ("plan_id");--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_facility_id_unique" UNIQUE("facility_id");