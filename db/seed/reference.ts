import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { counties, fieldOffices } from '../schema';
import { FIELD_OFFICES, IOWA_COUNTIES } from './counties';

/** Counties and field offices: always present, safe to run again. */
export async function seedReference(db: Executor): Promise<void> {
  await db
    .insert(fieldOffices)
    .values(FIELD_OFFICES.map((o) => ({ ...o })))
    // An office's email the department has set is kept; a database from before the column gets one.
    .onConflictDoUpdate({ target: fieldOffices.id, set: { email: sql`coalesce(${fieldOffices.email}, excluded.email)` } });
  await db
    .insert(counties)
    .values(IOWA_COUNTIES.map((c) => ({ ...c })))
    .onConflictDoUpdate({ target: counties.fips, set: { name: sql`excluded.name` } });
}
