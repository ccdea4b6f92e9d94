import 'server-only';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { operations, ownerships, parties, plans, users } from '@/db/schema';
import type { EmailRecipient } from '@/lib/notifications/outbox';

export type PlanPeople = {
  ownerName: string;
  /** The owner (party address and its accounts) and whoever submitted the plan for them. */
  owner: EmailRecipient[];
  /** Iowa Code ch. 202: the active contractor of a contract producer, who pays its compliance fee. */
  contractor: EmailRecipient[];
};

/** Who hears about a plan's completeness and decision. */
export async function planPeople(tx: Executor, planId: string): Promise<PlanPeople> {
  const [row] = await tx
    .select({
      ownerPartyId: parties.id,
      ownerName: parties.name,
      ownerEmail: parties.email,
      contractorId: operations.activeContractorId,
      submittedBy: plans.submittedByUserId,
    })
    .from(plans)
    .innerJoin(operations, eq(operations.id, plans.operationId))
    .leftJoin(ownerships, and(eq(ownerships.operationId, operations.id), isNull(ownerships.releasedOn)))
    .leftJoin(parties, eq(parties.id, ownerships.ownerId))
    .where(eq(plans.id, planId));
  if (!row) return { ownerName: 'the owner', owner: [], contractor: [] };
  const partyIds = [row.ownerPartyId, row.contractorId].filter((x): x is string => Boolean(x));
  const who = [partyIds.length ? inArray(users.partyId, partyIds) : undefined, row.submittedBy ? eq(users.id, row.submittedBy) : undefined].filter(Boolean);
  const accounts = who.length
    ? await tx
        .select({ id: users.id, email: users.email, partyId: users.partyId })
        .from(users)
        .where(and(isNull(users.disabledAt), or(...who)))
    : [];
  const contractorParty = row.contractorId
    ? (await tx.select({ email: parties.email }).from(parties).where(eq(parties.id, row.contractorId)))[0]
    : undefined;
  const owner: EmailRecipient[] = [];
  if (row.ownerEmail) owner.push({ address: row.ownerEmail });
  const contractor: EmailRecipient[] = [];
  if (contractorParty?.email) contractor.push({ address: contractorParty.email });
  for (const a of accounts) {
    const r = { address: a.email, userId: a.id };
    if (a.partyId && a.partyId === row.contractorId) contractor.push(r);
    else owner.push(r);
  }
  return { ownerName: row.ownerName ?? 'the owner', owner, contractor };
}
