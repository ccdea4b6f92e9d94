CREATE TYPE "public"."operation_registration_status" AS ENUM('registered', 'awaiting_owner', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."registration_request_status" AS ENUM('pending', 'accepted', 'declined', 'withdrawn');--> statement-breakpoint
CREATE TABLE "registration_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"preparer_user_id" uuid NOT NULL,
	"owner_name" text NOT NULL,
	"owner_email" text NOT NULL,
	"status" "registration_request_status" DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"times_sent" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_by_user_id" uuid,
	"owner_party_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_requests_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "registration_requests_decided" CHECK (("registration_requests"."status" = 'pending') = ("registration_requests"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "registration_status" "operation_registration_status" DEFAULT 'registered' NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_preparer_user_id_users_id_fk" FOREIGN KEY ("preparer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_owner_party_id_parties_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_requests_operation_idx" ON "registration_requests" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "registration_requests_preparer_idx" ON "registration_requests" USING btree ("preparer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "registration_requests_answered_by_idx" ON "registration_requests" USING btree ("answered_by_user_id");--> statement-breakpoint
CREATE INDEX "registration_requests_owner_party_idx" ON "registration_requests" USING btree ("owner_party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_requests_one_pending_idx" ON "registration_requests" USING btree ("operation_id") WHERE "registration_requests"."status" = 'pending';