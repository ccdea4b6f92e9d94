-- The plan document is the only record of a plan's content: the submission's frozen snapshot (and,
-- while it is edited, the draft). The tables the filing service used to copy each submission into
-- (plan_fields, land_agreements, stockpile_sites) go. Every plan the portal filed has its snapshot,
-- which holds the same rows; a filed plan whose rows were only in these tables would lose them, so
-- the migration stops and names how many rather than drop them.
DO $$
DECLARE orphaned integer;
BEGIN
  SELECT count(*) INTO orphaned FROM "plans" p
  WHERE p."status" <> 'draft'
    AND NOT EXISTS (SELECT 1 FROM "plan_submissions" s WHERE s."plan_id" = p."id")
    AND (EXISTS (SELECT 1 FROM "plan_fields" f WHERE f."plan_id" = p."id")
      OR EXISTS (SELECT 1 FROM "land_agreements" a WHERE a."plan_id" = p."id")
      OR EXISTS (SELECT 1 FROM "stockpile_sites" t WHERE t."plan_id" = p."id"));
  IF orphaned > 0 THEN
    RAISE EXCEPTION '% filed plan(s) hold fields, agreements or stockpiles only in plan_fields, land_agreements or stockpile_sites, with no frozen submission: file them again or export those rows before this migration drops the tables', orphaned;
  END IF;
END $$;--> statement-breakpoint
DROP TABLE "land_agreements" CASCADE;--> statement-breakpoint
DROP TABLE "plan_fields" CASCADE;--> statement-breakpoint
DROP TABLE "stockpile_sites" CASCADE;--> statement-breakpoint
ALTER TABLE "plan_submissions" ADD COLUMN "snapshot_as_stored" jsonb;