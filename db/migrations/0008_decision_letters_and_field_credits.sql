CREATE SEQUENCE "public"."plan_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "field_offices" ADD COLUMN "mailing_address" text;--> statement-breakpoint
ALTER TABLE "field_offices" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "plan_fields" ADD COLUMN "legume_credit_lb_per_acre" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "plan_fields" ADD COLUMN "commercial_n_lb_per_acre" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "plan_fields" ADD COLUMN "carryover_credit_lb_per_acre" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "reference_number" text DEFAULT ('MMP-' || lpad(nextval('plan_reference_seq')::text, 6, '0')) NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_reference_number_unique" UNIQUE("reference_number");--> statement-breakpoint
-- Hand-written: the field offices' contacts as the department lists them publicly; an administrator
-- corrects them in the portal (Admin > Decision letters).
UPDATE "field_offices" SET "mailing_address" = '909 West Main Street, Suite 4' || chr(10) || 'Manchester, IA 52057', "phone" = '563-927-2640' WHERE "id" = 1;--> statement-breakpoint
UPDATE "field_offices" SET "mailing_address" = '2300 15th Street SW' || chr(10) || 'Mason City, IA 50401', "phone" = '641-424-4073' WHERE "id" = 2;--> statement-breakpoint
UPDATE "field_offices" SET "mailing_address" = '1900 North Grand Avenue, Gateway North Mall' || chr(10) || 'Spencer, IA 51301', "phone" = '712-262-4177' WHERE "id" = 3;--> statement-breakpoint
UPDATE "field_offices" SET "mailing_address" = '1401 Sunnyside Lane' || chr(10) || 'Atlantic, IA 50022', "phone" = '712-243-1934' WHERE "id" = 4;--> statement-breakpoint
UPDATE "field_offices" SET "mailing_address" = '7900 Hickman Road, Suite 200' || chr(10) || 'Windsor Heights, IA 50324', "phone" = '515-725-0268' WHERE "id" = 5;--> statement-breakpoint
UPDATE "field_offices" SET "mailing_address" = '1023 West Madison Street' || chr(10) || 'Washington, IA 52353', "phone" = '319-653-2135' WHERE "id" = 6;
