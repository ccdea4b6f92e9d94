import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { counties, fieldOffices, operations, planCounties } from '@/db/schema';

export type CountyDirectoryRow = {
  fips: string;
  name: string;
  fieldOffice: string;
  operationsLocated: number;
  plansTouching: number;
};

/**
 * Public county directory: each county's field office and how many registered operations are
 * located in it and how many plans touch it. Counts only; no owner's details.
 */
export async function listCountyDirectory(db?: Executor): Promise<CountyDirectoryRow[]> {
  const q = db ?? (await getDb());
  const located = q
    .select({ fips: operations.countyFips, n: sql<number>`count(*)::int`.as('located_n') })
    .from(operations)
    .groupBy(operations.countyFips)
    .as('located');
  const touching = q
    .select({ fips: planCounties.countyFips, n: sql<number>`count(distinct ${planCounties.planId})::int`.as('touching_n') })
    .from(planCounties)
    .groupBy(planCounties.countyFips)
    .as('touching');
  return q
    .select({
      fips: counties.fips,
      name: counties.name,
      fieldOffice: fieldOffices.city,
      operationsLocated: sql<number>`coalesce(${located.n}, 0)`,
      plansTouching: sql<number>`coalesce(${touching.n}, 0)`,
    })
    .from(counties)
    .innerJoin(fieldOffices, eq(fieldOffices.id, counties.fieldOfficeId))
    .leftJoin(located, eq(located.fips, counties.fips))
    .leftJoin(touching, eq(touching.fips, counties.fips))
    .orderBy(asc(counties.name));
}

/** A county's name ('Sioux'), or null for an unknown code. */
export async function findCountyName(fips: string | null, db?: Executor): Promise<string | null> {
  if (!fips) return null;
  const q = db ?? (await getDb());
  const [row] = await q.select({ name: counties.name }).from(counties).where(eq(counties.fips, fips)).limit(1);
  return row?.name ?? null;
}
