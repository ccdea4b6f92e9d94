CREATE TABLE "plan_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_submission_id" uuid NOT NULL,
	"signer_user_id" uuid NOT NULL,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"capacity" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"document_sha256" text NOT NULL,
	"certification_version" text NOT NULL,
	"certification_sha256" text NOT NULL,
	"factor" text NOT NULL,
	CONSTRAINT "plan_signatures_plan_submission_id_unique" UNIQUE("plan_submission_id")
);
--> statement-breakpoint
CREATE TABLE "signing_lockouts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "plan_signatures" ADD CONSTRAINT "plan_signatures_plan_submission_id_plan_submissions_id_fk" FOREIGN KEY ("plan_submission_id") REFERENCES "public"."plan_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_signatures" ADD CONSTRAINT "plan_signatures_signer_user_id_users_id_fk" FOREIGN KEY ("signer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_lockouts" ADD CONSTRAINT "signing_lockouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_signatures_signer_idx" ON "plan_signatures" USING btree ("signer_user_id");--> statement-breakpoint
-- A signature is a legal record: once written it is never changed or removed, at the database level.
CREATE TRIGGER plan_signatures_no_update BEFORE UPDATE OR DELETE ON plan_signatures
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER plan_signatures_no_truncate BEFORE TRUNCATE ON plan_signatures
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
