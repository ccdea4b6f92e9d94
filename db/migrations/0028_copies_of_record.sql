CREATE TABLE "copies_of_record" (
	"sha256" text PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"plan_submission_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"confirmation_number" text NOT NULL,
	"document_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "copies_of_record_plan_submission_id_unique" UNIQUE("plan_submission_id"),
	CONSTRAINT "copies_of_record_sha256_hex" CHECK ("copies_of_record"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "copies_of_record_document_sha256_hex" CHECK ("copies_of_record"."document_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "copies_of_record" ADD CONSTRAINT "copies_of_record_plan_submission_id_plan_submissions_id_fk" FOREIGN KEY ("plan_submission_id") REFERENCES "public"."plan_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copies_of_record" ADD CONSTRAINT "copies_of_record_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "copies_of_record_plan_idx" ON "copies_of_record" USING btree ("plan_id");--> statement-breakpoint
-- custom:
-- The copy of record is written once (CROMERR: kept unaltered): refuse UPDATE, DELETE and TRUNCATE at
-- the database level, whatever the application does (the function of 0001_audit_append_only).
CREATE TRIGGER copies_of_record_no_update BEFORE UPDATE OR DELETE ON copies_of_record
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER copies_of_record_no_truncate BEFORE TRUNCATE ON copies_of_record
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
