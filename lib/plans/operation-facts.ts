import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { animalInventory, operations, ownerships, parties } from '@/db/schema';
import { notFoundError } from '@/lib/errors';
import { safoInForce } from '@/lib/operations/facts';
import { animalUnitCapacity, type AnimalCategory } from '@/lib/rules';

export type OperationFactsForPlan = {
  operation: typeof operations.$inferSelect;
  animalUnitCapacity: number;
  owner: { partyId: string; name: string; email: string | null; phone: string | null } | null;
  safoInForce: boolean;
  /**
   * IAC 567-65.110(2): a proposed operation (not yet built), or an expansion not yet built at an existing site
   * (a new structure, 65.110(1)"b"(2)), that needs no construction permit.
   */
  designStatementApplies: boolean;
  /** The day the proposed construction (new site or expansion) is recorded to begin, if any. */
  proposedConstructionOn: string | null;
};

/** What a plan needs to know about its operation: capacity, current owner, SAFO, permit path. */
export async function loadOperationFacts(db: Executor, operationId: string, today: string): Promise<OperationFactsForPlan> {
  const [row] = await db
    .select({ operation: operations, partyId: parties.id, name: parties.name, email: parties.email, phone: parties.phone })
    .from(operations)
    .leftJoin(ownerships, and(eq(ownerships.operationId, operations.id), isNull(ownerships.releasedOn)))
    .leftJoin(parties, eq(parties.id, ownerships.ownerId))
    .where(eq(operations.id, operationId));
  if (!row) throw notFoundError();
  const inventory = await db.select().from(animalInventory).where(eq(animalInventory.operationId, operationId));
  const heads: Partial<Record<AnimalCategory, number>> = {};
  for (const i of inventory) heads[i.category] = i.headAtCapacity;
  const op = row.operation;
  const proposed = !op.constructedOn || op.constructedOn > today;
  // An expansion recorded for a day after today is construction still to begin at an existing site.
  const expansion = Boolean(op.lastExpandedOn && op.lastExpandedOn > today);
  return {
    operation: op,
    animalUnitCapacity: animalUnitCapacity(heads),
    owner: row.partyId ? { partyId: row.partyId, name: row.name ?? '', email: row.email, phone: row.phone } : null,
    safoInForce: safoInForce(op),
    designStatementApplies: (proposed || expansion) && op.constructionPermitStatus === 'not_required',
    proposedConstructionOn: proposed ? op.constructedOn : expansion ? op.lastExpandedOn : null,
  };
}
