CREATE TYPE "public"."checkout_status" AS ENUM('open', 'paid', 'refused', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TABLE "owner_preparer_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_party_id" uuid NOT NULL,
	"preparer_user_id" uuid NOT NULL,
	"granted_by_user_id" uuid NOT NULL,
	"ends_on" date,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"status" "checkout_status" DEFAULT 'open' NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"payer_party_id" uuid NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_reference" text,
	"redirect_url" text,
	"refusal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_checkouts_total_positive" CHECK ("payment_checkouts"."total_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"checkout_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_access_grants" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "owner_preparer_grants" ADD CONSTRAINT "owner_preparer_grants_owner_party_id_parties_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_preparer_grants" ADD CONSTRAINT "owner_preparer_grants_preparer_user_id_users_id_fk" FOREIGN KEY ("preparer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_preparer_grants" ADD CONSTRAINT "owner_preparer_grants_granted_by_user_id_users_id_fk" FOREIGN KEY ("granted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_payer_party_id_parties_id_fk" FOREIGN KEY ("payer_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_preparer_grants_owner_idx" ON "owner_preparer_grants" USING btree ("owner_party_id");--> statement-breakpoint
CREATE INDEX "owner_preparer_grants_preparer_idx" ON "owner_preparer_grants" USING btree ("preparer_user_id");--> statement-breakpoint
CREATE INDEX "owner_preparer_grants_granted_by_idx" ON "owner_preparer_grants" USING btree ("granted_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_preparer_grants_one_active_idx" ON "owner_preparer_grants" USING btree ("owner_party_id","preparer_user_id") WHERE "owner_preparer_grants"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_idempotency_idx" ON "payment_checkouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_provider_ref_idx" ON "payment_checkouts" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "payment_checkouts_payer_idx" ON "payment_checkouts" USING btree ("payer_party_id");--> statement-breakpoint
CREATE INDEX "payment_checkouts_created_by_idx" ON "payment_checkouts" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_id_idx" ON "payment_webhook_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key_idx" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_checkout_idx" ON "payments" USING btree ("checkout_id");