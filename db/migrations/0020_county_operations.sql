CREATE TABLE "county_operations" (
	"county_fips" text NOT NULL,
	"operation_id" uuid NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "county_operations_county_fips_operation_id_pk" PRIMARY KEY("county_fips","operation_id")
);
--> statement-breakpoint
ALTER TABLE "county_operations" ADD CONSTRAINT "county_operations_county_fips_counties_fips_fk" FOREIGN KEY ("county_fips") REFERENCES "public"."counties"("fips") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "county_operations" ADD CONSTRAINT "county_operations_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "county_operations_list_idx" ON "county_operations" USING btree ("county_fips","name","operation_id");--> statement-breakpoint
CREATE INDEX "county_operations_operation_idx" ON "county_operations" USING btree ("operation_id");--> statement-breakpoint
-- county_operations follows operations and operation_filed_counties by itself. One function
-- recomputes the rows of the operations a statement touched: a registered operation belongs to the
-- county it is located in and to every county its filed plans name; anything else is removed.
-- Set-based statement triggers (transition tables), as for operation_filed_counties.
CREATE OR REPLACE FUNCTION county_operations_refresh(ids uuid[]) RETURNS void AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM county_operations c WHERE c.operation_id = ANY(ids) AND NOT EXISTS (
    SELECT 1 FROM operations o WHERE o.id = c.operation_id AND o.registration_status = 'registered'
      AND (o.county_fips = c.county_fips OR EXISTS (SELECT 1 FROM operation_filed_counties f
        WHERE f.operation_id = o.id AND f.county_fips = c.county_fips)));
  INSERT INTO county_operations (county_fips, operation_id, name)
  SELECT x.county_fips, o.id, o.name FROM operations o
  CROSS JOIN LATERAL (SELECT o.county_fips UNION SELECT f.county_fips FROM operation_filed_counties f WHERE f.operation_id = o.id) x
  WHERE o.id = ANY(ids) AND o.registration_status = 'registered'
  ON CONFLICT (county_fips, operation_id) DO UPDATE SET name = excluded.name WHERE county_operations.name IS DISTINCT FROM excluded.name;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION county_operations_on_operation_insert() RETURNS trigger AS $$
BEGIN
  PERFORM county_operations_refresh(ARRAY(SELECT n.id FROM new_rows n));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER operations_county_operations_on_insert AFTER INSERT ON operations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION county_operations_on_operation_insert();
--> statement-breakpoint
-- Only a change of name, county or registration moves an operation's rows.
CREATE OR REPLACE FUNCTION county_operations_on_operation_update() RETURNS trigger AS $$
BEGIN
  PERFORM county_operations_refresh(ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.name IS DISTINCT FROM o.name OR n.county_fips IS DISTINCT FROM o.county_fips
      OR n.registration_status IS DISTINCT FROM o.registration_status));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER operations_county_operations_on_update AFTER UPDATE ON operations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION county_operations_on_operation_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION county_operations_on_filed_insert() RETURNS trigger AS $$
BEGIN
  PERFORM county_operations_refresh(ARRAY(SELECT DISTINCT n.operation_id FROM new_rows n));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER operation_filed_counties_county_operations_on_insert AFTER INSERT ON operation_filed_counties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION county_operations_on_filed_insert();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION county_operations_on_filed_delete() RETURNS trigger AS $$
BEGIN
  PERFORM county_operations_refresh(ARRAY(SELECT DISTINCT o.operation_id FROM old_rows o));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER operation_filed_counties_county_operations_on_delete AFTER DELETE ON operation_filed_counties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION county_operations_on_filed_delete();
--> statement-breakpoint
INSERT INTO county_operations (county_fips, operation_id, name)
SELECT x.county_fips, o.id, o.name FROM operations o
CROSS JOIN LATERAL (SELECT o.county_fips UNION SELECT f.county_fips FROM operation_filed_counties f WHERE f.operation_id = o.id) x
WHERE o.registration_status = 'registered'
ON CONFLICT DO NOTHING;
