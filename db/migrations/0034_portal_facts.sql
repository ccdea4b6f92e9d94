CREATE TABLE "portal_facts" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
