CREATE TABLE "email_opt_outs" (
	"address" text NOT NULL,
	"list_kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_opt_outs_address_list_kind_pk" PRIMARY KEY("address","list_kind")
);
--> statement-breakpoint
ALTER TABLE "field_offices" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attempt_log" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "list_kind" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "deadline_notices" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "county_notices" boolean DEFAULT true NOT NULL;