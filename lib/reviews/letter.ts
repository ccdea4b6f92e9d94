import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { operations, ownerships, parties, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { notFoundError } from '@/lib/errors';
import { deriveReviewClock } from '@/lib/plans/clock';
import { getPlanForActor } from '@/lib/plans/queries';
import { daysBetween, manureRemovalAllowed } from '@/lib/rules';
import { REVIEWER_TITLES } from './decision';

// The decision letter of IAC 567-65.110(4) as a printable page, for anyone who may see the plan.

export async function getDecisionLetter(actor: Actor, planId: string, today: string) {
  const view = await getPlanForActor(actor, planId);
  const { plan } = view;
  if ((plan.status !== 'approved' && plan.status !== 'disapproved') || !plan.decidedOn || !plan.decision) throw notFoundError();
  const db = await getDb();
  const [[operation], [owner], [decider]] = await Promise.all([
    db.select().from(operations).where(eq(operations.id, plan.operationId)),
    db
      .select({ name: parties.name, mailingAddress: parties.mailingAddress })
      .from(ownerships)
      .innerJoin(parties, eq(parties.id, ownerships.ownerId))
      .where(and(eq(ownerships.operationId, plan.operationId), isNull(ownerships.releasedOn))),
    plan.decidedByUserId ? db.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, plan.decidedByUserId)) : Promise.resolve([]),
  ]);
  const clock = deriveReviewClock(view.clock, today);
  const receivedOn = clock.completeReceivedOn ?? plan.completeReceivedOn ?? plan.receivedOn ?? plan.decidedOn;
  return {
    planId: plan.id,
    operationName: view.operationName,
    facilityId: operation?.facilityId ?? 'not yet assigned',
    countyName: view.countyName,
    ownerName: owner?.name ?? 'Owner',
    ownerAddress: owner?.mailingAddress ?? null,
    kind: plan.kind,
    updateKind: plan.updateKind,
    decision: plan.decision,
    reasons: plan.decisionReasons ? plan.decisionReasons.split('\n').filter(Boolean) : [],
    receivedOn,
    decidedOn: plan.decidedOn,
    reviewDay: daysBetween(receivedOn, plan.decidedOn),
    manureRemovalAllowed: manureRemovalAllowed(plan.status),
    decidedBy: decider ? { name: decider.name, title: REVIEWER_TITLES[decider.role] ?? 'Iowa Department of Natural Resources' } : null,
  };
}
