import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { operations, users } from '@/db/schema';
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
  const [[operation], [decider]] = await Promise.all([
    db.select().from(operations).where(eq(operations.id, plan.operationId)),
    plan.decidedByUserId ? db.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, plan.decidedByUserId)) : Promise.resolve([]),
  ]);
  const clock = deriveReviewClock(view.clock, today);
  const receivedOn = clock.completeReceivedOn ?? plan.completeReceivedOn ?? plan.receivedOn ?? plan.decidedOn;
  const parts = await buildLetterParts(db, {
    planId: plan.id, operationId: plan.operationId, countyFips: operation?.countyFips ?? '', decidedOn: plan.decidedOn,
    appealable: plan.decision === 'disapproved',
  });
  return {
    planId: plan.id,
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
