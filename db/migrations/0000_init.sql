CREATE TYPE "public"."animal_category" AS ENUM('cattle_slaughter_feeder', 'dairy_immature', 'dairy_mature', 'swine_over_55_lb', 'swine_15_to_55_lb', 'sheep_lambs', 'goats', 'horses', 'turkeys_over_7_lb', 'turkeys_7_lb_or_less', 'chickens_liquid_manure', 'chickens_dry_over_3_lb', 'chickens_dry_3_lb_or_less');--> statement-breakpoint
CREATE TYPE "public"."attachment_kind" AS ENUM('site_map', 'land_agreement', 'county_receipt', 'design_statement', 'soil_test', 'manure_analysis', 'other');--> statement-breakpoint
CREATE TYPE "public"."auth_token_kind" AS ENUM('verify_email', 'password_reset', 'invitation');--> statement-breakpoint
CREATE TYPE "public"."clock_event_kind" AS ENUM('received', 'returned_incomplete', 'resubmitted', 'found_complete', 'decided');--> statement-breakpoint
CREATE TYPE "public"."construction_permit_status" AS ENUM('not_required', 'required_not_applied', 'applied', 'issued');--> statement-breakpoint
CREATE TYPE "public"."county_relation" AS ENUM('located_in', 'land_applied_in');--> statement-breakpoint
CREATE TYPE "public"."digest_frequency" AS ENUM('immediate', 'daily', 'weekly');--> statement-breakpoint
CREATE TYPE "public"."due_date_policy" AS ENUM('even_by_month', 'county_group', 'approval_anniversary', 'individual_override', 'initial');--> statement-breakpoint
CREATE TYPE "public"."fee_code" AS ENUM('mmp_filing', 'construction_permit_application', 'annual_compliance', 'indemnity');--> statement-breakpoint
CREATE TYPE "public"."fee_status" AS ENUM('due', 'paid', 'waived', 'void');--> statement-breakpoint
CREATE TYPE "public"."operation_kind" AS ENUM('confinement', 'open_feedlot');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('pending', 'sending', 'sent', 'failed', 'held');--> statement-breakpoint
CREATE TYPE "public"."party_kind" AS ENUM('person', 'organization');--> statement-breakpoint
CREATE TYPE "public"."payer_kind" AS ENUM('owner', 'active_contractor');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('check', 'ach', 'card', 'cash', 'other');--> statement-breakpoint
CREATE TYPE "public"."plan_decision" AS ENUM('approved', 'disapproved');--> statement-breakpoint
CREATE TYPE "public"."plan_kind" AS ENUM('original', 'annual_update');--> statement-breakpoint
CREATE TYPE "public"."plan_status" AS ENUM('draft', 'submitted', 'incomplete', 'under_review', 'approved', 'disapproved', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."reminder_kind" AS ENUM('update_due_60', 'update_due_30', 'update_due_7', 'update_overdue', 'new_owner_due');--> statement-breakpoint
CREATE TYPE "public"."storage_kind" AS ENUM('formed', 'unformed', 'egg_washwater');--> statement-breakpoint
CREATE TYPE "public"."submission_channel" AS ENUM('electronic', 'hard_copy');--> statement-breakpoint
CREATE TYPE "public"."update_kind" AS ENUM('complete_plan', 'no_change_statement', 'list_of_changes');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('owner', 'preparer', 'active_contractor', 'department_staff', 'department_supervisor', 'county_official', 'admin');--> statement-breakpoint
CREATE TABLE "counties" (
	"fips" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"field_office_id" integer NOT NULL,
	CONSTRAINT "counties_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "field_offices" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	CONSTRAINT "field_offices_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "party_kind" NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"mailing_address" text,
	"is_active_contractor" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"role" "user_role" NOT NULL,
	"county_fips" text,
	"party_id" uuid,
	"email_verified_at" timestamp with time zone,
	"session_version" integer DEFAULT 1 NOT NULL,
	"county_last_viewed_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_county_official_has_county" CHECK ("users"."role" <> 'county_official' or "users"."county_fips" is not null)
);
--> statement-breakpoint
CREATE TABLE "animal_inventory" (
	"operation_id" uuid NOT NULL,
	"category" "animal_category" NOT NULL,
	"head_at_capacity" integer NOT NULL,
	CONSTRAINT "animal_inventory_head_nonnegative" CHECK ("animal_inventory"."head_at_capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "manure_storage_structures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" "storage_kind" NOT NULL,
	"capacity_gallons" integer,
	"constructed_on" date,
	CONSTRAINT "manure_storage_capacity_nonnegative" CHECK ("manure_storage_structures"."capacity_gallons" is null or "manure_storage_structures"."capacity_gallons" >= 0)
);
--> statement-breakpoint
CREATE TABLE "operation_access_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"granted_by_user_id" uuid NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" "operation_kind" NOT NULL,
	"county_fips" text NOT NULL,
	"township" text,
	"range" text,
	"section" integer,
	"quarter_section" text,
	"address_911" text,
	"latitude" double precision,
	"longitude" double precision,
	"constructed_on" date,
	"last_expanded_on" date,
	"construction_permit_status" "construction_permit_status" DEFAULT 'not_required' NOT NULL,
	"contract_producer" boolean DEFAULT false NOT NULL,
	"active_contractor_id" uuid,
	"research_college" boolean DEFAULT false NOT NULL,
	"safo_elected_on" date,
	"safo_ended_on" date,
	"safo_end_reason" text,
	"peak_animal_units_housed" numeric(12, 4),
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operations_section_range" CHECK ("operations"."section" is null or ("operations"."section" between 1 and 36)),
	CONSTRAINT "operations_expanded_after_constructed" CHECK ("operations"."last_expanded_on" is null or "operations"."constructed_on" is null or "operations"."last_expanded_on" >= "operations"."constructed_on"),
	CONSTRAINT "operations_contractor_needs_contract" CHECK ("operations"."active_contractor_id" is null or "operations"."contract_producer")
);
--> statement-breakpoint
CREATE TABLE "ownerships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"acquired_on" date NOT NULL,
	"released_on" date,
	CONSTRAINT "ownerships_dates_ordered" CHECK ("ownerships"."released_on" is null or "ownerships"."released_on" >= "ownerships"."acquired_on")
);
--> statement-breakpoint
CREATE TABLE "county_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"county_fips" text NOT NULL,
	"received_on" date NOT NULL,
	"received_by_name" text NOT NULL,
	"recorded_by_user_id" uuid,
	"attachment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "land_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"field_id" uuid,
	"landowner_name" text NOT NULL,
	"acres" numeric(10, 2),
	"signed_on" date,
	"attachment_id" uuid
);
--> statement-breakpoint
CREATE TABLE "plan_clock_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"kind" "clock_event_kind" NOT NULL,
	"occurred_on" date NOT NULL,
	"actor_user_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_counties" (
	"plan_id" uuid NOT NULL,
	"county_fips" text NOT NULL,
	"relation" "county_relation" NOT NULL,
	CONSTRAINT "plan_counties_plan_id_county_fips_relation_pk" PRIMARY KEY("plan_id","county_fips","relation")
);
--> statement-breakpoint
CREATE TABLE "plan_deficiencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"cycle" integer NOT NULL,
	"code" text NOT NULL,
	"detail" text,
	"owner_response" text,
	"responded_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"name" text NOT NULL,
	"county_fips" text NOT NULL,
	"acres" numeric(10, 2) NOT NULL,
	"tenure" text DEFAULT 'owned' NOT NULL,
	"crop_schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"optimum_yield" numeric(10, 2),
	"nitrogen_rate_lb_per_acre" numeric(10, 2),
	"phosphorus_index" numeric(8, 2),
	"application_method" text,
	"application_timing" text,
	CONSTRAINT "plan_fields_acres_positive" CHECK ("plan_fields"."acres" > 0)
);
--> statement-breakpoint
CREATE TABLE "plan_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"submitted_on" date NOT NULL,
	"submitted_by_user_id" uuid,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_submissions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"kind" "plan_kind" NOT NULL,
	"update_kind" "update_kind",
	"channel" "submission_channel" DEFAULT 'electronic' NOT NULL,
	"status" "plan_status" DEFAULT 'draft' NOT NULL,
	"animal_unit_capacity" numeric(12, 4),
	"submitted_on" date,
	"received_on" date,
	"complete_received_on" date,
	"decision_due_on" date,
	"decided_on" date,
	"decision" "plan_decision",
	"decision_reasons" text,
	"version" integer DEFAULT 1 NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"draft_state" jsonb,
	"draft_saved_at" timestamp with time zone,
	"previous_plan_id" uuid,
	"created_by_user_id" uuid,
	"submitted_by_user_id" uuid,
	"reviewer_user_id" uuid,
	"decided_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_update_kind_matches" CHECK (("plans"."kind" = 'annual_update') = ("plans"."update_kind" is not null)),
	CONSTRAINT "plans_disapproval_has_reasons" CHECK ("plans"."decision" is distinct from 'disapproved' or length(trim(coalesce("plans"."decision_reasons", ''))) > 0),
	CONSTRAINT "plans_au_nonnegative" CHECK ("plans"."animal_unit_capacity" is null or "plans"."animal_unit_capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stockpile_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"name" text NOT NULL,
	"distances_ft" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tile_inlet_discharges_to_water" boolean DEFAULT true NOT NULL,
	"runoff_cannot_reach_tile_inlet" boolean DEFAULT false NOT NULL,
	"runoff_cannot_reach_designated_area" boolean DEFAULT false NOT NULL,
	"in_grassed_waterway" boolean DEFAULT false NOT NULL,
	"slope_percent" numeric(6, 2),
	"runoff_containment_practices" boolean DEFAULT false NOT NULL,
	"practices_description" text
);
--> statement-breakpoint
CREATE TABLE "fee_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"plan_id" uuid,
	"code" "fee_code" NOT NULL,
	"amount_cents" integer NOT NULL,
	"citation" text NOT NULL,
	"payer_kind" "payer_kind" NOT NULL,
	"payer_party_id" uuid NOT NULL,
	"status" "fee_status" DEFAULT 'due' NOT NULL,
	"due_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_lines_amount_nonnegative" CHECK ("fee_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fee_line_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" "payment_method" NOT NULL,
	"reference" text,
	"received_on" date NOT NULL,
	"recorded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"plan_id" uuid,
	"kind" "attachment_kind" NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "attachments_size_limit" CHECK ("attachments"."size_bytes" > 0 and "attachments"."size_bytes" <= 20971520)
);
--> statement-breakpoint
CREATE TABLE "due_date_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"policy" "due_date_policy" NOT NULL,
	"reason" text,
	"assigned_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_key" text NOT NULL,
	"to_address" text NOT NULL,
	"to_user_id" uuid,
	"template" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "auth_token_kind" NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"role" "user_role",
	"county_fips" text,
	"name" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"ip_address" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"update_reminders" boolean DEFAULT true NOT NULL,
	"county_digest" "digest_frequency" DEFAULT 'immediate' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parameter_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"set_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"operation_id" uuid NOT NULL,
	"kind" "reminder_kind" NOT NULL,
	"due_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_operation_id_kind_due_on_pk" PRIMARY KEY("operation_id","kind","due_on")
);
--> statement-breakpoint
ALTER TABLE "counties" ADD CONSTRAINT "counties_field_office_id_field_offices_id_fk" FOREIGN KEY ("field_office_id") REFERENCES "public"."field_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_county_fips_counties_fips_fk" FOREIGN KEY ("county_fips") REFERENCES "public"."counties"("fips") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "animal_inventory" ADD CONSTRAINT "animal_inventory_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manure_storage_structures" ADD CONSTRAINT "manure_storage_structures_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_access_grants" ADD CONSTRAINT "operation_access_grants_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_access_grants" ADD CONSTRAINT "operation_access_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_access_grants" ADD CONSTRAINT "operation_access_grants_granted_by_user_id_users_id_fk" FOREIGN KEY ("granted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_county_fips_counties_fips_fk" FOREIGN KEY ("county_fips") REFERENCES "public"."counties"("fips") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_active_contractor_id_parties_id_fk" FOREIGN KEY ("active_contractor_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownerships" ADD CONSTRAINT "ownerships_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownerships" ADD CONSTRAINT "ownerships_owner_id_parties_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "county_receipts" ADD CONSTRAINT "county_receipts_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "county_receipts" ADD CONSTRAINT "county_receipts_county_fips_counties_fips_fk" FOREIGN KEY ("county_fips") REFERENCES "public"."counties"("fips") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "county_receipts" ADD CONSTRAINT "county_receipts_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "land_agreements" ADD CONSTRAINT "land_agreements_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "land_agreements" ADD CONSTRAINT "land_agreements_field_id_plan_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."plan_fields"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_clock_events" ADD CONSTRAINT "plan_clock_events_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_clock_events" ADD CONSTRAINT "plan_clock_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_counties" ADD CONSTRAINT "plan_counties_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_counties" ADD CONSTRAINT "plan_counties_county_fips_counties_fips_fk" FOREIGN KEY ("county_fips") REFERENCES "public"."counties"("fips") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_deficiencies" ADD CONSTRAINT "plan_deficiencies_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_deficiencies" ADD CONSTRAINT "plan_deficiencies_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_fields" ADD CONSTRAINT "plan_fields_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_fields" ADD CONSTRAINT "plan_fields_county_fips_counties_fips_fk" FOREIGN KEY ("county_fips") REFERENCES "public"."counties"("fips") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_submissions" ADD CONSTRAINT "plan_submissions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_submissions" ADD CONSTRAINT "plan_submissions_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_previous_plan_id_plans_id_fk" FOREIGN KEY ("previous_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stockpile_sites" ADD CONSTRAINT "stockpile_sites_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_payer_party_id_parties_id_fk" FOREIGN KEY ("payer_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_line_id_fee_lines_id_fk" FOREIGN KEY ("fee_line_id") REFERENCES "public"."fee_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_date_assignments" ADD CONSTRAINT "due_date_assignments_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_date_assignments" ADD CONSTRAINT "due_date_assignments_assigned_by_user_id_users_id_fk" FOREIGN KEY ("assigned_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_county_fips_counties_fips_fk" FOREIGN KEY ("county_fips") REFERENCES "public"."counties"("fips") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameter_values" ADD CONSTRAINT "parameter_values_set_by_user_id_users_id_fk" FOREIGN KEY ("set_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counties_field_office_idx" ON "counties" USING btree ("field_office_id");--> statement-breakpoint
CREATE INDEX "parties_name_idx" ON "parties" USING btree ("name");--> statement-breakpoint
CREATE INDEX "parties_active_contractor_idx" ON "parties" USING btree ("is_active_contractor");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_county_idx" ON "users" USING btree ("county_fips");--> statement-breakpoint
CREATE INDEX "users_party_idx" ON "users" USING btree ("party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "animal_inventory_operation_category_idx" ON "animal_inventory" USING btree ("operation_id","category");--> statement-breakpoint
CREATE INDEX "manure_storage_structures_operation_idx" ON "manure_storage_structures" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "operation_access_grants_operation_idx" ON "operation_access_grants" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "operation_access_grants_user_idx" ON "operation_access_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "operation_access_grants_granted_by_idx" ON "operation_access_grants" USING btree ("granted_by_user_id");--> statement-breakpoint
CREATE INDEX "operations_county_idx" ON "operations" USING btree ("county_fips");--> statement-breakpoint
CREATE INDEX "operations_name_idx" ON "operations" USING btree ("name");--> statement-breakpoint
CREATE INDEX "operations_kind_idx" ON "operations" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "operations_active_contractor_idx" ON "operations" USING btree ("active_contractor_id");--> statement-breakpoint
CREATE INDEX "operations_created_by_idx" ON "operations" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "ownerships_operation_idx" ON "ownerships" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "ownerships_owner_idx" ON "ownerships" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ownerships_one_current_idx" ON "ownerships" USING btree ("operation_id") WHERE "ownerships"."released_on" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "county_receipts_plan_county_idx" ON "county_receipts" USING btree ("plan_id","county_fips");--> statement-breakpoint
CREATE INDEX "county_receipts_county_idx" ON "county_receipts" USING btree ("county_fips");--> statement-breakpoint
CREATE INDEX "county_receipts_recorded_by_idx" ON "county_receipts" USING btree ("recorded_by_user_id");--> statement-breakpoint
CREATE INDEX "land_agreements_plan_idx" ON "land_agreements" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "land_agreements_field_idx" ON "land_agreements" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "plan_clock_events_plan_idx" ON "plan_clock_events" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "plan_clock_events_actor_idx" ON "plan_clock_events" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "plan_counties_county_idx" ON "plan_counties" USING btree ("county_fips");--> statement-breakpoint
CREATE INDEX "plan_deficiencies_plan_idx" ON "plan_deficiencies" USING btree ("plan_id","cycle");--> statement-breakpoint
CREATE INDEX "plan_deficiencies_created_by_idx" ON "plan_deficiencies" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "plan_fields_plan_idx" ON "plan_fields" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "plan_fields_county_idx" ON "plan_fields" USING btree ("county_fips");--> statement-breakpoint
CREATE INDEX "plan_submissions_plan_idx" ON "plan_submissions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "plan_submissions_by_idx" ON "plan_submissions" USING btree ("submitted_by_user_id");--> statement-breakpoint
CREATE INDEX "plans_operation_idx" ON "plans" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "plans_status_idx" ON "plans" USING btree ("status");--> statement-breakpoint
CREATE INDEX "plans_kind_idx" ON "plans" USING btree ("kind","update_kind");--> statement-breakpoint
CREATE INDEX "plans_channel_idx" ON "plans" USING btree ("channel");--> statement-breakpoint
CREATE INDEX "plans_decision_due_idx" ON "plans" USING btree ("decision_due_on");--> statement-breakpoint
CREATE INDEX "plans_received_idx" ON "plans" USING btree ("received_on");--> statement-breakpoint
CREATE INDEX "plans_reviewer_idx" ON "plans" USING btree ("reviewer_user_id");--> statement-breakpoint
CREATE INDEX "plans_previous_idx" ON "plans" USING btree ("previous_plan_id");--> statement-breakpoint
CREATE INDEX "plans_created_by_idx" ON "plans" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "plans_submitted_by_idx" ON "plans" USING btree ("submitted_by_user_id");--> statement-breakpoint
CREATE INDEX "plans_decided_by_idx" ON "plans" USING btree ("decided_by_user_id");--> statement-breakpoint
CREATE INDEX "stockpile_sites_plan_idx" ON "stockpile_sites" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "fee_lines_operation_idx" ON "fee_lines" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "fee_lines_plan_idx" ON "fee_lines" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "fee_lines_payer_idx" ON "fee_lines" USING btree ("payer_party_id");--> statement-breakpoint
CREATE INDEX "fee_lines_status_idx" ON "fee_lines" USING btree ("status");--> statement-breakpoint
CREATE INDEX "fee_lines_code_idx" ON "fee_lines" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_lines_plan_code_idx" ON "fee_lines" USING btree ("plan_id","code") WHERE "fee_lines"."status" <> 'void';--> statement-breakpoint
CREATE INDEX "payments_fee_line_idx" ON "payments" USING btree ("fee_line_id");--> statement-breakpoint
CREATE INDEX "payments_recorded_by_idx" ON "payments" USING btree ("recorded_by_user_id");--> statement-breakpoint
CREATE INDEX "payments_received_idx" ON "payments" USING btree ("received_on");--> statement-breakpoint
CREATE INDEX "attachments_operation_idx" ON "attachments" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "attachments_plan_idx" ON "attachments" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "attachments_uploaded_by_idx" ON "attachments" USING btree ("uploaded_by_user_id");--> statement-breakpoint
CREATE INDEX "due_date_assignments_operation_idx" ON "due_date_assignments" USING btree ("operation_id","created_at");--> statement-breakpoint
CREATE INDEX "due_date_assignments_due_idx" ON "due_date_assignments" USING btree ("due_on");--> statement-breakpoint
CREATE INDEX "due_date_assignments_assigned_by_idx" ON "due_date_assignments" USING btree ("assigned_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_event_address_idx" ON "email_outbox" USING btree ("event_key","to_address");--> statement-breakpoint
CREATE INDEX "email_outbox_status_next_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_outbox_to_user_idx" ON "email_outbox" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "audit_events_occurred_idx" ON "audit_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_tokens_email_idx" ON "auth_tokens" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "auth_tokens_county_idx" ON "auth_tokens" USING btree ("county_fips");--> statement-breakpoint
CREATE INDEX "auth_tokens_created_by_idx" ON "auth_tokens" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_email_idx" ON "sign_in_attempts" USING btree ("email","attempted_at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_ip_idx" ON "sign_in_attempts" USING btree ("ip_address","attempted_at");--> statement-breakpoint
CREATE INDEX "calendar_feeds_user_idx" ON "calendar_feeds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parameter_values_key_from_idx" ON "parameter_values" USING btree ("key","effective_from");--> statement-breakpoint
CREATE INDEX "parameter_values_set_by_idx" ON "parameter_values" USING btree ("set_by_user_id");--> statement-breakpoint
CREATE INDEX "reminders_sent_due_idx" ON "reminders_sent" USING btree ("due_on");