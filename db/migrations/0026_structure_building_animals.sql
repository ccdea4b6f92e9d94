ALTER TABLE "operation_structures" ADD COLUMN "animal_category" "animal_category";--> statement-breakpoint
ALTER TABLE "operation_structures" ADD COLUMN "head_at_capacity" integer;--> statement-breakpoint
ALTER TABLE "operation_structures" ADD CONSTRAINT "operation_structures_head" CHECK ("operation_structures"."head_at_capacity" is null or "operation_structures"."head_at_capacity" >= 0);