CREATE TYPE "public"."api_token_scope" AS ENUM('public', 'county', 'agency');--> statement-breakpoint
CREATE TYPE "public"."import_file_kind" AS ENUM('operations', 'owners', 'plan_history', 'unpaid_fees');--> statement-breakpoint
CREATE TYPE "public"."import_run_status" AS ENUM('checked', 'refused', 'applying', 'applied', 'failed');--> statement-breakpoint
CREATE TYPE "public"."owner_claim_channel" AS ENUM('email', 'letter');--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"scope" "api_token_scope" NOT NULL,
	"county_fips" text,
	"agency_counties" text[],
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by_user_id" uuid NOT NULL,
	"revoked_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "api_tokens_county_scope" CHECK (("api_tokens"."scope" = 'county') = ("api_tokens"."county_fips" is not null)),
	CONSTRAINT "api_tokens_agency_counties" CHECK ("api_tokens"."scope" = 'agency' or "api_tokens"."agency_counties" is null)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rate_limit_hits_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "import_file_kind" NOT NULL,
	"filename" text NOT NULL,
	"content" text NOT NULL,
	"status" "import_run_status" NOT NULL,
	"file_error" text,
	"summary" jsonb NOT NULL,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"uploaded_by_user_id" uuid NOT NULL,
	"applied_by_user_id" uuid,
	"applied_at" timestamp with time zone,
	"applied_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imported_plan_history" (
	"operation_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"last_approved_on" date NOT NULL,
	"next_due_on" date,
	"import_run_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" uuid NOT NULL,
	"channel" "owner_claim_channel" NOT NULL,
	"code_hash" text NOT NULL,
	"email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_user_id" uuid,
	"superseded_at" timestamp with time zone,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_claims_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "owner_claims_email_channel" CHECK ("owner_claims"."channel" <> 'email' or "owner_claims"."email" is not null)
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_county_fips_counties_fips_fk" FOREIGN KEY ("county_fips") REFERENCES "public"."counties"("fips") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_revoked_by_user_id_users_id_fk" FOREIGN KEY ("revoked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_applied_by_user_id_users_id_fk" FOREIGN KEY ("applied_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_plan_history" ADD CONSTRAINT "imported_plan_history_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_plan_history" ADD CONSTRAINT "imported_plan_history_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_plan_history" ADD CONSTRAINT "imported_plan_history_import_run_id_import_runs_id_fk" FOREIGN KEY ("import_run_id") REFERENCES "public"."import_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_claims" ADD CONSTRAINT "owner_claims_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_claims" ADD CONSTRAINT "owner_claims_used_by_user_id_users_id_fk" FOREIGN KEY ("used_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_claims" ADD CONSTRAINT "owner_claims_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_county_idx" ON "api_tokens" USING btree ("county_fips");--> statement-breakpoint
CREATE INDEX "api_tokens_created_by_idx" ON "api_tokens" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "api_tokens_revoked_by_idx" ON "api_tokens" USING btree ("revoked_by_user_id");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "import_runs_created_idx" ON "import_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "import_runs_uploaded_by_idx" ON "import_runs" USING btree ("uploaded_by_user_id");--> statement-breakpoint
CREATE INDEX "import_runs_applied_by_idx" ON "import_runs" USING btree ("applied_by_user_id");--> statement-breakpoint
CREATE INDEX "imported_plan_history_plan_idx" ON "imported_plan_history" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "imported_plan_history_run_idx" ON "imported_plan_history" USING btree ("import_run_id");--> statement-breakpoint
CREATE INDEX "owner_claims_party_idx" ON "owner_claims" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "owner_claims_used_by_idx" ON "owner_claims" USING btree ("used_by_user_id");--> statement-breakpoint
CREATE INDEX "owner_claims_created_by_idx" ON "owner_claims" USING btree ("created_by_user_id");