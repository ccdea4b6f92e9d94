ALTER TABLE "copies_of_record" ALTER COLUMN "plan_submission_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "copies_of_record" ADD COLUMN "statement_id" uuid;--> statement-breakpoint
ALTER TABLE "landowner_statements" ADD COLUMN "copy_token_hash" text;--> statement-breakpoint
ALTER TABLE "landowner_statements" ADD COLUMN "copy_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "copies_of_record" ADD CONSTRAINT "copies_of_record_statement_id_landowner_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."landowner_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copies_of_record" ADD CONSTRAINT "copies_of_record_statement_id_unique" UNIQUE("statement_id");--> statement-breakpoint
ALTER TABLE "landowner_statements" ADD CONSTRAINT "landowner_statements_copy_token_hash_unique" UNIQUE("copy_token_hash");--> statement-breakpoint
ALTER TABLE "copies_of_record" ADD CONSTRAINT "copies_of_record_of_one_record" CHECK (num_nonnulls("copies_of_record"."plan_submission_id", "copies_of_record"."statement_id") = 1);