import 'server-only';
import { and, desc, eq, gte, isNotNull, ne } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { animalInventory, operations, ownerships, ownershipTransfers, parties, plans } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { indemnityFeeFor } from '@/lib/fees/indemnity';
import { deriveReviewClock } from '@/lib/plans/clock';
import { manureRemovalForOperation } from '@/lib/plans/in-force';
import { getPlanForActor } from '@/lib/plans/queries';
import { coverageFrom } from '@/lib/plans/receipts';
import type { AnimalCategory } from '@/lib/rules';
import { diffDocuments } from '@/lib/plans/document/diff';
import { loadFiledDocument } from '@/lib/plans/document/read-filed';
import type { PlanChange } from '@/lib/plans/document/types';
import { computeFigures } from './figures';
import { listDeficiencyCycles, listPlanAttachments, listPlanAudit, listPlanFees, listPlanNotices } from './review-history';
import { listPlanStatements } from '@/lib/statements/statements';
import { countyList } from '@/lib/reference/places';

// Everything the review page shows about one plan, read in the reviewer's scope.

async function previousApproved(planId: string, operationId: string, previousPlanId: string | null) {
  if (previousPlanId) return previousPlanId;
  const db = await getDb();
  const [row] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.operationId, operationId), eq(plans.status, 'approved'), ne(plans.id, planId)))
    .orderBy(desc(plans.decidedOn), desc(plans.createdAt))
    .limit(1);
  return row?.id ?? null;
}

async function countyNamesOf(db: Executor, fips: string[]): Promise<Map<string, string>> {
  const wanted = new Set(fips);
  if (!wanted.size) return new Map();
  return new Map((await countyList(db)).filter((c) => wanted.has(c.fips)).map((c) => [c.fips, c.name]));
}

type OwnershipRow = { ownerId: string; acquiredOn: string; releasedOn: string | null; name: string; email: string | null; phone: string | null };

/** The operation's owners past and present, with the names of each (one statement for the owner and newOwnerOf). */
async function ownershipsOf(db: Executor, operationId: string): Promise<OwnershipRow[]> {
  return db
    .select({ ownerId: ownerships.ownerId, acquiredOn: ownerships.acquiredOn, releasedOn: ownerships.releasedOn, name: parties.name, email: parties.email, phone: parties.phone })
    .from(ownerships)
    .innerJoin(parties, eq(parties.id, ownerships.ownerId))
    .where(eq(ownerships.operationId, operationId));
}

async function newOwnerOf(db: Executor, operationId: string, rows: OwnershipRow[]) {
  const current = rows.find((r) => r.releasedOn === null);
  // IAC 567-65.110(1)"d" concerns an owner who took over from a previous one.
  if (!current || !rows.some((r) => r.releasedOn !== null)) return null;
  const [[filed], [transfer]] = await Promise.all([
    db
      .select({ id: plans.id })
      .from(plans)
      .where(and(eq(plans.operationId, operationId), eq(plans.kind, 'original'), isNotNull(plans.receivedOn), gte(plans.receivedOn, current.acquiredOn)))
      .limit(1),
    // The answer lib/rules gave when the transfer that made this owner was confirmed (lib/transfers).
    db
      .select({ required: ownershipTransfers.originalMmpRequired, dueOn: ownershipTransfers.originalMmpDueOn, citation: ownershipTransfers.requirementCitation, reason: ownershipTransfers.requirementReason })
      .from(ownershipTransfers)
      .where(and(eq(ownershipTransfers.operationId, operationId), eq(ownershipTransfers.status, 'confirmed'), eq(ownershipTransfers.claimantPartyId, current.ownerId), eq(ownershipTransfers.acquiredOn, current.acquiredOn)))
      .orderBy(desc(ownershipTransfers.decidedAt))
      .limit(1),
  ]);
  return { acquiredOn: current.acquiredOn, originalFiledSince: Boolean(filed), decided: transfer ?? null };
}

export async function getReviewView(actor: Actor, planId: string, today: string) {
  const view = await getPlanForActor(actor, planId);
  const { plan } = view;
  const db = await getDb();
  // Read in two rounds of statements at once, not one after another: a reviewer waits for the
  // slowest of each round, not for the sum of some thirty.
  const previousIdRead = previousApproved(planId, plan.operationId, plan.previousPlanId);
  const [[operation], inventoryRows, owners, filed, previousId, previous] = await Promise.all([
    db.select().from(operations).where(eq(operations.id, plan.operationId)),
    db.select().from(animalInventory).where(eq(animalInventory.operationId, plan.operationId)),
    ownershipsOf(db, plan.operationId),
    loadFiledDocument(db, planId),
    previousIdRead,
    previousIdRead.then((found) => (found ? loadFiledDocument(db, found) : null)),
  ]);
  if (!operation || !filed) throw new Error(`plan ${planId} lost its operation`);
  const current = owners.find((o) => o.releasedOn === null);
  const owner = current ? { name: current.name, email: current.email, phone: current.phone } : undefined;
  const inventory: Partial<Record<AnimalCategory, number>> = Object.fromEntries(inventoryRows.map((r) => [r.category, r.headAtCapacity]));
  const clock = deriveReviewClock(view.clock, today);
  const au = filed.animalUnitCapacity ?? plan.animalUnitCapacity ?? 0;
  // The figures read the reference values the plan was filed with, not today's.
  const { referenceTables } = filed;
  // Which counties have the plan, from the counties and receipts the plan's view has just read.
  const { coverage, covered } = coverageFrom(view.counties, view.receipts);
  const [countyNames, attachmentList, [fees, audit], cycles, notices, newOwner, manureRemoval, indemnity, statements] = await Promise.all([
    countyNamesOf(db, [...previous?.document.fields ?? [], ...filed.document.fields].map((f) => f.countyFips)),
    listPlanAttachments(db, planId),
    listPlanFees(db, planId).then(async (found) => [found, await listPlanAudit(db, planId, found.map((f) => f.id))] as const),
    listDeficiencyCycles(db, planId),
    listPlanNotices(db, planId),
    newOwnerOf(db, plan.operationId, owners),
    manureRemovalForOperation(db, plan.operationId),
    indemnityFeeFor(
      { animalUnitCapacity: au, constructedOn: operation.constructedOn, constructionPermit: operation.constructionPermitStatus !== 'not_required' },
      plan.receivedOn ?? today,
      db,
    ),
    listPlanStatements(db, planId),
  ]);
  // The same diff the owner certified, keyed by row id, over every part of the document.
  const diff: PlanChange[] | null = previous
    ? diffDocuments(previous.document, filed.document, { countyName: (f) => countyNames.get(f) ?? f, animalUnits: { before: previous.animalUnitCapacity, after: filed.animalUnitCapacity } })
    : null;
  const figures = computeFigures({
    today,
    plan: { kind: plan.kind, status: plan.status, animalUnitCapacity: plan.animalUnitCapacity },
    operation,
    inventory,
    filed,
    clock,
    newOwner,
    indemnity,
    manureRemoval,
    referenceTables,
  });
  return {
    ...view,
    operation,
    owner: owner ?? null,
    filed,
    statements,
    countyNames,
    previousPlanId: previousId,
    diff,
    clockState: clock,
    coverage,
    countiesCovered: covered,
    attachments: attachmentList,
    fees,
    cycles,
    notices,
    audit,
    figures,
    manureRemoval,
    referenceTables,
  };
}

export type ReviewView = Awaited<ReturnType<typeof getReviewView>>;
