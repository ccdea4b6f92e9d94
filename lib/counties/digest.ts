// County digests: notifyCountiesOfPlan (./notify.ts) keeps a digest item per plan event for each
// official who chose a daily or weekly digest; the daily job sends each due digest as one email
// and marks its items digested, in one transaction.
import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@/db/client';
import type { CountyDigestItem, CountyDigestProps } from '@/lib/mail/templates';
import { insertRenderedEmails, type RenderedMessage } from '@/lib/jobs/outbox-bulk';
import { renderJobMail } from '@/lib/mail/renderer';
import { addDays, dayOfWeek } from '@/lib/rules';

type PendingItem = {
  id: string;
  userId: string;
  event: string;
  createdOn: string;
  officialName: string;
  email: string;
  countyName: string;
  officeName: string;
  officeEmail: string | null;
  frequency: 'immediate' | 'daily' | 'weekly';
  planId: string;
} & Omit<CountyDigestItem, 'event' | 'planUrl'>;

const MONDAY = 1;

/**
 * Weekly digests go out on Mondays, or on the first run after an item has waited a week (a missed
 * Monday). Daily digests go out every day; an official who switched back to one email per plan gets
 * what was still waiting in one last digest.
 */
export function digestDue(frequency: PendingItem['frequency'], oldestItemOn: string, today: string): boolean {
  if (frequency !== 'weekly') return true;
  return dayOfWeek(today) === MONDAY || oldestItemOn <= addDays(today, -7);
}

async function findPendingItems(db: Executor): Promise<PendingItem[]> {
  return queryRows<PendingItem>(
    db,
    sql`select i.id, i.user_id as "userId", i.event,
      (i.created_at at time zone 'America/Chicago')::date::text as "createdOn",
      u.name as "officialName", u.email, c.name as "countyName", fo.name as "officeName", fo.email as "officeEmail",
      coalesce(np.county_digest, 'immediate')::text as frequency,
      p.id as "planId", p.kind as "planKind", p.update_kind as "updateKind",
      coalesce(p.received_on, p.submitted_on)::text as "receivedOn", p.decision, p.decided_on::text as "decidedOn",
      o.name as "operationName", coalesce(o.facility_id, 'not yet assigned') as "facilityId",
      coalesce(pa.name, 'the owner') as "ownerName",
      (select coalesce(jsonb_agg(distinct pc.relation), '[]'::jsonb) from plan_counties pc
        where pc.plan_id = p.id and pc.county_fips = u.county_fips) as relations
    from county_digest_items i
    join users u on u.id = i.user_id
    join counties c on c.fips = u.county_fips
    join field_offices fo on fo.id = c.field_office_id
    left join notification_preferences np on np.user_id = u.id
    join plans p on p.id = i.plan_id
    join operations o on o.id = p.operation_id
    left join ownerships own on own.operation_id = o.id and own.released_on is null
    left join parties pa on pa.id = own.owner_id
    where i.digested_at is null and u.role = 'county_official' and u.disabled_at is null
      and coalesce(np.county_notices, true)
    order by i.user_id, i.created_at, i.id`,
  );
}

function digestProps(items: PendingItem[], today: string, origin: string): CountyDigestProps {
  const first = items[0]!;
  // The same plan and event twice (a retried notification) is listed once.
  const unique = [...new Map(items.map((i) => [`${i.planId}|${i.event}`, i])).values()];
  return {
    officialName: first.officialName,
    countyName: first.countyName,
    frequency: first.frequency === 'weekly' ? 'weekly' : 'daily',
    sentOn: today,
    items: unique.map((i) => ({
      event: i.event === 'decided' ? 'decided' : 'submitted',
      operationName: i.operationName,
      facilityId: i.facilityId,
      ownerName: i.ownerName,
      relations: i.relations,
      planKind: i.planKind,
      updateKind: i.updateKind,
      receivedOn: i.receivedOn,
      decision: i.decision,
      decidedOn: i.decidedOn,
      planUrl: `${origin}/plans/${i.planId}`,
    })),
    receivedUrl: `${origin}/county/received`,
    preferencesUrl: `${origin}/account/notifications`,
    fieldOffice: { name: first.officeName, email: first.officeEmail },
  };
}

/** Sends every digest due today; returns how many digests and items went out. */
export async function sendCountyDigests(db: Executor, input: { today: string; origin: string }): Promise<{ digests: number; items: number }> {
  const byUser = new Map<string, PendingItem[]>();
  for (const item of await findPendingItems(db)) byUser.set(item.userId, [...(byUser.get(item.userId) ?? []), item]);
  const due = [...byUser.values()].filter((items) => digestDue(items[0]!.frequency, items[0]!.createdOn, input.today));
  if (!due.length) return { digests: 0, items: 0 };

  return db.transaction(async (tx) => {
    // Claim first: a concurrent run that got here earlier has already marked these items.
    const claimed = await queryRows<{ id: string }>(
      tx,
      sql`update county_digest_items set digested_at = now()
        where digested_at is null and id in (select (jsonb_array_elements_text(${JSON.stringify(due.flat().map((i) => i.id))}::jsonb))::uuid)
        returning id`,
    );
    const mine = new Set(claimed.map((c) => c.id));
    const messages: RenderedMessage[] = [];
    for (const items of due) {
      const kept = items.filter((i) => mine.has(i.id));
      if (!kept.length) continue;
      const props = digestProps(kept, input.today, input.origin);
      messages.push({
        // The first item's id makes each digest its own event, so a second digest in a day is not dropped.
        eventKey: `county-digest:${kept[0]!.userId}:${input.today}:${kept[0]!.id}`,
        recipients: [{ address: kept[0]!.email, userId: kept[0]!.userId }],
        template: 'county-digest',
        props,
        email: await renderJobMail('county-digest', props),
        replyTo: kept[0]!.officeEmail,
      });
    }
    await insertRenderedEmails(tx, messages);
    return { digests: messages.length, items: mine.size };
  });
}
