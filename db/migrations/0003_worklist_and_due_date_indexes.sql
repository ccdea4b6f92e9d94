DROP INDEX "due_date_assignments_operation_idx";--> statement-breakpoint
CREATE INDEX "plans_status_received_idx" ON "plans" USING btree ("status","received_on");--> statement-breakpoint
CREATE INDEX "due_date_assignments_operation_idx" ON "due_date_assignments" USING btree ("operation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);