CREATE TABLE "operation_filed_counties" (
	"county_fips" text NOT NULL,
	"operation_id" uuid NOT NULL,
	"relation" "county_relation" NOT NULL,
	CONSTRAINT "operation_filed_counties_county_fips_operation_id_relation_pk" PRIMARY KEY("county_fips","operation_id","relation")
);
--> statement-breakpoint
ALTER TABLE "operation_filed_counties" ADD CONSTRAINT "operation_filed_counties_county_fips_counties_fips_fk" FOREIGN KEY ("county_fips") REFERENCES "public"."counties"("fips") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_filed_counties" ADD CONSTRAINT "operation_filed_counties_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operation_filed_counties_operation_idx" ON "operation_filed_counties" USING btree ("operation_id");--> statement-breakpoint
-- operation_filed_counties follows plan_counties and plan status by itself: set-based statement
-- triggers (transition tables), so a bulk load pays one insert per statement, not per row.
CREATE OR REPLACE FUNCTION operation_filed_counties_on_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO operation_filed_counties (county_fips, operation_id, relation)
  SELECT DISTINCT n.county_fips, p.operation_id, n.relation FROM new_rows n JOIN plans p ON p.id = n.plan_id
  WHERE p.status <> 'draft'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER plan_counties_filed_on_insert AFTER INSERT ON plan_counties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION operation_filed_counties_on_insert();
--> statement-breakpoint
-- A county drops out only when no filed plan of the operation names it any more.
CREATE OR REPLACE FUNCTION operation_filed_counties_on_delete() RETURNS trigger AS $$
BEGIN
  DELETE FROM operation_filed_counties f
  USING (SELECT DISTINCT o.county_fips, p.operation_id, o.relation FROM old_rows o JOIN plans p ON p.id = o.plan_id) gone
  WHERE f.county_fips = gone.county_fips AND f.operation_id = gone.operation_id AND f.relation = gone.relation
    AND NOT EXISTS (SELECT 1 FROM plan_counties pc JOIN plans p2 ON p2.id = pc.plan_id
      WHERE p2.operation_id = f.operation_id AND pc.county_fips = f.county_fips AND pc.relation = f.relation AND p2.status <> 'draft');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER plan_counties_filed_on_delete AFTER DELETE ON plan_counties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION operation_filed_counties_on_delete();
--> statement-breakpoint
-- A draft becomes a filed plan: its counties now count.
CREATE OR REPLACE FUNCTION operation_filed_counties_on_filing() RETURNS trigger AS $$
BEGIN
  INSERT INTO operation_filed_counties (county_fips, operation_id, relation)
  SELECT DISTINCT pc.county_fips, n.operation_id, pc.relation
  FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN plan_counties pc ON pc.plan_id = n.id
  WHERE o.status = 'draft' AND n.status <> 'draft'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER plans_filed_counties_on_update AFTER UPDATE ON plans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION operation_filed_counties_on_filing();
--> statement-breakpoint
INSERT INTO operation_filed_counties (county_fips, operation_id, relation)
SELECT DISTINCT pc.county_fips, p.operation_id, pc.relation FROM plan_counties pc JOIN plans p ON p.id = pc.plan_id
WHERE p.status <> 'draft'
ON CONFLICT DO NOTHING;
