import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { operations, ownershipTransfers, parties, planSubmissions, plans } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { recordAudit } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { listOperationSummaries, type OperationSummary } from '@/lib/operations/queries';
import type { PlanDraft } from '@/lib/plans/document';
import { saveDraft } from '@/lib/plans/drafts';
import { feePreview } from '@/lib/plans/fees';
import { startPlan } from '@/lib/plans/start';
import { submitPlan } from '@/lib/plans/submit';
import { checkSigningCredentials, isSigningRefusal, signingCapacity, verifySigningCredentials, type VerifiedCredentials } from '@/lib/signing/ceremony';
import { listPortfolioOwners } from './owners';

// "No change" annual updates (IAC 567-65.110(3)"b"(3): a statement that the approved plan has not
// changed) filed for one or many operations. Each operation is its own submission, through the same
// start -> save -> submit path as the plan form, with its own idempotency key, receipt and fee; one
// that cannot be filed is named with the reason and the others are filed.

export type NoChangeCandidate = {
  operationId: string;
  name: string;
  facilityId: string | null;
  countyName: string;
  animalUnitCapacity: number;
  /** The annual compliance fee this statement bills (IAC 567-65.110(3)"c"), and who pays it. */
  fee: { cents: number; payer: 'owner' | 'active_contractor'; payerName: string; citation: string } | null;
  feeNote: string | null;
  /** Why it cannot be filed as a no-change update, or null. */
  refusal: string | null;
};

// The statement is signed like a plan: by the owner of record, or by someone the owner names.
const NOT_NAMED = 'You may not sign for it: its owner signs the statement, or names you as a signatory on the operation’s page.';

function refusalOf(o: OperationSummary, pendingTransfer: boolean, contractorMissing: boolean): string | null {
  // IAC 567-65.110(1)"e"(2): no updated MMP is filed while a SAFO election is in force.
  if (o.safoInForce) return 'It is an elected SAFO: no annual update is filed while the election is in force (IAC 567-65.110(1)“e”(2)).';
  if (pendingTransfer) return 'An ownership transfer request is pending: the department decides it before an update is filed for the operation (IAC 567-65.110(1)“d”).';
  if (o.newOwner?.due) return 'Its new owner owes an original plan (IAC 567-65.110(1)“d”), not an annual update.';
  if (!o.hasApprovedPlan) return 'It has no approved plan for a “no change” statement to refer to.';
  if (o.latestPlanStatus !== 'approved') return 'Another plan for it is in progress or under review; finish that first.';
  // Iowa Code ch. 202: the active contractor pays a contract producer's compliance fee; the update cannot bill it without one.
  if (contractorMissing) return 'It is a contract producer with no active contractor on record: name the contractor, who pays the annual compliance fee (Iowa Code ch. 202), then file.';
  return null;
}

/** The summary a filer reviews before filing: each operation, its AU, its fee and payer, or why it cannot be filed. */
export async function previewNoChange(actor: Actor, operationIds: string[], today: string): Promise<NoChangeCandidate[]> {
  if (!operationIds.length) return [];
  const ops = await listOperationSummaries(actor, today, inArray(operations.id, operationIds));
  if (!ops.length) return [];
  const db = await getDb();
  const ids = ops.map((o) => o.id);
  const [details, transfers] = await Promise.all([
    db.select({ id: operations.id, contractProducer: operations.contractProducer, contractorId: operations.activeContractorId, contractorName: parties.name }).from(operations).leftJoin(parties, eq(parties.id, operations.activeContractorId)).where(inArray(operations.id, ids)),
    db.select({ operationId: ownershipTransfers.operationId }).from(ownershipTransfers).where(and(inArray(ownershipTransfers.operationId, ids), eq(ownershipTransfers.status, 'pending'))),
  ]);
  const owners = await listPortfolioOwners(ids);
  const capacities = await Promise.all(ids.map(async (id) => [id, await signingCapacity(db, actor.id, id)] as const));
  const mayNotSign = new Set(capacities.filter(([, c]) => !c).map(([id]) => id));
  const pending = new Set(transfers.map((t) => t.operationId));
  return ops.map((o) => {
    const d = details.find((x) => x.id === o.id)!;
    const preview = feePreview({ kind: 'annual_update', constructionPermitStatus: 'not_required', statedAnimalUnitCapacity: o.animalUnitCapacity, contractProducer: d.contractProducer, safoInForce: o.safoInForce });
    const line = preview.lines[0];
    return {
      operationId: o.id,
      name: o.name,
      facilityId: o.facilityId,
      countyName: o.countyName,
      animalUnitCapacity: o.animalUnitCapacity,
      fee: line ? { cents: line.cents, payer: line.payer, payerName: line.payer === 'active_contractor' ? (d.contractorName ?? 'the active contractor') : (owners.get(o.id) ?? 'the owner'), citation: line.citation } : null,
      feeNote: preview.note,
      refusal: refusalOf(o, pending.has(o.id), d.contractProducer && !d.contractorId) ?? (mayNotSign.has(o.id) ? NOT_NAMED : null),
    };
  });
}

