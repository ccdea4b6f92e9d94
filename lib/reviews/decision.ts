import 'server-only';
import { eq } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { counties, decisionLetters } from '@/db/schema';
import { renderMail } from '@/lib/mail/renderer';
import type { EmailTemplates, RenderedEmail } from '@/lib/mail/templates';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { notifyCountiesOfPlan } from '@/lib/counties/notify';
import { AppError } from '@/lib/errors';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { appendClockEvent } from '@/lib/plans/clock';
import { assignDueDateAtApproval, dropScheduleFiguresAfterApproval } from '@/lib/schedule/at-approval';
import { APPROVED_FACTS, manureRemovalAnswer, manureRemovalForOperation } from '@/lib/plans/in-force';
import { renderDecisionLetterPdf } from '@/lib/pdf/decision-letter-pdf';
import { daysBetween } from '@/lib/rules';
import { reasonLines, type DecisionInput } from '@/lib/validation/review';
import { buildLetterParts, type LetterParts } from './letter-parts';
import { loadPlanForWrite, updatePlanAtVersion, type LoadedPlan } from './plan-lock';
import { requireUndisputed } from '@/lib/plans/dispute';
import { mayHappen, PLAN_TRANSITIONS } from '@/lib/plans/lifecycle';
import { planPeople } from './recipients';

// IAC 567-65.110(4): the department approves or disapproves a complete plan within 60 days of
// receiving it. One transaction sets the decision, appends the clock event, writes the audit event
// and queues the letter to the owner and the notices to the counties. Two reviewers deciding at
// once: the version check lets exactly one land.

export const REVIEWER_TITLES: Record<string, string> = {
  department_staff: 'Manure management plan reviewer',
  department_supervisor: 'Manure management plan review supervisor',
};

type Ctx = { today: string; origin: string };

/** The lifecycle event a decision is (lib/plans/lifecycle.ts). */
const eventOf = (input: Pick<DecisionInput, 'decision'>) => (input.decision === 'approved' ? 'approve' : 'disapprove');

function requireDecidable(loaded: LoadedPlan, input: DecisionInput): string {
  const { plan, clock } = loaded;
  if (plan.status === 'approved' || plan.status === 'disapproved') throw new AppError('CONFLICT', 'This plan has already been decided.');
  if (!mayHappen(plan.status, eventOf(input)) || clock.state !== 'running' || !clock.completeReceivedOn) {
    throw new AppError(
      'VALIDATION',
      'This plan has not been found complete, so it cannot be decided. The department approves or disapproves complete plans (IAC 567-65.110(4)); check its completeness first.',
    );
  }
  if (input.decision === 'disapproved' && reasonLines(input.reasons).length === 0) {
    const message = 'Write the reasons for the disapproval; the owner is told them in the letter';
    throw new AppError('VALIDATION', message, { reasons: [message] });
  }
  return clock.completeReceivedOn;
}

function letterProps(
  loaded: LoadedPlan,
  input: DecisionInput,
  people: { ownerName: string },
  actor: Actor,
  receivedOn: string,
  ctx: Ctx,
  countyName: string,
  letter: LetterParts,
): EmailTemplates['plan-decided'] {
  const { plan, operation } = loaded;
  const reasons = reasonLines(input.reasons);
  const base = {
    ownerName: people.ownerName,
    operationName: operation.name,
    facilityId: operation.facilityId ?? 'not yet assigned',
    countyName,
    planKind: plan.kind,
    updateKind: plan.updateKind,
    receivedOn,
    decidedOn: ctx.today,
    decidedBy: { name: actor.name, title: REVIEWER_TITLES[actor.role] ?? 'Department of Natural Resources' },
    planUrl: `${ctx.origin}/plans/${plan.id}`,
    letter,
  };
  return input.decision === 'approved' ? { ...base, decision: 'approved', reasons } : { ...base, decision: 'disapproved', reasons };
}

async function countyNameOf(tx: Executor, fips: string): Promise<string> {
  const [row] = await tx.select({ name: counties.name }).from(counties).where(eq(counties.fips, fips));
  return row?.name ?? fips;
}

async function letterPartsFor(db: Executor, loaded: LoadedPlan, input: DecisionInput, ctx: Ctx): Promise<LetterParts> {
  const parts = await buildLetterParts(db, {
    planId: loaded.plan.id, operationId: loaded.operation.id, countyFips: loaded.operation.countyFips,
    decidedOn: ctx.today, appealable: input.decision === 'disapproved',
  });
  if (input.decision !== 'approved' || parts.manureRemoval.allowed) return parts;
  // Before the write the query cannot see this approval yet; the preview states the answer it will give.
  const a = manureRemovalAnswer(APPROVED_FACTS, ctx.today);
  return { ...parts, manureRemoval: { allowed: a.allowed, reason: a.reason, citation: a.citation, readingConfirmed: a.reading.confirmed } };
}

