import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { counties, countyDigestItems, fieldOffices, notificationPreferences, operations, ownerships, parties, planCounties, plans, users } from '@/db/schema';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { manureRemovalForOperation } from '@/lib/plans/in-force';

// IAC 567-65.110(3)"b"(2): once an electronic plan is filed the department gives each county it
// touches access; the county's officials are told. Called inside the transaction that files or
// decides the plan. Officials who chose a daily or weekly digest get a digest item instead.
export async function notifyCountiesOfPlan(
  tx: Executor,
  input: { planId: string; event: 'submitted' | 'decided'; origin: string; cycle?: number },
): Promise<{ emailed: number; digested: number }> {
  const [plan] = await tx
    .select({ plan: plans, operationName: operations.name, facilityId: operations.facilityId, ownerName: parties.name })
    .from(plans)
    .innerJoin(operations, eq(operations.id, plans.operationId))
    .leftJoin(ownerships, and(eq(ownerships.operationId, operations.id), isNull(ownerships.releasedOn)))
    .leftJoin(parties, eq(parties.id, ownerships.ownerId))
    .where(eq(plans.id, input.planId));
  if (!plan) return { emailed: 0, digested: 0 };
  const touched = await tx
    .select({ fips: planCounties.countyFips, relation: planCounties.relation, name: counties.name, officeName: fieldOffices.name, officeEmail: fieldOffices.email })
    .from(planCounties)
    .innerJoin(counties, eq(counties.fips, planCounties.countyFips))
    .innerJoin(fieldOffices, eq(fieldOffices.id, counties.fieldOfficeId))
    .where(eq(planCounties.planId, input.planId));
  const fipsList = [...new Set(touched.map((t) => t.fips))];
  if (!fipsList.length) return { emailed: 0, digested: 0 };
  const officials = await tx
    .select({ id: users.id, name: users.name, email: users.email, countyFips: users.countyFips, digest: notificationPreferences.countyDigest, notices: notificationPreferences.countyNotices })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(eq(users.role, 'county_official'), inArray(users.countyFips, fipsList), isNull(users.disabledAt)));

  let emailed = 0;
  let digested = 0;
  const p = plan.plan;
  // IAC 567-65.110(5): the county hears the same answer as the owner's letter, from the same query.
  const removal = input.event === 'decided' ? await manureRemovalForOperation(tx, p.operationId) : null;
  for (const o of officials) {
    // An official who stopped county emails (preferences or an unsubscribe link) gets neither kind.
    if (o.notices === false) continue;
    if (o.digest === 'daily' || o.digest === 'weekly') {
      await tx.insert(countyDigestItems).values({ userId: o.id, planId: p.id, event: input.event });
      digested++;
      continue;
    }
    const mine = touched.filter((t) => t.fips === o.countyFips);
    const base = {
      officialName: o.name,
      countyName: mine[0]!.name,
      operationName: plan.operationName,
      facilityId: plan.facilityId ?? 'not yet assigned',
      ownerName: plan.ownerName ?? 'the owner',
      relations: mine.map((t) => t.relation),
      planKind: p.kind,
      updateKind: p.updateKind,
      receivedOn: p.receivedOn ?? p.submittedOn ?? '',
      planUrl: `${input.origin}/plans/${p.id}`,
      fieldOffice: { name: mine[0]!.officeName, email: mine[0]!.officeEmail },
      preferencesUrl: `${input.origin}/account/notifications`,
    };
    const replyTo = mine[0]!.officeEmail;
    const eventKey = `plan:${p.id}:county-${input.event}:${input.cycle ?? p.version}`;
    const recipients = [{ address: o.email, userId: o.id }];
    const result =
      input.event === 'submitted'
        ? await enqueueEmail(tx, { eventKey, recipients, replyTo, template: 'county-plan-submitted', props: base })
        : await enqueueEmail(tx, {
            eventKey,
            recipients,
            replyTo,
            template: 'county-plan-decided',
            props: {
              ...base,
              decision: p.decision ?? 'approved',
              decidedOn: p.decidedOn ?? '',
              manureRemoval: removal ? { allowed: removal.allowed, reason: removal.reason, citation: removal.citation, readingConfirmed: removal.reading.confirmed } : undefined,
            },
          });
    emailed += result.queued;
  }
  return { emailed, digested };
}