export type FiledUpdate = { operationId: string; name: string; planId: string; submissionId: string; feeCents: number; replayed: boolean };
export type RefusedUpdate = { operationId: string; name: string; reason: string };

/**
 * Signs and files each certified operation's statement on its own; returns what was filed and what
 * was refused, by name. The signer gives their password and second-factor code once for the batch;
 * each statement is then signed only where they may sign for its operation.
 */
export async function fileNoChangeUpdates(
  actor: Actor,
  items: { operationId: string; idempotencyKey: string }[],
  ctx: { today: string; origin: string },
  signing: { password: string; code: string; certificationVersion: string; passkey?: string },
): Promise<{ filed: FiledUpdate[]; refused: RefusedUpdate[] }> {
  // The password and code are checked once, when the first statement is to be filed: a batch sent
  // again after a lost answer, all of it already filed, answers with what was filed and asks nothing.
  let credentials: VerifiedCredentials | null = null;
  const candidates = await previewNoChange(actor, items.map((i) => i.operationId), ctx.today);
  const filed: FiledUpdate[] = [];
  const refused: RefusedUpdate[] = [];
  for (const item of items) {
    const c = candidates.find((x) => x.operationId === item.operationId);
    // A retry of this very filing (same key, same operation, one the filer may act for) answers with
    // what was filed; a key already used for anything else is not taken as proof of filing.
    const done = c ? await findFiled(item.idempotencyKey) : null;
    if (done && done.operationId !== item.operationId) {
      refused.push({ operationId: item.operationId, name: c!.name, reason: 'This filing’s key was already used for another filing. Reload the page and file again.' });
      continue;
    }
    if (done) {
      filed.push({ operationId: item.operationId, name: c?.name ?? 'Operation', planId: done.planId, submissionId: done.id, feeCents: c?.fee?.cents ?? 0, replayed: true });
      continue;
    }
    // Outside the filer's scope: named as not found, never described.
    if (!c) {
      refused.push({ operationId: item.operationId, name: 'An operation you cannot act for', reason: 'We can’t find that operation among those you may file for.' });
      continue;
    }
    if (c.refusal) {
      refused.push({ operationId: c.operationId, name: c.name, reason: c.refusal });
      continue;
    }
    // Outside the per-statement refusals: a wrong password or code refuses the whole batch, once.
    credentials ??= await verifyOnce(actor, signing);
    try {
      const result = await fileOne(actor, c, item.idempotencyKey, ctx, credentials);
      filed.push({ operationId: c.operationId, name: c.name, planId: result.planId, submissionId: result.submissionId, feeCents: c.fee?.cents ?? 0, replayed: result.replayed });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refused.push({ operationId: c.operationId, name: c.name, reason: err.message });
    }
  }
  return { filed, refused };
}

/** The batch's signing step: the password and code, checked once; a wrong one is counted toward the lock. */
async function verifyOnce(actor: Actor, signing: { password: string; code: string; certificationVersion: string; passkey?: string }): Promise<VerifiedCredentials> {
  const db = await getDb();
  const checked = await db.transaction((tx) => checkSigningCredentials(tx, actor, () => verifySigningCredentials(tx, actor, signing)));
  if (isSigningRefusal(checked)) throw checked.refused;
  return checked;
}

async function findFiled(idempotencyKey: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: planSubmissions.id, planId: planSubmissions.planId, operationId: plans.operationId })
    .from(planSubmissions)
    .innerJoin(plans, eq(plans.id, planSubmissions.planId))
    .where(eq(planSubmissions.idempotencyKey, idempotencyKey));
  return row ?? null;
}

async function fileOne(actor: Actor, c: NoChangeCandidate, idempotencyKey: string, ctx: { today: string; origin: string }, credentials: VerifiedCredentials) {
  const { planId, resumed } = await startPlan(actor, { operationId: c.operationId, kind: 'annual_update' }, ctx.today);
  try {
    const db = await getDb();
    const [plan] = await db.select({ version: plans.version, draftState: plans.draftState }).from(plans).where(eq(plans.id, planId));
    const draft = (plan!.draftState ?? {}) as PlanDraft;
    const saved = await saveDraft(actor, {
      planId,
      version: plan!.version,
      draft: { ...draft, update: { updateKind: 'no_change_statement', statedAnimalUnitCapacity: c.animalUnitCapacity, channel: 'electronic', noChangeConfirmed: true } },
    });
    return await submitPlan(actor, { planId, version: saved.version, idempotencyKey, signature: credentials }, ctx);
  } catch (err) {
    // A refused filing leaves nothing behind: the draft this filing started (never one the owner
    // had open) is withdrawn, so it does not block the next filing for the operation.
    if (!resumed) await discardStartedDraft(actor, planId);
    throw err;
  }
}

async function discardStartedDraft(actor: Actor, planId: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(plans)
      .set({ status: 'withdrawn', updatedAt: new Date() })
      .where(and(eq(plans.id, planId), eq(plans.status, 'draft')))
      .returning({ id: plans.id });
    if (row) await recordAudit(tx, { actorUserId: actor.id, action: 'plan.withdrawn', entityType: 'plan', entityId: planId, before: { status: 'draft' }, after: { status: 'withdrawn', reason: 'the no-change filing that started it was refused' } });
  });
}