/** The decision letter exactly as it would be sent, for the reviewer to read first. Writes nothing. */
export async function previewDecisionLetter(actor: Actor, input: DecisionInput, ctx: Ctx): Promise<RenderedEmail> {
  await authorize(actor, PLAN_TRANSITIONS[eventOf(input)].capability, { planId: input.planId });
  const db = await getDb();
  const loaded = await loadPlanForWrite(db, input.planId, input.version, ctx.today, { lock: false });
  requireUndisputed(loaded.plan);
  const receivedOn = requireDecidable(loaded, input);
  const people = await planPeople(db, input.planId);
  const countyName = await countyNameOf(db, loaded.operation.countyFips);
  // The preview shows the letter as it would read after the decision: an approval puts a plan in force.
  const letter = await letterPartsFor(db, loaded, input, ctx);
  return renderMail('plan-decided', letterProps(loaded, input, people, actor, receivedOn, ctx, countyName, letter));
}

/** Decides a complete plan; returns the new status. */
export async function decidePlan(actor: Actor, input: DecisionInput, ctx: Ctx): Promise<{ status: 'approved' | 'disapproved'; manureRemovalAllowed: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const step = PLAN_TRANSITIONS[eventOf(input)];
    await authorize(actor, step.capability, { planId: input.planId }, tx);
    const loaded = await loadPlanForWrite(tx, input.planId, input.version, ctx.today);
    requireUndisputed(loaded.plan);
    const receivedOn = requireDecidable(loaded, input);
    const reasons = reasonLines(input.reasons);
    // The write comes first: a reviewer who lost the race changes nothing at all.
    const after = await updatePlanAtVersion(tx, input.planId, input.version, {
      status: step.to,
      decision: input.decision,
      decisionReasons: reasons.length ? reasons.join('\n') : null,
      decidedOn: ctx.today,
      decidedByUserId: actor.id,
      reviewerUserId: loaded.plan.reviewerUserId ?? actor.id,
    });
    await appendClockEvent(tx, { planId: input.planId, kind: 'decided', occurredOn: ctx.today, actorUserId: actor.id, note: input.decision });
    const before = loaded.plan;
    const people = await planPeople(tx, input.planId);
    const countyName = await countyNameOf(tx, loaded.operation.countyFips);
    // After the write: the one in-force query now sees this decision (IAC 567-65.110(5)).
    const letter = await buildLetterParts(tx, {
      planId: input.planId, operationId: loaded.operation.id, countyFips: loaded.operation.countyFips,
      decidedOn: ctx.today, appealable: input.decision === 'disapproved',
    });
    // The letter as sent, rendered once and kept with the decision: never rendered again.
    const { pdf, sha256 } = await renderDecisionLetterPdf({
      operationName: loaded.operation.name, facilityId: loaded.operation.facilityId ?? 'not yet assigned', countyName, ownerName: people.ownerName,
      parts: letter, kind: loaded.plan.kind, updateKind: loaded.plan.updateKind, decision: input.decision, reasons, receivedOn, decidedOn: ctx.today,
      reviewDay: daysBetween(receivedOn, ctx.today), decidedBy: { name: actor.name, title: REVIEWER_TITLES[actor.role] ?? 'Iowa Department of Natural Resources' },
    });
    const [stored] = await tx
      .insert(decisionLetters)
      .values({ planId: input.planId, decision: input.decision, decidedOn: ctx.today, pdf, sha256, createdByUserId: actor.id })
      .returning({ id: decisionLetters.id });
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: step.audit,
      entityType: 'plan',
      entityId: input.planId,
      before: { status: before.status, decision: before.decision, decidedOn: before.decidedOn, version: before.version },
      after: { status: after.status, decision: after.decision, decidedOn: after.decidedOn, reasons, version: after.version, letter: { id: stored!.id, sha256, bytes: pdf.length } },
    });
    await enqueueEmail(tx, {
      eventKey: `plan:${input.planId}:decided:${after.version}`,
      recipients: [...people.owner, ...people.contractor],
      template: 'plan-decided',
      props: letterProps(loaded, input, people, actor, receivedOn, ctx, countyName, letter),
    });
    await notifyCountiesOfPlan(tx, { planId: input.planId, event: 'decided', origin: ctx.origin });
    // IAC 567-65.110(3)"b"(3): an approved plan with no annual update date gets one, and the owner is told it.
    if (input.decision === 'approved') await assignDueDateAtApproval(tx, actor, loaded.operation.id, ctx);
    const removal = await manureRemovalForOperation(tx, loaded.operation.id);
    return { status: input.decision, manureRemovalAllowed: removal.allowed };
  }).finally(() => {
    if (input.decision === 'approved') dropScheduleFiguresAfterApproval();
  });
}
