import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/db/client';
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
};

async function readSummary(): Promise<ScheduleSummary> {
  const { scheduled, excluded } = await listScheduleCandidates();
  const offices = new Map<number, { id: number; city: string; operations: number }>();
  const months = new Map<string, number>();
  for (const s of scheduled) {
    const o = offices.get(s.fieldOfficeId) ?? { id: s.fieldOfficeId, city: s.fieldOffice, operations: 0 };
    o.operations++;
    offices.set(s.fieldOfficeId, o);
    if (s.currentDueOn) months.set(s.currentDueOn.slice(0, 7), (months.get(s.currentDueOn.slice(0, 7)) ?? 0) + 1);
  }
  return {
    scheduledCount: scheduled.length,
    excluded: excluded.map((e) => ({ operationId: e.operationId, name: e.name })),
    offices: [...offices.values()].sort((a, b) => a.city.localeCompare(b.city)),
    currentByMonth: [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, count]) => ({ month, count })),
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
      order by o.name, o.id limit ${limit + 1}`,
  );
  return {
    rows: rows.slice(0, limit).map((r) => ({ operationId: r.id, name: r.name, facilityId: r.facility_id, currentDueOn: r.due_on })),
    more: rows.length > limit,
  };
}
