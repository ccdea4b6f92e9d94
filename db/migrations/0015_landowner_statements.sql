CREATE TABLE "landowner_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"agreement_key" text NOT NULL,
	"landowner_name" text NOT NULL,
	"landowner_email" text NOT NULL,
	"field_name" text NOT NULL,
	"acres" numeric(10, 2),
	"commercial_n_lb_per_acre" numeric(10, 2),
	"commercial_p2o5_lb_per_acre" numeric(10, 2),
	"token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"requested_by_user_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_name" text,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "landowner_statements_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "land_agreements" ADD COLUMN "statement_id" uuid;--> statement-breakpoint
ALTER TABLE "landowner_statements" ADD CONSTRAINT "landowner_statements_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landowner_statements" ADD CONSTRAINT "landowner_statements_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landowner_statements_plan_idx" ON "landowner_statements" USING btree ("plan_id","agreement_key");