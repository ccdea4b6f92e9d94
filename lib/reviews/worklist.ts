import 'server-only';
import { and, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { counties, fieldOffices, operations, plans, users } from '@/db/schema';
import { planScope } from '@/lib/auth/scopes';
import type { Actor } from '@/lib/auth/roles';
import type { WorklistBucket, WorklistFilters } from '@/lib/validation/review-worklist';
import { planDeadline, receiptCutoffs, type ReceiptCutoffs } from './deadlines';
import type { NextAction, WorklistRow } from './worklist-row';
import { WITH_DEPARTMENT_STATUSES } from '@/db/schema/codes';

// The department's worklist: every received plan still waiting on someone, most urgent first,
// paged and counted in the database so it serves any number of plans (IAC 567-65.110(4)).

export const PAGE_SIZE = 50;
const ACTIVE = WITH_DEPARTMENT_STATUSES;
const CLOCKED = ['submitted', 'under_review'] as const;

export { NEXT_ACTION_WORDS, type NextAction, type WorklistRow } from './worklist-row';

export type WorklistCounts = Record<WorklistBucket, number> & { all: number };

export type WorklistPage = { rows: WorklistRow[]; counts: WorklistCounts; total: number; page: number; pageCount: number; pageSize: number };

function filterConditions(actor: Actor, f: WorklistFilters): SQL[] {
  const conds: (SQL | undefined)[] = [planScope(actor), inArray(plans.status, f.status ? [f.status] : [...ACTIVE])];
  if (f.county) conds.push(eq(operations.countyFips, f.county));
  if (f.office) conds.push(eq(counties.fieldOfficeId, f.office));
  if (f.kind) conds.push(f.kind === 'original' ? eq(plans.kind, 'original') : eq(plans.updateKind, f.kind));
  if (f.channel) conds.push(eq(plans.channel, f.channel));
  if (f.reviewer) conds.push(f.reviewer === 'none' ? isNull(plans.reviewerUserId) : eq(plans.reviewerUserId, f.reviewer));
  if (f.mine) conds.push(eq(plans.reviewerUserId, actor.id));
  return conds.filter((c): c is SQL => Boolean(c));
}

function bucketCondition(bucket: WorklistBucket, cut: ReceiptCutoffs): SQL {
  const clocked = inArray(plans.status, [...CLOCKED]);
  switch (bucket) {
    case 'overdue':
      return and(clocked, lte(plans.receivedOn, cut.overdueReceivedOnOrBefore))!;
    case 'due_soon':
      return and(clocked, gt(plans.receivedOn, cut.overdueReceivedOnOrBefore), lte(plans.receivedOn, cut.dueSoonReceivedOnOrBefore))!;
    case 'later':
      return and(clocked, gt(plans.receivedOn, cut.dueSoonReceivedOnOrBefore))!;
    case 'awaiting_completeness':
      return eq(plans.status, 'submitted');
    case 'under_review':
      return eq(plans.status, 'under_review');
    case 'waiting_on_owner':
      return eq(plans.status, 'incomplete');
  }
}

const BUCKETS: WorklistBucket[] = ['overdue', 'due_soon', 'later', 'awaiting_completeness', 'under_review', 'waiting_on_owner'];

/** County and field-office filters need the operation; every other filter is on the plan itself. */
const needsOperation = (f: WorklistFilters) => Boolean(f.county || f.office);

async function countBuckets(db: Executor, f: WorklistFilters, where: SQL, cut: ReceiptCutoffs): Promise<WorklistCounts> {
  const selection: Record<string, SQL.Aliased<number>> = { all: sql<number>`count(*)::int`.as('all') };
  for (const b of BUCKETS) selection[b] = sql<number>`(count(*) filter (where ${bucketCondition(b, cut)}))::int`.as(b);
  let query = db.select(selection).from(plans).$dynamic();
  if (needsOperation(f)) query = query.innerJoin(operations, eq(operations.id, plans.operationId)).innerJoin(counties, eq(counties.fips, operations.countyFips));
  const [row] = await query.where(where);
  return Object.fromEntries(Object.keys(selection).map((k) => [k, Number(row?.[k] ?? 0)])) as WorklistCounts;
}

/** Rows of the filtered worklist in deadline order; `limit`/`offset` page it. */
export async function queryWorklistRows(
  actor: Actor,
  f: WorklistFilters,
  today: string,
  page: { limit: number; offset: number },
  db?: Executor,
): Promise<WorklistRow[]> {
  const q = db ?? (await getDb());
  const cut = receiptCutoffs(today);
  const where = and(...filterConditions(actor, f), f.bucket ? bucketCondition(f.bucket, cut) : undefined);
  // Deadline order: the effective deadline rises with the receipt date; returned plans have none.
  const order = [sql`${plans.status} = 'incomplete'`, sql`${plans.receivedOn} asc nulls last`, plans.id] as const;
  // The page's plans are found from the plans alone where the filters allow (an inner query, so a
  // deep page skips plans without joining them); only those rows are joined for what the list shows.
  // One statement: the outer query reads the page's ids by primary key, never the filters again.
  let pageQuery = q.select({ id: plans.id }).from(plans).$dynamic();
  if (needsOperation(f)) pageQuery = pageQuery.innerJoin(operations, eq(operations.id, plans.operationId)).innerJoin(counties, eq(counties.fips, operations.countyFips));
  const pageIds = pageQuery.where(where).orderBy(...order).limit(page.limit).offset(page.offset);
  const rows = await q
    .select({
      planId: plans.id,
      version: plans.version,
      operationName: operations.name,
      facilityId: operations.facilityId,
      countyName: counties.name,
      fieldOffice: fieldOffices.city,
      kind: plans.kind,
      updateKind: plans.updateKind,
      channel: plans.channel,
      status: plans.status,
      receivedOn: plans.receivedOn,
      reviewerUserId: plans.reviewerUserId,
      reviewerName: users.name,
      // IAC 567-65.110(3)"b"(1): a hard copy waits for every county's receipt.
      missingReceipts: sql<number>`case when plans.channel = 'hard_copy' then (select count(distinct pc.county_fips)
        from plan_counties pc where pc.plan_id = plans.id and not exists (select 1 from county_receipts cr
        where cr.plan_id = pc.plan_id and cr.county_fips = pc.county_fips)) else 0 end::int`,
    })
    .from(plans)
    .innerJoin(operations, eq(operations.id, plans.operationId))
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .innerJoin(fieldOffices, eq(fieldOffices.id, counties.fieldOfficeId))
    .leftJoin(users, eq(users.id, plans.reviewerUserId))
    .where(inArray(plans.id, pageIds))
    .orderBy(...order);
  return rows.map(({ missingReceipts, ...r }) => {
    const clocked = r.status !== 'incomplete' && r.receivedOn;
    const d = clocked ? planDeadline(r.receivedOn!, today) : null;
    const nextAction: NextAction =
      r.status === 'incomplete' ? 'waiting_on_owner'
        : r.status === 'under_review' ? 'review_and_decide'
          : Number(missingReceipts) > 0 ? 'await_county_receipts' : 'check_completeness';
    return { ...r, day60: d?.day60 ?? null, effectiveDueOn: d?.effectiveDeadline ?? null, daysLeft: d?.daysLeft ?? null, nextAction };
  });
}

/** One page of the worklist with the count of every bucket under the same filters. */
export async function listWorklistPage(actor: Actor, f: WorklistFilters, today: string, pageSize = PAGE_SIZE): Promise<WorklistPage> {
  const db = await getDb();
  const cut = receiptCutoffs(today);
  // The counts and the page asked for at once (a reviewer waits for the slower, not the sum); a page
  // past the end, rare, is read again as the last page once the counts say where that is.
  const rowsOf = (page: number) => queryWorklistRows(actor, { ...f, page }, today, { limit: pageSize, offset: (page - 1) * pageSize }, db);
  const [counts, asked] = await Promise.all([countBuckets(db, f, and(...filterConditions(actor, f))!, cut), rowsOf(f.page)]);
  const total = f.bucket ? counts[f.bucket] : counts.all;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(f.page, pageCount);
  const rows = page === f.page ? asked : await rowsOf(page);
  return { rows, counts, total, page, pageCount, pageSize };
}

/** How many plans of a bucket each county holds (the compliance map). */
export async function countBucketByCounty(actor: Actor, bucket: WorklistBucket, today: string): Promise<Map<string, number>> {
  const db = await getDb();
  const rows = await db
    .select({ fips: operations.countyFips, n: sql<number>`count(*)::int` })
    .from(plans)
    .innerJoin(operations, eq(operations.id, plans.operationId))
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .where(and(...filterConditions(actor, { page: 1 }), bucketCondition(bucket, receiptCutoffs(today))))
    .groupBy(operations.countyFips);
  return new Map(rows.map((r) => [r.fips, Number(r.n)]));
}

/** Received plans waiting on the department, most urgent first (the first page, unfiltered). */
export async function listWorklist(actor: Actor, today: string, limit = PAGE_SIZE): Promise<WorklistRow[]> {
  return queryWorklistRows(actor, { page: 1 }, today, { limit, offset: 0 });
}
