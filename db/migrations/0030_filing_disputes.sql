ALTER TABLE "plan_submissions" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_submissions" ADD COLUMN "disputed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "plan_submissions" ADD COLUMN "dispute_statement" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "filing_disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_submissions" ADD CONSTRAINT "plan_submissions_disputed_by_user_id_users_id_fk" FOREIGN KEY ("disputed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plans_disputed_idx" ON "plans" USING btree ("filing_disputed_at") WHERE "plans"."filing_disputed_at" is not null;