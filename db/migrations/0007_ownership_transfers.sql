CREATE TYPE "public"."transfer_decided_through" AS ENUM('department', 'current_owner');--> statement-breakpoint
CREATE TYPE "public"."transfer_owner_response" AS ENUM('accepted', 'disputed');--> statement-breakpoint
CREATE TYPE "public"."transfer_status" AS ENUM('pending', 'confirmed', 'refused');--> statement-breakpoint
CREATE TABLE "ownership_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"claimant_party_id" uuid NOT NULL,
	"claimant_user_id" uuid NOT NULL,
	"current_owner_party_id" uuid,
	"acquired_on" date NOT NULL,
	"status" "transfer_status" DEFAULT 'pending' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"owner_token_hash" text,
	"owner_token_expires_at" timestamp with time zone,
	"owner_response" "transfer_owner_response",
	"owner_response_note" text,
	"owner_responded_at" timestamp with time zone,
	"owner_responded_by_user_id" uuid,
	"decided_through" "transfer_decided_through",
	"decided_by_user_id" uuid,
	"decided_on" date,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"original_mmp_required" boolean,
	"original_mmp_due_on" date,
	"requirement_citation" text,
	"requirement_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ownership_transfers_owner_token_hash_unique" UNIQUE("owner_token_hash"),
	CONSTRAINT "ownership_transfers_decided" CHECK (("ownership_transfers"."status" = 'pending') = ("ownership_transfers"."decided_at" is null)),
	CONSTRAINT "ownership_transfers_refusal_reason" CHECK ("ownership_transfers"."status" <> 'refused' or "ownership_transfers"."decision_reason" is not null),
	CONSTRAINT "ownership_transfers_due_when_required" CHECK ("ownership_transfers"."original_mmp_due_on" is null or "ownership_transfers"."original_mmp_required")
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_claimant_party_id_parties_id_fk" FOREIGN KEY ("claimant_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_claimant_user_id_users_id_fk" FOREIGN KEY ("claimant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_current_owner_party_id_parties_id_fk" FOREIGN KEY ("current_owner_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_owner_responded_by_user_id_users_id_fk" FOREIGN KEY ("owner_responded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ownership_transfers_operation_idx" ON "ownership_transfers" USING btree ("operation_id","status");--> statement-breakpoint
CREATE INDEX "ownership_transfers_claimant_idx" ON "ownership_transfers" USING btree ("claimant_party_id","created_at");--> statement-breakpoint
CREATE INDEX "ownership_transfers_current_owner_idx" ON "ownership_transfers" USING btree ("current_owner_party_id");--> statement-breakpoint
CREATE INDEX "ownership_transfers_claimant_user_idx" ON "ownership_transfers" USING btree ("claimant_user_id");--> statement-breakpoint
CREATE INDEX "ownership_transfers_responded_by_idx" ON "ownership_transfers" USING btree ("owner_responded_by_user_id");--> statement-breakpoint
CREATE INDEX "ownership_transfers_decided_by_idx" ON "ownership_transfers" USING btree ("decided_by_user_id");--> statement-breakpoint
CREATE INDEX "ownership_transfers_pending_idx" ON "ownership_transfers" USING btree ("created_at") WHERE "ownership_transfers"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "ownership_transfers_one_pending_idx" ON "ownership_transfers" USING btree ("operation_id","claimant_party_id") WHERE "ownership_transfers"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_transfer_id_ownership_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ownership_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_transfer_idx" ON "attachments" USING btree ("transfer_id");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_plan_or_transfer" CHECK ("attachments"."plan_id" is null or "attachments"."transfer_id" is null);