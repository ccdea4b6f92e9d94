CREATE TYPE "public"."manure_amount_unit" AS ENUM('thousand_gallons', 'tons');--> statement-breakpoint
CREATE TYPE "public"."manure_application_method" AS ENUM('injected', 'incorporated', 'surface_applied', 'irrigation');--> statement-breakpoint
CREATE TABLE "application_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"field_key" text,
	"field_name" text NOT NULL,
	"crop_year" integer NOT NULL,
	"applied_on" date NOT NULL,
	"method" "manure_application_method" NOT NULL,
	"amount_applied" numeric(14, 2) NOT NULL,
	"amount_unit" "manure_amount_unit" NOT NULL,
	"acres" numeric(10, 2) NOT NULL,
	"rate_per_acre" numeric(14, 2) NOT NULL,
	"applicator_name" text NOT NULL,
	"applicator_certification" text,
	"weather_day_before" text NOT NULL,
	"weather_day_of" text NOT NULL,
	"weather_day_after" text NOT NULL,
	"commercial_n_lb_per_acre" numeric(8, 2),
	"commercial_p2o5_lb_per_acre" numeric(8, 2),
	"source" text DEFAULT 'form' NOT NULL,
	"recorded_by_user_id" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_records_acres_positive" CHECK ("application_records"."acres" > 0),
	CONSTRAINT "application_records_amount_positive" CHECK ("application_records"."amount_applied" > 0),
	CONSTRAINT "application_records_source" CHECK ("application_records"."source" in ('form', 'csv'))
);
--> statement-breakpoint
ALTER TABLE "application_records" ADD CONSTRAINT "application_records_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_records" ADD CONSTRAINT "application_records_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_records_operation_season_idx" ON "application_records" USING btree ("operation_id","crop_year","applied_on");