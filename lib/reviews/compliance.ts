import 'server-only';
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { getDb } from '@/lib/db';
import { animalInventory, counties, operations } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { operationScope } from '@/lib/auth/scopes';
import { latestLastDayPassedBy } from '@/lib/deadlines';
import { formatDate } from '@/lib/format';
import { newOwnerObligation, newOwnerSql } from '@/lib/operations/new-owner';
import { animalUnitCapacity, safoElection, type AnimalCategory } from '@/lib/rules';

// The compliance picture: what is late or owed, as counts and short lists, each read in the
// caller's scope. Reviews come from the worklist; the rest is read here.

export type OperationItem = { operationId: string; name: string; countyFips: string; countyName: string; detail: string; date: string | null };

const LIST = 25;

/**
 * Operations whose current annual update due date has passed with no update received since it was
 * assigned (IAC 567-65.110(3)"b"): passed means after the day Iowa Code 4.1(34) (filing rule) moves it
 * to. An operation under a SAFO election files no update (65.110(1)"e"(2)).
 */
export async function updatesOverdue(actor: Actor, today: string): Promise<{ count: number; items: OperationItem[]; byCounty: Map<string, number> }> {
  const db = await getDb();
  const scope = operationScope(actor);
  const passed = latestLastDayPassedBy('annual_update', today);
  const base = sql`from operations
    join counties c on c.fips = operations.county_fips
    join lateral (select d.due_on, d.created_at from due_date_assignments d where d.operation_id = operations.id
      order by d.created_at desc, d.id desc limit 1) cur on true
    where cur.due_on <= ${passed}::date and ${scope}
      and not (operations.safo_elected_on is not null and operations.safo_ended_on is null)
      and not exists (select 1 from plans p where p.operation_id = operations.id and p.kind = 'annual_update'
        and p.received_on is not null and p.status not in ('draft', 'withdrawn')
        and p.received_on >= (cur.created_at at time zone 'America/Chicago')::date)`;
  // One pass over the operations: the count by county and the first items from the same rows.
  const [found] = await queryRows<{ by_county: { fips: string; n: number }[]; items: { id: string; name: string; fips: string; county: string; due_on: string }[] }>(
    db,
    sql`with late as materialized (select operations.id, operations.name, operations.county_fips as fips, c.name as county, cur.due_on ${base})
      select (select coalesce(json_agg(x), '[]'::json) from (select fips, count(*)::int as n from late group by 1) x) as by_county,
        (select coalesce(json_agg(y order by y.due_on, y.name), '[]'::json) from (select id, name, fips, county, due_on::text as due_on from late
          order by late.due_on, late.name limit ${LIST}) y) as items`,
  );
  const byCounty = found?.by_county ?? [];
  const items = found?.items ?? [];
  return {
    count: byCounty.reduce((s, r) => s + Number(r.n), 0),
    byCounty: new Map(byCounty.map((r) => [r.fips, Number(r.n)])),
    items: items.map((r) => ({ operationId: r.id, name: r.name, countyFips: r.fips, countyName: r.county, detail: 'Annual update not received', date: r.due_on })),
  };
}

async function inventoryOf(ids: string[]): Promise<Map<string, Partial<Record<AnimalCategory, number>>>> {
  const heads = new Map<string, Partial<Record<AnimalCategory, number>>>();
  if (!ids.length) return heads;
  const db = await getDb();
  for (const i of await db.select().from(animalInventory).where(inArray(animalInventory.operationId, ids))) {
    heads.set(i.operationId, { ...heads.get(i.operationId), [i.category]: i.headAtCapacity });
  }
  return heads;
}

/**
 * New owners past their days to submit an original MMP, with none filed since (IAC 567-65.110(1)"d"):
 * only owners of operations that must have an MMP (mmpRequirement), late after the day moved by
 * Iowa Code 4.1(34) (filing rule).
 */
