import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { getDb } from '@/lib/db';
import { registeredOperation } from '@/lib/auth/scopes';
import { cachedFigures, type CachedFigures } from '@/lib/cache/figures-cache';
import type { PolicyInput } from '@/lib/validation/due-dates';
import { previewSchedule, type Assignment, type SchedulePreview } from './policies';
import { listScheduleCandidates } from './queries';

// What the due-dates page shows, kept small: the whole schedule is every operation that owes
// annual updates (a hundred thousand at ten times Iowa's scale), so the page shows its counts, the
// preview's spread and fingerprint, and the first rows; the figures are read at most every few
// minutes (applying a policy or setting a date reads them again at once).

export const SCHEDULE_FIGURES_TTL_MS = 5 * 60_000;
/** Rows of the preview's table shown on the page. */
export const PREVIEW_ROWS = 100;

export type ScheduleSummary = {
  scheduledCount: number;
  excluded: { operationId: string; name: string }[];
  offices: { id: number; city: string; operations: number }[];
  /** Operations with a current due date in each month ('YYYY-MM'), in month order. */
  currentByMonth: { month: string; count: number }[];
};

export type PreviewSummary = {
  total: number;
  missingCount: number;
  /** The first operations left without a date, with why. */
  missing: { name: string; why: string }[];
  byMonth: SchedulePreview['byMonth'];
  hash: string;
  first: Assignment[];
  /** Every operation whose date has passed with no update filed, and whether the schedule keeps it. */
  overdue: { name: string; currentDueOn: string; kept: boolean }[];
};

/**
 * Counted in the database by field office and current due month; only the operations with a SAFO
 * election on record (few) are read whole, to take out those whose election is in force.
 */
async function readSummary(): Promise<ScheduleSummary> {
  const db = await getDb();
  const [counts, safo] = await Promise.all([
    queryRows<{ office_id: number; city: string; month: string | null; n: number }>(
      db,
      sql`select fo.id as office_id, fo.city, to_char(cur.due_on, 'YYYY-MM') as month, count(*)::int as n
        from operations o join counties c on c.fips = o.county_fips join field_offices fo on fo.id = c.field_office_id
        left join lateral (select d.due_on from due_date_assignments d where d.operation_id = o.id
          order by d.created_at desc, d.id desc limit 1) cur on true
        where ${registeredOperation('o')} and exists (select 1 from plans p where p.operation_id = o.id and p.status = 'approved')
        group by 1, 2, 3`,
    ),
    listScheduleCandidates(db, { safoElectedOnly: true }),
  ]);
  const offices = new Map<number, { id: number; city: string; operations: number }>();
  const months = new Map<string, number>();
  let scheduledCount = 0;
  for (const r of counts) {
    const o = offices.get(r.office_id) ?? { id: r.office_id, city: r.city, operations: 0 };
    o.operations += Number(r.n);
    offices.set(r.office_id, o);
    if (r.month) months.set(r.month, (months.get(r.month) ?? 0) + Number(r.n));
    scheduledCount += Number(r.n);
  }
  for (const e of safo.excluded) {
    scheduledCount--;
    offices.get(e.fieldOfficeId)!.operations--;
    if (e.currentDueOn) months.set(e.currentDueOn.slice(0, 7), months.get(e.currentDueOn.slice(0, 7))! - 1);
  }
  return {
    scheduledCount,
    excluded: safo.excluded.map((e) => ({ operationId: e.operationId, name: e.name })),
    offices: [...offices.values()].filter((o) => o.operations > 0).sort((a, b) => a.city.localeCompare(b.city)),
    currentByMonth: [...months.entries()].filter(([, n]) => n > 0).sort(([a], [b]) => a.localeCompare(b)).map(([month, count]) => ({ month, count })),
  };
}

export function readScheduleSummary(date: string): Promise<CachedFigures<ScheduleSummary>> {
  return cachedFigures(`due-dates:summary:${date}`, SCHEDULE_FIGURES_TTL_MS, readSummary);
}

/** The preview of a policy: the same computation as applying it (previewSchedule), summarised. */
export function readSchedulePreview(policy: PolicyInput, date: string): Promise<CachedFigures<PreviewSummary>> {
  return cachedFigures(`due-dates:preview:${date}:${JSON.stringify(policy)}`, SCHEDULE_FIGURES_TTL_MS, async () => {
    const { scheduled } = await listScheduleCandidates();
    const p = previewSchedule(scheduled, policy, date);
    return {
      total: p.assignments.length,
      missingCount: p.missing.length,
      missing: p.missing.slice(0, 20).map((m) => ({ name: m.name, why: m.why })),
      byMonth: p.byMonth,
      hash: p.hash,
      first: p.assignments.slice(0, PREVIEW_ROWS),
      overdue: p.overdue.map((o) => ({ name: o.name, currentDueOn: o.currentDueOn!, kept: Boolean(o.kept) })),
    };
  });
}

export type OperationChoice = { operationId: string; name: string; facilityId: string | null; currentDueOn: string | null };

/**
 * Operations with an approved plan whose name or facility ID contains `q` (all of them without
 * one), by name, at most `limit`: the choices of the form that sets one operation's date.
 */
export async function findScheduleOperations(q: string | undefined, limit = 100): Promise<{ rows: OperationChoice[]; more: boolean }> {
  const db = await getDb();
  const like = q?.trim() ? `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await queryRows<{ id: string; name: string; facility_id: string | null; due_on: string | null }>(
    db,
    sql`select o.id, o.name, o.facility_id,
        (select d.due_on::text from due_date_assignments d where d.operation_id = o.id order by d.created_at desc, d.id desc limit 1) as due_on
      from operations o
      where ${registeredOperation('o')} and exists (select 1 from plans p where p.operation_id = o.id and p.status = 'approved')
        ${like ? sql`and (o.name ilike ${like} or o.facility_id ilike ${like})` : sql``}
      order by o.name limit ${limit + 1}`,
  );
  return {
    rows: rows.slice(0, limit).map((r) => ({ operationId: r.id, name: r.name, facilityId: r.facility_id, currentDueOn: r.due_on })),
    more: rows.length > limit,
  };
}
