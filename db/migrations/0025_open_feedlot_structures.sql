CREATE TYPE "public"."family_relation" AS ENUM('spouse', 'dependent_child');--> statement-breakpoint
CREATE TYPE "public"."interest_kind" AS ENUM('sole_proprietor', 'joint_tenant', 'tenant_in_common', 'equity');--> statement-breakpoint
CREATE TYPE "public"."management_kind" AS ENUM('day_to_day_control', 'contractor_of_contract_facility');--> statement-breakpoint
CREATE TYPE "public"."structure_kind" AS ENUM('confinement_building', 'open_feedlot_lot', 'settled_effluent_basin', 'solids_settling_facility', 'animal_truck_wash');--> statement-breakpoint
CREATE TABLE "operation_interests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"kind" "interest_kind" NOT NULL,
	"equity_share" numeric(10, 9),
	CONSTRAINT "operation_interests_share" CHECK ("operation_interests"."equity_share" is null or ("operation_interests"."equity_share" >= 0 and "operation_interests"."equity_share" <= 1)),
	CONSTRAINT "operation_interests_equity_has_share" CHECK ("operation_interests"."kind" <> 'equity' or "operation_interests"."equity_share" is not null)
);
--> statement-breakpoint
CREATE TABLE "operation_managers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"kind" "management_kind" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_structures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"kind" "structure_kind" NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"footprint" jsonb,
	"excavation_on" date,
	"forms_installed_on" date,
	"piping_installed_on" date,
	"abandoned" boolean DEFAULT false NOT NULL,
	"abandoned_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_structures_latitude" CHECK ("operation_structures"."latitude" between -90 and 90),
	CONSTRAINT "operation_structures_longitude" CHECK ("operation_structures"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "party_family_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" uuid NOT NULL,
	"relative_id" uuid NOT NULL,
	"relation" "family_relation" NOT NULL,
	CONSTRAINT "party_family_links_not_self" CHECK ("party_family_links"."party_id" <> "party_family_links"."relative_id")
);
--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "effluent_system_label" text;--> statement-breakpoint
ALTER TABLE "operation_interests" ADD CONSTRAINT "operation_interests_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_interests" ADD CONSTRAINT "operation_interests_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_managers" ADD CONSTRAINT "operation_managers_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_managers" ADD CONSTRAINT "operation_managers_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_structures" ADD CONSTRAINT "operation_structures_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_family_links" ADD CONSTRAINT "party_family_links_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_family_links" ADD CONSTRAINT "party_family_links_relative_id_parties_id_fk" FOREIGN KEY ("relative_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operation_interests_operation_idx" ON "operation_interests" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "operation_interests_party_idx" ON "operation_interests" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "operation_managers_operation_idx" ON "operation_managers" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "operation_managers_party_idx" ON "operation_managers" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "operation_structures_operation_idx" ON "operation_structures" USING btree ("operation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "party_family_links_pair_idx" ON "party_family_links" USING btree ("party_id","relative_id");