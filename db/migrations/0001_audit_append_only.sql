-- The audit log is append-only (issue: "a record no one can quietly change"): refuse UPDATE,
-- DELETE and TRUNCATE at the database level, whatever the application does.
CREATE OR REPLACE FUNCTION audit_events_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
-- Clock events are the review clock's source of truth: never rewritten either.
CREATE TRIGGER plan_clock_events_no_update BEFORE UPDATE OR DELETE ON plan_clock_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
