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
ALTER TABLE "operation_access_grants" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "owner_preparer_grants" ADD CONSTRAINT "owner_preparer_grants_owner_party_id_parties_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_preparer_grants" ADD CONSTRAINT "owner_preparer_grants_preparer_user_id_users_id_fk" FOREIGN KEY ("preparer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_preparer_grants" ADD CONSTRAINT "owner_preparer_grants_granted_by_user_id_users_id_fk" FOREIGN KEY ("granted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_preparer_grants_owner_idx" ON "owner_preparer_grants" USING btree ("owner_party_id");--> statement-breakpoint
CREATE INDEX "owner_preparer_grants_preparer_idx" ON "owner_preparer_grants" USING btree ("preparer_user_id");--> statement-breakpoint
CREATE INDEX "owner_preparer_grants_granted_by_idx" ON "owner_preparer_grants" USING btree ("granted_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_preparer_grants_one_active_idx" ON "owner_preparer_grants" USING btree ("owner_party_id","preparer_user_id") WHERE "owner_preparer_grants"."revoked_at" is null;