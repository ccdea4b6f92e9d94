import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { counties, countyReceipts, operations, planClockEvents, planCounties, plans, users } from '@/db/schema';
import { planScope } from '@/lib/auth/scopes';
import type { Actor } from '@/lib/auth/roles';
import { notFoundError } from '@/lib/errors';
import { isUuid } from '@/lib/ids';

/** One plan the actor may see, or NOT_FOUND (the same answer as for a plan that does not exist). */
export async function getPlanForActor(actor: Actor, planId: string) {
  // A refusal names who asked for which plan; the route that answers it puts it in the audit log.
  const denied = () => notFoundError({ actorUserId: actor.id, capability: 'plan.read', entityType: 'plan', entityId: planId.slice(0, 64), answer: 'not_found' });
  if (!isUuid(planId)) throw denied();
  const db = await getDb();
  const [row] = await db
    .select({ plan: plans, operationName: operations.name, operationCountyFips: operations.countyFips, countyName: counties.name, reviewerName: users.name })
    .from(plans)
    .innerJoin(operations, eq(operations.id, plans.operationId))
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .leftJoin(users, eq(users.id, plans.reviewerUserId))
    .where(and(eq(plans.id, planId), planScope(actor)))
    .limit(1);
  if (!row) throw denied();
  const [touched, receipts, clock] = await Promise.all([
    db
      .select({ fips: planCounties.countyFips, name: counties.name, relation: planCounties.relation })
      .from(planCounties)
      .innerJoin(counties, eq(counties.fips, planCounties.countyFips))
      .where(eq(planCounties.planId, planId))
      .orderBy(asc(counties.name)),
    db.select().from(countyReceipts).where(eq(countyReceipts.planId, planId)),
    db.select().from(planClockEvents).where(eq(planClockEvents.planId, planId)).orderBy(asc(planClockEvents.id)),
  ]);
  return { ...row, counties: touched, receipts, clock };
}

export type PlanView = Awaited<ReturnType<typeof getPlanForActor>>;
