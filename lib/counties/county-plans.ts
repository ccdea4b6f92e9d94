// The county official's list: operations located in the county and operations land-applying manure
// in it under a filed plan (IAC 567-65.110(3)"b"), filtered and paged in SQL. Every query carries
// operationScope, so an official's list can only ever hold operations their county may see.
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { getDb } from '@/lib/db';
import { operationScope } from '@/lib/auth/scopes';
import type { Actor } from '@/lib/auth/roles';
import { deadlineOf, type Deadline } from '@/lib/deadlines';
import { manureRemovalAnswer, manureRemovalFactsSql, type InForceFacts } from '@/lib/plans/in-force';
import { animalUnitCapacity, type AnimalCategory } from '@/lib/rules';
import { PAGE_SIZE, type CountyFilter } from './filter';

export type CountyOperationRow = {
  id: string;
  name: string;
  facilityId: string | null;
  countyFips: string;
  countyName: string;
  locatedHere: boolean;
  appliesHere: boolean;
  /** Iowa Code 459.102, computed by lib/rules from the head counts at capacity. */
  animalUnitCapacity: number;
  planId: string | null;
  planStatus: string | null;
  planKind: 'original' | 'annual_update' | null;
  /** A hard-copy plan whose receipt by this county is not recorded yet (IAC 567-65.110(3)"b"(1)). */
  receiptMissing: boolean;
  lastFiledOn: string | null;
  /** IAC 567-65.110(3)"b"(3); none while a SAFO election is in force (65.110(1)"e"(2)). */
  nextDueOn: string | null;
  /** The due date as moved by Iowa Code 4.1(34) (filing rule), with the rule. */
  nextDue: Deadline | null;
  /** IAC 567-65.110(5), from the one in-force query (lib/plans/in-force). */
  manureRemovalAllowed: boolean;
  /** IAC 567-65.110(1)"d": a new owner removes under the previous owner's plan only until this day. */
  manureRemovalUntil: string | null;
};

type Raw = Omit<CountyOperationRow, 'animalUnitCapacity' | 'nextDue' | 'manureRemovalAllowed' | 'manureRemovalUntil'> & {
  heads: Record<string, number>;
  removalFacts: InForceFacts;
  safoInForce: boolean;
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// The plan in force or in review: the latest filed one, a withdrawn one only if nothing else was filed.
const latestPlan = (operationId: SQL) => sql`(select p.id, p.status, p.kind, p.channel from plans p
  where p.operation_id = ${operationId} and p.status <> 'draft'
  order by (p.status = 'withdrawn'), coalesce(p.received_on, p.submitted_on) desc nulls last, p.created_at desc, p.id desc
  limit 1)`;

/**
 * Stage 1, the ids that match, in list order. county_operations holds the county's operations with
 * the name the list sorts by (kept by triggers, migration 0020), so a page walks its index from the
 * county's first name and stops after its 25, whatever the state's size. operationScope is still
 * applied to every row returned.
 */
function matchingIds(actor: Actor, filter: CountyFilter): SQL {
  const county = actor.countyFips ?? '';
  const where: SQL[] = [sql`co.county_fips = ${county}`, operationScope(actor)];
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    where.push(sql`(operations.name ilike ${like} or operations.facility_id ilike ${like})`);
  }
  if (filter.relation === 'located_in') where.push(sql`operations.county_fips = ${county}`);
  if (filter.relation === 'land_applied_in') {
    where.push(sql`exists (select 1 from operation_filed_counties f where f.county_fips = ${county}
      and f.operation_id = operations.id and f.relation = 'land_applied_in')`);
  }
  if (filter.status === 'none') where.push(sql`not exists ${latestPlan(sql`operations.id`)}`);
  else if (filter.status) where.push(sql`(select l.status::text from ${latestPlan(sql`operations.id`)} l) = ${filter.status}`);
  return sql`select operations.id from county_operations co join operations on operations.id = co.operation_id
    where ${sql.join(where, sql` and `)}`;
}

const unfiltered = (f: CountyFilter) => !f.q && !f.status && !f.relation;

