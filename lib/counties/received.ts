// "Received since you last looked": plans filed electronically that touch the official's county,
// newest first (IAC 567-65.110(3)"b"(2): the department gives those counties electronic access).
import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { getDb } from '@/lib/db';
import { planScope } from '@/lib/auth/scopes';
import type { Actor } from '@/lib/auth/roles';
import { iowaDateOf } from '@/lib/clock';
import { addDays } from '@/lib/rules';
import type { CountyRelation } from '@/lib/notifications/labels';

export const RECEIVED_PAGE_SIZE = 25;

export type ReceivedPlanRow = {
  planId: string;
  kind: 'original' | 'annual_update';
  updateKind: 'complete_plan' | 'no_change_statement' | 'list_of_changes' | null;
  status: string;
  receivedOn: string | null;
  receivedAt: Date;
  operationName: string;
  facilityId: string | null;
  countyName: string;
  relations: CountyRelation[];
};

/**
 * Sets the official's "last looked" time to now and returns the time it held before (null on a
 * first look), in one statement.
 */
export async function markCountyListViewed(actor: Actor): Promise<Date | null> {
  const db = await getDb();
  const [row] = await queryRows<{ previous: Date | string | null }>(
    db,
    sql`with old as (select county_last_viewed_at from users where id = ${actor.id})
      update users set county_last_viewed_at = now() where id = ${actor.id}
      returning (select county_last_viewed_at from old) as previous`,
  );
  return row?.previous ? new Date(row.previous) : null;
}

/** How far back a first look goes, when the official has never looked. */
export const FIRST_LOOK_DAYS = 30;

/**
 * Plans received electronically after `since` (on a first look, `since` null: those received in the
 * last 30 days), one page, and the count.
 */
export async function listReceivedSince(
  actor: Actor,
  since: Date | null,
  page: number,
  today: string,
): Promise<{ rows: ReceivedPlanRow[]; total: number; pageSize: number }> {
  if (actor.role !== 'county_official' || !actor.countyFips) return { rows: [], total: 0, pageSize: RECEIVED_PAGE_SIZE };
  const db = await getDb();
  // A plan received after `since` was received on or after that day in Iowa (lib/clock dates
  // receipts in Iowa): the indexed date narrows the search, the receipt's own time decides.
  const fromDay = since ? iowaDateOf(since) : addDays(today, -FIRST_LOOK_DAYS);
  // After a look, only plans with a receipt or a submission since it can qualify (the receipt time
  // below is the latest of those), so the candidates come from the two time indexes: as many as were
  // received since, however many the state holds. A first look reads the last 30 days by date.
  const receivedAfter = since
    ? sql`and c.id in (select e.plan_id from plan_clock_events e where e.kind in ('received', 'resubmitted')
        and e.created_at > ${since.toISOString()}::timestamptz
        union select s.plan_id from plan_submissions s where s.created_at > ${since.toISOString()}::timestamptz)`
    : sql``;
  // The lateral (fenced by `limit 1`) applies planScope to those candidates only.
  const base = sql`from (select c.id from plans c where c.received_on >= ${fromDay}::date and c.channel = 'electronic' ${receivedAfter}) cand
    cross join lateral (select plans.id, plans.kind, plans.update_kind, plans.status, plans.received_on, plans.submitted_on,
        plans.operation_id from plans where plans.id = cand.id and ${planScope(actor)} limit 1) plans
    join operations o on o.id = plans.operation_id
    join counties c on c.fips = o.county_fips
    cross join lateral (select greatest(
        (select max(e.created_at) from plan_clock_events e where e.plan_id = plans.id and e.kind in ('received', 'resubmitted')),
        (select max(s.created_at) from plan_submissions s where s.plan_id = plans.id)) as at) received
    where received.at is not null ${since ? sql`and received.at > ${since.toISOString()}::timestamptz` : sql``}`;
  const offset = (Math.max(1, page) - 1) * RECEIVED_PAGE_SIZE;
  const [rows, [count]] = await Promise.all([
    queryRows<ReceivedPlanRow>(
      db,
      sql`select plans.id as "planId", plans.kind, plans.update_kind as "updateKind", plans.status,
        coalesce(plans.received_on, plans.submitted_on)::text as "receivedOn", received.at as "receivedAt",
        o.name as "operationName", o.facility_id as "facilityId", c.name as "countyName",
        (select coalesce(jsonb_agg(distinct pc.relation), '[]'::jsonb) from plan_counties pc
          where pc.plan_id = plans.id and pc.county_fips = ${actor.countyFips}) as relations
        ${base} order by received.at desc, plans.id limit ${RECEIVED_PAGE_SIZE} offset ${offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${base}`),
  ]);
  return { rows: rows.map((r) => ({ ...r, receivedAt: new Date(r.receivedAt) })), total: count?.n ?? 0, pageSize: RECEIVED_PAGE_SIZE };
}