export async function newOwnersPastDue(actor: Actor, today: string): Promise<OperationItem[]> {
  const db = await getDb();
  const acquired = newOwnerSql(operations.id);
  const rows = await db
    .select({
      operationId: operations.id, name: operations.name, countyFips: operations.countyFips, countyName: counties.name,
      newOwner: acquired, constructedOn: operations.constructedOn, lastExpandedOn: operations.lastExpandedOn,
      researchCollege: operations.researchCollege,
    })
    .from(operations)
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .where(and(operationScope(actor), sql`${acquired} is not null`) as SQL);
  const heads = await inventoryOf(rows.map((r) => r.operationId));
  return rows.flatMap((r) => {
    const o = newOwnerObligation({
      acquiredOn: r.newOwner!.acquiredOn, decided: r.newOwner!.decided, constructedOn: r.constructedOn, lastExpandedOn: r.lastExpandedOn,
      researchCollege: r.researchCollege, animalUnitCapacity: animalUnitCapacity(heads.get(r.operationId) ?? {}),
    }, today);
    if (!o.due || o.due.daysLeft >= 0) return [];
    const moved = o.due.extended ? ` (moved from ${formatDate(o.due.lastDay)} by Iowa Code 4.1(34), filing rule)` : '';
    return [{ operationId: r.operationId, name: r.name, countyFips: r.countyFips, countyName: r.countyName, detail: `Acquired ${formatDate(o.acquiredOn)}; original MMP was due${moved}`, date: o.due.day }];
  });
}

/** SAFO elections that have ended or been terminated by more than 500 AU housed (IAC 567-65.110(1)"e"(2)). */
export async function safoTerminated(actor: Actor): Promise<OperationItem[]> {
  const db = await getDb();
  const rows = await db
    .select({ operationId: operations.id, name: operations.name, countyFips: operations.countyFips, countyName: counties.name, endedOn: operations.safoEndedOn, reason: operations.safoEndReason, peak: operations.peakAnimalUnitsHoused })
    .from(operations)
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .where(and(isNotNull(operations.safoElectedOn), operationScope(actor)));
  const heads = await inventoryOf(rows.map((r) => r.operationId));
  return rows.flatMap((r) => {
    const election = safoElection({ animalUnitCapacity: animalUnitCapacity(heads.get(r.operationId) ?? {}), peakAnimalUnitsHoused: r.peak ?? undefined });
    if (!r.endedOn && !election.terminated) return [];
    return [{ operationId: r.operationId, name: r.name, countyFips: r.countyFips, countyName: r.countyName, detail: r.reason ?? election.reason, date: r.endedOn }];
  });
}

/** Unpaid fees: how many, how much, and how many are past their due date. */
export async function unpaidFees(actor: Actor, today: string) {
  const db = await getDb();
  const rows = await queryRows<{ fips: string; lines: number; cents: string; past_due: number }>(
    db,
    sql`select operations.county_fips as fips, count(*)::int as lines,
        sum(f.amount_cents - coalesce((select sum(p.amount_cents) from payments p where p.fee_line_id = f.id), 0))::bigint as cents,
        (count(*) filter (where f.due_on < ${today}::date))::int as past_due
      from fee_lines f join operations on operations.id = f.operation_id
      where f.status = 'due' and ${operationScope(actor)} group by 1`,
  );
  return {
    lines: rows.reduce((s, r) => s + Number(r.lines), 0),
    cents: rows.reduce((s, r) => s + Number(r.cents), 0),
    pastDue: rows.reduce((s, r) => s + Number(r.past_due), 0),
    byCounty: new Map(rows.map((r) => [r.fips, Number(r.past_due)])),
  };
}

/** Plans received and decided in each of the given months ('YYYY-MM'). */
export async function plansByMonth(actor: Actor, months: string[]) {
  if (!months.length) return { received: [], decided: [] };
  const db = await getDb();
  const from = `${months[0]}-01`;
  const count = async (column: 'received_on' | 'decided_on') => {
    const rows = await queryRows<{ m: string; n: number }>(
      db,
      sql`select to_char(plans.${sql.raw(column)}, 'YYYY-MM') as m, count(*)::int as n from plans
        join operations on operations.id = plans.operation_id
        where plans.${sql.raw(column)} >= ${from}::date and ${operationScope(actor)} group by 1`,
    );
    const byMonth = new Map(rows.map((r) => [r.m, Number(r.n)]));
    return months.map((m) => byMonth.get(m) ?? 0);
  };
  return { received: await count('received_on'), decided: await count('decided_on') };
}