/** Stage 2, what the list shows for the operations `ids` selects (a page of them, or all of them for the export). */
function details(actor: Actor, ids: SQL): SQL {
  const county = actor.countyFips ?? '';
  return sql`select o.id, o.name, o.facility_id as "facilityId", o.county_fips as "countyFips",
      c.name as "countyName", o.county_fips = ${county} as "locatedHere",
      exists (select 1 from operation_filed_counties f where f.county_fips = ${county}
        and f.operation_id = o.id and f.relation = 'land_applied_in') as "appliesHere",
      latest.id as "planId", latest.status::text as "planStatus", latest.kind::text as "planKind",
      coalesce(latest.channel = 'hard_copy' and not exists (select 1 from county_receipts r
        where r.plan_id = latest.id and r.county_fips = ${county}), false) as "receiptMissing",
      (select max(coalesce(p.received_on, p.submitted_on)) from plans p
        where p.operation_id = o.id and p.status <> 'draft')::text as "lastFiledOn",
      (select d.due_on from due_date_assignments d where d.operation_id = o.id
        order by d.created_at desc, d.id desc limit 1)::text as "nextDueOn",
      ${manureRemovalFactsSql(sql`o.id`)} as "removalFacts",
      (o.safo_elected_on is not null and o.safo_ended_on is null) as "safoInForce",
      (select coalesce(jsonb_object_agg(ai.category, ai.head_at_capacity), '{}'::jsonb)
        from animal_inventory ai where ai.operation_id = o.id) as heads
    from operations o
    join counties c on c.fips = o.county_fips
    left join lateral ${latestPlan(sql`o.id`)} latest on true
    where o.id in (${ids})
      and exists (select 1 from operations where operations.id = o.id and ${operationScope(actor)})
    order by o.name, o.id`;
}

function withCapacity(rows: Raw[]): CountyOperationRow[] {
  return rows.map(({ heads, removalFacts, safoInForce, ...r }) => {
    const nextDueOn = safoInForce ? null : r.nextDueOn;
    const removal = manureRemovalAnswer(removalFacts);
    return {
      ...r,
      nextDueOn,
      nextDue: nextDueOn ? deadlineOf('annual_update', nextDueOn) : null,
      manureRemovalAllowed: removal.allowed,
      manureRemovalUntil: removal.until ?? null,
      animalUnitCapacity: animalUnitCapacity(heads as Partial<Record<AnimalCategory, number>>),
    };
  });
}

/** One page of the list, and how many rows match in all. Only county officials have a county list. */
export async function listCountyOperations(actor: Actor, filter: CountyFilter): Promise<{ rows: CountyOperationRow[]; total: number; pageSize: number }> {
  if (actor.role !== 'county_official') return { rows: [], total: 0, pageSize: PAGE_SIZE };
  const db = await getDb();
  const offset = (filter.page - 1) * PAGE_SIZE;
  const county = actor.countyFips ?? '';
  // The page and the count at once. Unfiltered, the count is the county's rows in one index (they
  // are, by the triggers, exactly the operations the county may see); a filter counts its matches.
  const [rows, [count]] = await Promise.all([
    queryRows<Raw>(db, details(actor, sql`${matchingIds(actor, filter)} order by co.name, co.operation_id limit ${PAGE_SIZE} offset ${offset}`)),
    queryRows<{ n: number }>(
      db,
      unfiltered(filter)
        ? sql`select count(*)::int as n from county_operations where county_fips = ${county}`
        : sql`select count(*)::int as n from (${matchingIds(actor, filter)}) m`,
    ),
  ]);
  return { rows: withCapacity(rows), total: count?.n ?? 0, pageSize: PAGE_SIZE };
}

/** Every row that matches, for the CSV export. */
export async function listAllCountyOperations(actor: Actor, filter: CountyFilter): Promise<CountyOperationRow[]> {
  if (actor.role !== 'county_official') return [];
  const db = await getDb();
  return withCapacity(await queryRows<Raw>(db, details(actor, matchingIds(actor, filter))));
}
