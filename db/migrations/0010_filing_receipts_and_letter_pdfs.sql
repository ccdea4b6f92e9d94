CREATE SEQUENCE "public"."submission_confirmation_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "decision_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"decision" "plan_decision" NOT NULL,
	"decided_on" date NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_submissions" ADD COLUMN "confirmation_number" text;--> statement-breakpoint
ALTER TABLE "decision_letters" ADD CONSTRAINT "decision_letters_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_letters" ADD CONSTRAINT "decision_letters_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decision_letters_plan_idx" ON "decision_letters" USING btree ("plan_id");--> statement-breakpoint
ALTER TABLE "plan_submissions" ADD CONSTRAINT "plan_submissions_confirmation_number_unique" UNIQUE("confirmation_number");--> statement-breakpoint
-- A letter as sent is never rewritten: what the owner downloads is what the department sent.
CREATE TRIGGER decision_letters_no_update BEFORE UPDATE OR DELETE ON decision_letters
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
