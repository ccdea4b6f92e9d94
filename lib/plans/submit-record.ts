import { mayHappen, PLAN_TRANSITIONS } from './lifecycle';
import 'server-only';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { feeLines, planSignatures, planSubmissions, plans, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/roles';
import { notifyCountiesOfPlan } from '@/lib/counties/notify';
import { AppError } from '@/lib/errors';
import { indemnityFeeFor } from '@/lib/fees/indemnity';
import { enqueueEmail, type EmailRecipient } from '@/lib/notifications/outbox';
import type { CheckContext, CheckResult } from './completeness';
import { appendClockEvent } from './clock';
import { makeCopyOfRecord } from './copy-of-record';
import { contentOf } from './document/draft';
import { buildSnapshot } from './document/snapshot';
import { usedReferenceTables, type ReferenceTables } from './reference-tables';
import { constructionPermitApplies, feePreview, indemnityFeeLine, withIndemnity } from './fees';
import type { OperationFactsForPlan } from './operation-facts';
import type { Signer } from '@/lib/signing/ceremony';

/** What a submission answers: the plan, its submission, the day it counts as filed and its receipt number. */
export type SubmitResult = { planId: string; submissionId: string; submittedOn: string; confirmationNumber: string | null; replayed: boolean };

type PlanRow = typeof plans.$inferSelect;

type RecordInput = {
  actor: Actor;
  plan: PlanRow;
  facts: OperationFactsForPlan;
  checked: CheckResult;
  /** The check's context: the reference tables in force today are the ones frozen with the submission. */
  context: CheckContext & { previousPlanId: string | null; referenceTables: ReferenceTables };
  /** The signature the signing step verified (lib/signing/ceremony). */
  signer: Signer;
  idempotencyKey: string;
  today: string;
  origin: string;
};

/**
 * The filing receipt's confirmation number, MMP-<year filed>-<six digits> (MMP-2026-000123): from a
 * database sequence, so two submissions never share one; a number to quote, never a path to anything.
 */
function confirmationNumberSql(today: string) {
  return sql<string>`'MMP-' || ${today.slice(0, 4)} || '-' || lpad(nextval('submission_confirmation_seq')::text, 6, '0')`;
}

/** The writes of a submission once its document is checked and signed; runs in the submission's transaction. */
export async function recordSubmission(tx: Executor, r: RecordInput): Promise<SubmitResult> {
  const { plan, facts, checked, actor, today } = r;
  const doc = checked.document!;
  const op = facts.operation;
  const isUpdate = plan.kind === 'annual_update';
  const channel = isUpdate ? checked.update!.channel : 'electronic';
  const updateKind = isUpdate ? checked.update!.updateKind : null;
  const animalUnits = isUpdate ? checked.update!.statedAnimalUnitCapacity : facts.animalUnitCapacity;
  // IAC 567-65.110(6): the indemnity fee goes with the original MMP, unless exempt or suspended.
  const indemnity = isUpdate
    ? null
    : await indemnityFeeFor({ animalUnitCapacity: animalUnits ?? 0, constructedOn: op.constructedOn, constructionPermit: constructionPermitApplies(op.constructionPermitStatus) }, today, tx);
  const fees = withIndemnity(
    feePreview({ kind: plan.kind, constructionPermitStatus: op.constructionPermitStatus, statedAnimalUnitCapacity: animalUnits, contractProducer: op.contractProducer, safoInForce: facts.safoInForce }),
    indemnity ? indemnityFeeLine(indemnity) : null,
  );
  if (!facts.owner) throw new AppError('CONFLICT', 'This operation has no current owner on record. Contact the department.');
  const step = PLAN_TRANSITIONS[mayHappen(plan.status, 'resubmit') ? 'resubmit' : 'submit'];
  const resubmission = step === PLAN_TRANSITIONS.resubmit;

  const snapshot = buildSnapshot({
    kind: plan.kind, updateKind, channel, animalUnitCapacity: animalUnits, document: doc, changes: checked.changes,
    previousPlanId: r.context.previousPlanId, fees: fees.lines, attachments: r.context.attachments,
    indemnity: indemnity ? { status: indemnity.status, cents: indemnity.cents, reason: indemnity.reason, citation: indemnity.citation } : null,
    operation: { id: op.id, name: op.name, facilityId: op.facilityId, countyFips: op.countyFips, constructionPermitStatus: op.constructionPermitStatus },
    owner: facts.owner, submittedBy: { userId: actor.id, name: actor.name, role: actor.role },
    signature: { ...r.signer, signedAt: r.signer.signedAt.toISOString(), update: checked.update ?? null },
    referenceTables: usedReferenceTables(r.context.referenceTables, doc.fields.map((f) => f.countyFips)),
  });
  const [submission] = await tx
    .insert(planSubmissions)
    .values({ planId: plan.id, idempotencyKey: r.idempotencyKey, submittedOn: today, submittedByUserId: actor.id, snapshot, confirmationNumber: confirmationNumberSql(today) })
    .returning({ id: planSubmissions.id, confirmationNumber: planSubmissions.confirmationNumber });

  const { signer } = r;
  await tx.insert(planSignatures).values({
    planSubmissionId: submission!.id, signerUserId: signer.userId, signerName: signer.name, signerEmail: signer.email, capacity: signer.capacity,
    signedAt: signer.signedAt, documentSha256: signer.documentSha256, certificationVersion: signer.certificationVersion,
    certificationSha256: signer.certificationSha256, factor: signer.factor,
  });
  await recordAudit(tx, {
    actorUserId: actor.id, action: 'plan.signed', entityType: 'plan', entityId: plan.id,
    after: { submissionId: submission!.id, capacity: signer.capacity, documentSha256: signer.documentSha256, certificationVersion: signer.certificationVersion, factor: signer.factor },
  });

  // The department receives a plan filed here the day it is filed; review counts from receipt.
  const [after] = await tx
    .update(plans)
    .set({
      status: step.to, channel, updateKind, animalUnitCapacity: animalUnits, submittedOn: today, receivedOn: today,
      filingDisputedAt: null, completeReceivedOn: null, decisionDueOn: null, decidedOn: null, decision: null, decisionReasons: null, decidedByUserId: null,
      content: contentOf(doc, isUpdate ? checked.changes : undefined), previousPlanId: r.context.previousPlanId,
      submittedByUserId: actor.id, version: sql`${plans.version} + 1`, updatedAt: new Date(),
    })
    .where(eq(plans.id, plan.id))
    .returning({ version: plans.version });
  await appendClockEvent(tx, { planId: plan.id, kind: resubmission ? 'resubmitted' : 'received', occurredOn: today, actorUserId: actor.id });

  // IAC 567-65.110(7) / (3)"c": one line per fee; a resubmission never bills a fee twice.
  const billed = await tx.select({ code: feeLines.code }).from(feeLines).where(and(eq(feeLines.planId, plan.id), ne(feeLines.status, 'void')));
  const toBill = fees.lines.filter((l) => !billed.some((b) => b.code === l.code));
  const lines = toBill.map((l) => {
    const payerPartyId = l.payer === 'active_contractor' ? op.activeContractorId : facts.owner!.partyId;
    if (!payerPartyId) throw new AppError('VALIDATION', 'The operation is a contract producer: name its active contractor, who pays the annual compliance fee.');
    return { operationId: op.id, planId: plan.id, code: l.code, amountCents: l.cents, citation: l.citation, payerKind: l.payer, payerPartyId, dueOn: today };
  });
  if (lines.length) await tx.insert(feeLines).values(lines);

  await recordAudit(tx, {
    actorUserId: actor.id,
    action: step.audit,
    entityType: 'plan',
    entityId: plan.id,
    before: { status: plan.status, version: plan.version },
    after: { status: step.to, version: after!.version, submissionId: submission!.id, receivedOn: today, channel, updateKind, animalUnitCapacity: animalUnits, fees: toBill.map((l) => ({ code: l.code, cents: l.cents })) },
  });

  await enqueueEmail(tx, {
    eventKey: `plan:${plan.id}:submission-received:${submission!.id}`,
    recipients: await submissionRecipients(tx, facts.owner, actor),
    template: 'submission-received',
    props: {
      ownerName: facts.owner.name,
      operationName: op.name,
      facilityId: op.facilityId ?? 'not yet assigned',
      planKind: plan.kind,
      updateKind,
      receivedOn: today,
      decisionDueOn: null,
      fees: fees.lines.map((l) => ({ code: l.code, cents: l.cents })),
      planUrl: `${r.origin}/plans/${plan.id}`,
      confirmationNumber: submission!.confirmationNumber,
      receiptUrl: `${r.origin}/api/plans/${plan.id}/receipt.pdf`,
    },
  });
  // IAC 567-65.110(3)"b"(2): an electronic plan is made available to each county it touches.
  if (channel === 'electronic') await notifyCountiesOfPlan(tx, { planId: plan.id, event: 'submitted', origin: r.origin });
  // CROMERR: the copy of record is made at receipt, in this transaction, and acknowledged to the submitter.
  await makeCopyOfRecord(tx, { submissionId: submission!.id, origin: r.origin });
  return { planId: plan.id, submissionId: submission!.id, submittedOn: today, confirmationNumber: submission!.confirmationNumber, replayed: false };
}

/** The owner (their party's address and accounts) and a preparer who submitted for them. */
async function submissionRecipients(tx: Executor, owner: NonNullable<OperationFactsForPlan['owner']>, actor: Actor): Promise<EmailRecipient[]> {
  const accounts = await tx.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.partyId, owner.partyId), isNull(users.disabledAt)));
  const list: EmailRecipient[] = accounts.map((a) => ({ address: a.email, userId: a.id }));
  if (owner.email) list.push({ address: owner.email });
  if (actor.role === 'preparer') list.push({ address: actor.email, userId: actor.id });
  return list;
}
