CREATE TYPE "public"."yield_unit" AS ENUM('bu', 'tons');--> statement-breakpoint
ALTER TYPE "public"."import_file_kind" ADD VALUE 'county_yields';--> statement-breakpoint
CREATE TABLE "county_crop_yields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"county_fips" text NOT NULL,
	"crop" text NOT NULL,
	"yield" double precision NOT NULL,
	"unit" "yield_unit" NOT NULL,
	"years" text NOT NULL,
	"source" text NOT NULL,
	"effective_from" date NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"import_run_id" uuid,
	"recorded_by_user_id" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "county_crop_yields_yield_range" CHECK ("county_crop_yields"."yield" > 0 and "county_crop_yields"."yield" <= 500)
);
--> statement-breakpoint
CREATE TABLE "crop_nutrient_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"crop" text NOT NULL,
	"label" text NOT NULL,
	"yield_unit" "yield_unit" NOT NULL,
	"n_lb_per_yield_unit" double precision,
	"p2o5_lb_per_yield_unit" double precision,
	"source" text NOT NULL,
	"effective_from" date NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"recorded_by_user_id" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crop_nutrient_factors_n_range" CHECK ("crop_nutrient_factors"."n_lb_per_yield_unit" is null or ("crop_nutrient_factors"."n_lb_per_yield_unit" >= 0 and "crop_nutrient_factors"."n_lb_per_yield_unit" <= 5)),
	CONSTRAINT "crop_nutrient_factors_p2o5_range" CHECK ("crop_nutrient_factors"."p2o5_lb_per_yield_unit" is null or ("crop_nutrient_factors"."p2o5_lb_per_yield_unit" >= 0 and "crop_nutrient_factors"."p2o5_lb_per_yield_unit" <= 50))
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "options" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "county_crop_yields" ADD CONSTRAINT "county_crop_yields_county_fips_counties_fips_fk" FOREIGN KEY ("county_fips") REFERENCES "public"."counties"("fips") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "county_crop_yields" ADD CONSTRAINT "county_crop_yields_import_run_id_import_runs_id_fk" FOREIGN KEY ("import_run_id") REFERENCES "public"."import_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "county_crop_yields" ADD CONSTRAINT "county_crop_yields_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_nutrient_factors" ADD CONSTRAINT "crop_nutrient_factors_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "county_crop_yields_key_idx" ON "county_crop_yields" USING btree ("county_fips","crop","effective_from");--> statement-breakpoint
CREATE INDEX "county_crop_yields_run_idx" ON "county_crop_yields" USING btree ("import_run_id");--> statement-breakpoint
CREATE INDEX "county_crop_yields_recorded_by_idx" ON "county_crop_yields" USING btree ("recorded_by_user_id");--> statement-breakpoint
CREATE INDEX "crop_nutrient_factors_crop_idx" ON "crop_nutrient_factors" USING btree ("crop","effective_from");--> statement-breakpoint
CREATE INDEX "crop_nutrient_factors_recorded_by_idx" ON "crop_nutrient_factors" USING btree ("recorded_by_user_id");