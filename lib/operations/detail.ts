import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { animalInventory, counties, dueDateAssignments, manureStorageStructures, operations, ownerships, parties, plans } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { operationScope, planScope } from '@/lib/auth/scopes';
import { notFoundError } from '@/lib/errors';
import { deadlineOf } from '@/lib/deadlines';
import { manureRemovalAnswer, manureRemovalFactsSql } from '@/lib/plans/in-force';
import { animalUnitBreakdown, mmpRequirementFor, safoFor, safoInForce } from './facts';
import { newOwnerObligation, newOwnerSql } from './new-owner';
import { isUuid } from '@/lib/ids';
import { OPEN_STATUSES } from '@/db/schema/codes';

/** One operation the actor may see, with what its page shows. NOT_FOUND outside the actor's scope. */
export async function getOperationForActor(actor: Actor, operationId: string, today: string) {
  if (!isUuid(operationId)) throw notFoundError();
  const db = await getDb();
  const [row] = await db
    .select({
      op: operations,
      countyName: counties.name,
      removalFacts: manureRemovalFactsSql(operations.id),
      newOwner: newOwnerSql(operations.id),
    })
    .from(operations)
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .where(and(eq(operations.id, operationId), operationScope(actor)));
  if (!row) throw notFoundError();
  const op = row.op;
  const [inventory, storage, owners, planRows, due, contractor] = await Promise.all([
    db.select().from(animalInventory).where(eq(animalInventory.operationId, operationId)),
    db.select().from(manureStorageStructures).where(eq(manureStorageStructures.operationId, operationId)).orderBy(asc(manureStorageStructures.name)),
    db
      .select({ ownerId: ownerships.ownerId, name: parties.name, mailingAddress: parties.mailingAddress, acquiredOn: ownerships.acquiredOn, releasedOn: ownerships.releasedOn })
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
  ]);
  const au = animalUnitBreakdown(inventory.map((i) => ({ category: i.category, head: i.headAtCapacity })));
  const current = owners.find((o) => o.releasedOn === null) ?? null;
  const newOwner = row.newOwner
    ? newOwnerObligation({ acquiredOn: row.newOwner.acquiredOn, decided: row.newOwner.decided, animalUnitCapacity: au.total, constructedOn: op.constructedOn, lastExpandedOn: op.lastExpandedOn, researchCollege: op.researchCollege }, today)
    : null;
  const hasApproved = Boolean(row.removalFacts.approved);
  const electionInForce = safoInForce(op);
  // IAC 567-65.110(1)"d": until a new owner files the original plan, that plan is all they owe; no update is due.
  const nextDeadline = due[0] && !electionInForce && !newOwner?.due ? deadlineOf('annual_update', due[0].dueOn, today) : null;
  const open = planRows.find((p) => (OPEN_STATUSES as readonly string[]).includes(p.status)) ?? null;
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
    // IAC 567-65.110(1)"e"(2): an elected SAFO files no updated MMP while the election is in force.
    nextDue: due[0] && nextDeadline ? { ...due[0], deadline: nextDeadline, daysLeft: nextDeadline.daysLeft ?? 0 } : null,
    requirement: mmpRequirementFor({ animalUnitCapacity: au.total, constructedOn: op.constructedOn, lastExpandedOn: op.lastExpandedOn, constructionPermitStatus: op.constructionPermitStatus, researchCollege: op.researchCollege }),
    safo: { inForce: electionInForce, electedOn: op.safoElectedOn, endedOn: op.safoEndedOn, endReason: op.safoEndReason, rule: safoFor(au.total, op.peakAnimalUnitsHoused) },
    /** IAC 567-65.110(1)"d": a new owner who owes an original plan and has not filed it: the rule's last day and the moved day. */
    newOwner: newOwner?.due ? { acquiredOn: newOwner.acquiredOn, dueOn: newOwner.due.lastDay, daysLeft: newOwner.due.daysLeft, due: newOwner.due, requirement: newOwner.requirement } : null,
    /** A new owner of an operation that need not have an MMP: none owed, and why. */
    newOwnerNotOwed: newOwner && !newOwner.due ? { acquiredOn: newOwner.acquiredOn, requirement: newOwner.requirement } : null,
    manureRemoval: manureRemovalAnswer(row.removalFacts, today),
  };
}

export type OperationDetail = Awaited<ReturnType<typeof getOperationForActor>>;

/** Active contractors (Iowa Code 202.1) an owner can name on the form. */
export async function listContractorOptions(): Promise<{ value: string; label: string }[]> {
  const db = await getDb();
  const rows = await db.select({ id: parties.id, name: parties.name }).from(parties).where(eq(parties.isActiveContractor, true)).orderBy(asc(parties.name));
  return rows.map((r) => ({ value: r.id, label: r.name }));
}
