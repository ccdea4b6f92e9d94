import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { ownerships, parties } from '@/db/schema';

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
