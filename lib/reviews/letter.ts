import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { decisionLetters, operations, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { notFoundError } from '@/lib/errors';
import { deriveReviewClock } from '@/lib/plans/clock';
import { getPlanForActor } from '@/lib/plans/queries';
import { daysBetween } from '@/lib/rules';
import { REVIEWER_TITLES } from './decision';
import { buildLetterParts } from './letter-parts';

// The decision letter of IAC 567-65.110(4) as a printable page, for anyone who may see the plan.

export async function getDecisionLetter(actor: Actor, planId: string, today: string) {
  const view = await getPlanForActor(actor, planId);
  const { plan } = view;
  if ((plan.status !== 'approved' && plan.status !== 'disapproved') || !plan.decidedOn || !plan.decision) throw notFoundError();
  const db = await getDb();
  const [[operation], [decider], sent] = await Promise.all([
    db.select().from(operations).where(eq(operations.id, plan.operationId)),
    plan.decidedByUserId ? db.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, plan.decidedByUserId)) : Promise.resolve([]),
    db.select({ id: decisionLetters.id }).from(decisionLetters).where(eq(decisionLetters.planId, planId)).limit(1),
  ]);
  const clock = deriveReviewClock(view.clock, today);
  const receivedOn = clock.completeReceivedOn ?? plan.completeReceivedOn ?? plan.receivedOn ?? plan.decidedOn;
  const parts = await buildLetterParts(db, {
    planId: plan.id, operationId: plan.operationId, countyFips: operation?.countyFips ?? '', decidedOn: plan.decidedOn,
    appealable: plan.decision === 'disapproved',
  });
  return {
    planId: plan.id,
    sentPdf: sent.length > 0,
    operationName: view.operationName,
    facilityId: operation?.facilityId ?? 'not yet assigned',
    countyName: view.countyName,
    ownerName: parts.recipient.name,
    parts,
    kind: plan.kind,
    updateKind: plan.updateKind,
    decision: plan.decision,
    reasons: plan.decisionReasons ? plan.decisionReasons.split('\n').filter(Boolean) : [],
    receivedOn,
    decidedOn: plan.decidedOn,
    reviewDay: daysBetween(receivedOn, plan.decidedOn),
    decidedBy: decider ? { name: decider.name, title: REVIEWER_TITLES[decider.role] ?? 'Iowa Department of Natural Resources' } : null,
  };
}

/**
 * The decision letter exactly as it was sent: the PDF stored when the decision was made, never
 * rendered again. For anyone who may see the plan; NOT_FOUND for a plan decided before letters were
 * kept as PDF (its printable page still reads).
 */
export async function getSentLetterPdf(actor: Actor, planId: string) {
  const view = await getPlanForActor(actor, planId);
  const db = await getDb();
  const [row] = await db
    .select({ pdf: decisionLetters.pdf, sha256: decisionLetters.sha256, decidedOn: decisionLetters.decidedOn })
    .from(decisionLetters)
    .where(eq(decisionLetters.planId, planId))
    .orderBy(desc(decisionLetters.createdAt))
    .limit(1);
  if (!row) throw notFoundError();
  return { ...row, referenceNumber: view.plan.referenceNumber };
}
