import 'server-only';
// The public status search: what anyone may know about an operation with a plan on file, and
// nothing private. Only operations the department holds (a facility ID, or a filed plan) appear;
// drafts, people's contact details, attachments and fees are never read here.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { getDb } from '@/lib/db';
import { registeredOperation } from '@/lib/auth/scopes';
import { approvedPlanInForceSql } from '@/lib/plans/in-force';
import { animalUnitCapacity, type AnimalCategory } from '@/lib/rules';
import { PUBLIC_EXPORT_MAX, PUBLIC_PAGE_SIZE, type PublicStatusFilter } from './status-filter';

export type PublicStatusRow = {
  facilityId: string | null;
  name: string;
  countyFips: string;
  countyName: string;
  /** Iowa Code 459.102, computed by lib/rules from the head counts at capacity. */
  animalUnitCapacity: number;
  /** The latest filed plan's status; null when none is filed. */
  planStatus: string | null;
  /**
   * IAC 567-65.110(5), from the one in-force query: an approved plan stays in force beside a later update,
   * even one returned as incomplete, so the public sees both.
   */
  approvedPlanInForce: boolean;
  lastApprovedOn: string | null;
  /** IAC 567-65.110(3)"b"(3); none while a SAFO election is in force (65.110(1)"e"(2)). */
  nextDueOn: string | null;
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// The same "latest filed plan" the county list uses: a withdrawn one only if nothing else was filed.
const latestStatus = (operationId: SQL) => sql`(select p.status::text from plans p
  where p.operation_id = ${operationId} and p.status <> 'draft'
  order by (p.status = 'withdrawn'), coalesce(p.received_on, p.submitted_on) desc nulls last, p.created_at desc, p.id desc
  limit 1)`;

/** The condition over `operations` (aliased o) that puts an operation in the public search. */
export function publicOperationCondition(): SQL {
  // A registration waiting for its owner's acceptance (or withdrawn) is no one's record yet.
  return sql`(${registeredOperation('o')} and (o.facility_id is not null or exists (select 1 from plans p where p.operation_id = o.id and p.status <> 'draft')))`;
}

function where(filter: Omit<PublicStatusFilter, 'page'>): SQL {
  const parts: SQL[] = [publicOperationCondition()];
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    parts.push(sql`(o.name ilike ${like} or o.facility_id ilike ${like} or c.name ilike ${like})`);
  }
  if (filter.county) parts.push(sql`o.county_fips = ${filter.county}`);
  if (filter.status === 'none') parts.push(sql`${latestStatus(sql`o.id`)} is null`);
  else if (filter.status) parts.push(sql`${latestStatus(sql`o.id`)} = ${filter.status}`);
  return sql.join(parts, sql` and `);
}

type Raw = Omit<PublicStatusRow, 'animalUnitCapacity'> & { heads: Record<string, number>; id: string };

function select(condition: SQL, order: SQL, limit: number, offset: number): SQL {
  return sql`with page as (
      select o.id from operations o join counties c on c.fips = o.county_fips
      where ${condition} order by ${order} limit ${limit} offset ${offset})
    select o.id, o.facility_id as "facilityId", o.name, o.county_fips as "countyFips", c.name as "countyName",
      ${latestStatus(sql`o.id`)} as "planStatus",
      ${approvedPlanInForceSql(sql`o.id`)} as "approvedPlanInForce",
      (select max(p.decided_on) from plans p where p.operation_id = o.id and p.decision = 'approved')::text as "lastApprovedOn",
      case when o.safo_elected_on is not null and o.safo_ended_on is null then null else
        (select d.due_on from due_date_assignments d where d.operation_id = o.id order by d.created_at desc, d.id desc limit 1)::text end as "nextDueOn",
      (select coalesce(jsonb_object_agg(ai.category, ai.head_at_capacity), '{}'::jsonb)
        from animal_inventory ai where ai.operation_id = o.id) as heads
    from page join operations o on o.id = page.id join counties c on c.fips = o.county_fips
    order by ${order}`;
}

function toRow(r: Raw): PublicStatusRow {
  return {
    facilityId: r.facilityId,
    name: r.name,
    countyFips: r.countyFips,
    countyName: r.countyName,
    animalUnitCapacity: animalUnitCapacity(r.heads as Partial<Record<AnimalCategory, number>>),
    planStatus: r.planStatus,
    approvedPlanInForce: Boolean(r.approvedPlanInForce),
    lastApprovedOn: r.lastApprovedOn,
    nextDueOn: r.nextDueOn,
  };
}

const BY_NAME = sql`o.name, o.id`;

/** One page of matches and how many match in all. */
export async function searchPublicStatus(filter: PublicStatusFilter): Promise<{ rows: PublicStatusRow[]; total: number; pageSize: number }> {
  const db = await getDb();
  const condition = where(filter);
  const [count, rows] = await Promise.all([
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from operations o join counties c on c.fips = o.county_fips where ${condition}`),
    queryRows<Raw>(db, select(condition, BY_NAME, PUBLIC_PAGE_SIZE, (filter.page - 1) * PUBLIC_PAGE_SIZE)),
  ]);
  return { rows: rows.map(toRow), total: count[0]?.n ?? 0, pageSize: PUBLIC_PAGE_SIZE };
}

/** Every match (up to PUBLIC_EXPORT_MAX), for the CSV export. */
export async function listPublicStatus(filter: Omit<PublicStatusFilter, 'page'>): Promise<PublicStatusRow[]> {
  const db = await getDb();
  return (await queryRows<Raw>(db, select(where(filter), BY_NAME, PUBLIC_EXPORT_MAX, 0))).map(toRow);
}

/**
 * For the API: up to `limit` matches after the cursor (facility ID order, then id), keyset-paged.
 */
export async function pagePublicStatusAfter(
  filter: Omit<PublicStatusFilter, 'page'>,
  after: { key: string; id: string } | null,
  limit: number,
): Promise<(PublicStatusRow & { id: string })[]> {
  const db = await getDb();
  const order = sql`coalesce(o.facility_id, ''), o.id`;
  const cond = after ? sql`${where(filter)} and (coalesce(o.facility_id, ''), o.id) > (${after.key}, ${after.id}::uuid)` : where(filter);
  const rows = await queryRows<Raw>(db, select(cond, order, limit, 0));
  return rows.map((r) => ({ ...toRow(r), id: r.id }));
}
