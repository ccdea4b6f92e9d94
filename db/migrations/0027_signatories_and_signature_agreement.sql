CREATE TABLE "operation_signatories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"capacity" text NOT NULL,
	"named_by_user_id" uuid NOT NULL,
	"named_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "signature_agreement_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"version" text NOT NULL,
	"text_sha256" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text
);
--> statement-breakpoint
ALTER TABLE "operation_signatories" ADD CONSTRAINT "operation_signatories_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_signatories" ADD CONSTRAINT "operation_signatories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_signatories" ADD CONSTRAINT "operation_signatories_named_by_user_id_users_id_fk" FOREIGN KEY ("named_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_signatories" ADD CONSTRAINT "operation_signatories_revoked_by_user_id_users_id_fk" FOREIGN KEY ("revoked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_agreement_acceptances" ADD CONSTRAINT "signature_agreement_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operation_signatories_operation_idx" ON "operation_signatories" USING btree ("operation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operation_signatories_active_uq" ON "operation_signatories" USING btree ("operation_id","user_id") WHERE "operation_signatories"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "signature_agreement_user_version_uq" ON "signature_agreement_acceptances" USING btree ("user_id","version");