import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { counties, operations, ownerships, parties } from '@/db/schema';
import { operationScope, registeredOperation } from '@/lib/auth/scopes';
import type { Actor } from '@/lib/auth/roles';

/** The current owner's name of each operation (callers pass ids already read in their scope). */
export async function listPortfolioOwners(operationIds: string[]): Promise<Map<string, string>> {
  if (!operationIds.length) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ operationId: ownerships.operationId, name: parties.name })
    .from(ownerships)
    .innerJoin(parties, eq(parties.id, ownerships.ownerId))
    .where(and(inArray(ownerships.operationId, operationIds), isNull(ownerships.releasedOn)));
  return new Map(rows.map((r) => [r.operationId, r.name]));
}

/** The counties of the operations the actor may see, for the county filter: [fips, name], by name. */
export async function listPortfolioCounties(actor: Actor): Promise<[string, string][]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ fips: counties.fips, name: counties.name })
    .from(operations)
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .where(and(operationScope(actor), registeredOperation()))
    .orderBy(asc(counties.name));
  return rows.map((r) => [r.fips, r.name]);
}
