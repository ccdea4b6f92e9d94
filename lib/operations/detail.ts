import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { animalInventory, counties, dueDateAssignments, manureStorageStructures, operations, ownerships, ownershipTransfers, parties, plans } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { operationScope, planScope } from '@/lib/auth/scopes';
import { notFoundError } from '@/lib/errors';
import { daysBetween, manureRemovalAllowed } from '@/lib/rules';
import { animalUnitBreakdown, mmpRequirementFor, safoFor, safoInForce } from './facts';

/** One operation the actor may see, with what its page shows. NOT_FOUND outside the actor's scope. */
export async function getOperationForActor(actor: Actor, operationId: string, today: string) {
  if (!/^[0-9a-f-]{36}$/i.test(operationId)) throw notFoundError();
  const db = await getDb();
  const [row] = await db
    .select({ op: operations, countyName: counties.name })
    .from(operations)
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .where(and(eq(operations.id, operationId), operationScope(actor)));
  if (!row) throw notFoundError();
  const op = row.op;
  const [inventory, storage, owners, planRows, due, contractor, transfers] = await Promise.all([
    db.select().from(animalInventory).where(eq(animalInventory.operationId, operationId)),
    db.select().from(manureStorageStructures).where(eq(manureStorageStructures.operationId, operationId)).orderBy(asc(manureStorageStructures.name)),
    db
      .select({ ownerId: ownerships.ownerId, name: parties.name, acquiredOn: ownerships.acquiredOn, releasedOn: ownerships.releasedOn })
      .from(ownerships)
      .innerJoin(parties, eq(parties.id, ownerships.ownerId))
      .where(eq(ownerships.operationId, operationId))
      .orderBy(desc(ownerships.acquiredOn)),
    db
      .select({ id: plans.id, kind: plans.kind, updateKind: plans.updateKind, status: plans.status, channel: plans.channel, receivedOn: plans.receivedOn, decidedOn: plans.decidedOn, createdAt: plans.createdAt })
      .from(plans)
      // The same scope as the plan pages these rows link to: no one sees a plan here they could not open.
      .where(and(eq(plans.operationId, operationId), planScope(actor)))
      .orderBy(sql`${plans.createdAt} desc, ${plans.receivedOn} desc nulls first`),
    db.select({ dueOn: dueDateAssignments.dueOn, reason: dueDateAssignments.reason }).from(dueDateAssignments).where(eq(dueDateAssignments.operationId, operationId)).orderBy(desc(dueDateAssignments.createdAt)).limit(1),
    op.activeContractorId ? db.select({ name: parties.name }).from(parties).where(eq(parties.id, op.activeContractorId)) : Promise.resolve([]),
    // The confirmed transfer that made the current owner the owner holds its new-owner due date.
    db
      .select({ claimantPartyId: ownershipTransfers.claimantPartyId, acquiredOn: ownershipTransfers.acquiredOn, dueOn: ownershipTransfers.originalMmpDueOn })
      .from(ownershipTransfers)
      .where(and(eq(ownershipTransfers.operationId, operationId), eq(ownershipTransfers.status, 'confirmed')))
      .orderBy(desc(ownershipTransfers.decidedAt))
      .limit(1),
  ]);
  const au = animalUnitBreakdown(inventory.map((i) => ({ category: i.category, head: i.headAtCapacity })));
  const current = owners.find((o) => o.releasedOn === null) ?? null;
  const ownOriginalFiled = planRows.some((p) => p.kind === 'original' && p.receivedOn !== null && current !== null && p.receivedOn >= current.acquiredOn);
  // IAC 567-65.110(1)"d": the due date lib/rules gave when the transfer was confirmed (none when no
  // original MMP is owed), until the new owner files their own original plan.
  const transfer = transfers[0];
  const byTransfer = transfer && current && transfer.claimantPartyId === current.ownerId && transfer.acquiredOn === current.acquiredOn;
  const newOwnerAcquiredOn = byTransfer && transfer.dueOn && !ownOriginalFiled ? current.acquiredOn : null;
  const newOwnerDueOn = newOwnerAcquiredOn ? transfer!.dueOn : null;
  const hasApproved = planRows.some((p) => p.status === 'approved');
  const open = planRows.find((p) => ['draft', 'submitted', 'incomplete', 'under_review', 'disapproved'].includes(p.status)) ?? null;
  return {
    operation: op,
    countyName: row.countyName,
    inventory: au,
    storage,
    owners,
    currentOwner: current,
    contractorName: contractor[0]?.name ?? null,
    plans: planRows,
    openPlan: open,
    hasApprovedPlan: hasApproved,
    nextDue: due[0] ? { ...due[0], daysLeft: daysBetween(today, due[0].dueOn) } : null,
    requirement: mmpRequirementFor({ animalUnitCapacity: au.total, constructedOn: op.constructedOn, lastExpandedOn: op.lastExpandedOn, constructionPermitStatus: op.constructionPermitStatus, researchCollege: op.researchCollege }),
    safo: { inForce: safoInForce(op), electedOn: op.safoElectedOn, endedOn: op.safoEndedOn, endReason: op.safoEndReason, rule: safoFor(au.total, op.peakAnimalUnitsHoused) },
    newOwner: newOwnerDueOn ? { acquiredOn: newOwnerAcquiredOn!, dueOn: newOwnerDueOn, daysLeft: daysBetween(today, newOwnerDueOn) } : null,
    manureRemovalAllowed: manureRemovalAllowed(hasApproved ? 'approved' : (open?.status ?? 'none')),
  };
}

export type OperationDetail = Awaited<ReturnType<typeof getOperationForActor>>;

/** Active contractors (Iowa Code 202.1) an owner can name on the form. */
export async function listContractorOptions(): Promise<{ value: string; label: string }[]> {
  const db = await getDb();
  const rows = await db.select({ id: parties.id, name: parties.name }).from(parties).where(eq(parties.isActiveContractor, true)).orderBy(asc(parties.name));
  return rows.map((r) => ({ value: r.id, label: r.name }));
}
