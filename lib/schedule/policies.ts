import { createHash } from 'node:crypto';
import type { PolicyInput } from '@/lib/validation/due-dates';
import { addMonths, dayOf, monthLabel, nextAnniversary, nextOccurrenceOfMonth } from './months';

// IAC 567-65.110(3)"b"(3): "The department will stagger the dates by which the updated MMPs are
// due." Pure: given the operations that owe annual updates and a policy, the date each gets.

export type ScheduledOperation = {
  operationId: string;
  name: string;
  countyName: string;
  fieldOfficeId: number;
  fieldOffice: string;
  /** The first approval of a plan for the operation (the anniversary policy's date). */
  firstApprovedOn: string | null;
  currentDueOn: string | null;
  /** An annual update was filed since the current date was assigned. */
  filedSinceAssigned?: boolean;
};

/** `kept`: a passed, unfiled date the schedule leaves as it is (nothing is written for it). */
export type Assignment = ScheduledOperation & { dueOn: string | null; why: string; kept?: boolean };

export type SchedulePreview = {
  assignments: Assignment[];
  missing: Assignment[];
  /** Operations whose date has passed with no update filed: kept, or moved when the supervisor chose so. */
  overdue: Assignment[];
  /** Operations due in each month, in month order, for the chart. */
  byMonth: { month: string; label: string; count: number }[];
  hash: string;
};

export const POLICY_WORDS: Record<PolicyInput['policy'], string> = {
  even_by_month: 'Spread evenly across twelve months',
  county_group: 'By county group (the counties of each field office share a month)',
  approval_anniversary: 'On the anniversary of the first approval',
};

// Spreads `ops` over the days 1-28 of `month`, in order.
function spreadInMonth<T>(ops: T[], month: string): [T, string][] {
  return ops.map((op, r) => [op, dayOf(month, 1 + Math.floor((r * 28) / Math.max(ops.length, 1)))]);
}

const byCountyThenName = (a: ScheduledOperation, b: ScheduledOperation) =>
  a.countyName.localeCompare(b.countyName) || a.name.localeCompare(b.name) || a.operationId.localeCompare(b.operationId);

export function previewSchedule(ops: ScheduledOperation[], policy: PolicyInput, today: string): SchedulePreview {
  const dated = new Map<string, { dueOn: string | null; why: string }>();
  const sorted = [...ops].sort(byCountyThenName);
  if (policy.policy === 'even_by_month') {
    // Round-robin by county so each county's operations land in different months.
    const months = Array.from({ length: 12 }, (_, i) => addMonths(`${policy.startMonth}-01`, i));
    const buckets = months.map(() => [] as ScheduledOperation[]);
    sorted.forEach((op, i) => buckets[i % 12]!.push(op));
    buckets.forEach((list, i) => {
      for (const [op, dueOn] of spreadInMonth(list, months[i]!)) dated.set(op.operationId, { dueOn, why: `${monthLabel(months[i]!, true)}, spread across the year` });
    });
  } else if (policy.policy === 'county_group') {
    const groups = new Map<number, ScheduledOperation[]>();
    for (const op of sorted) groups.set(op.fieldOfficeId, [...(groups.get(op.fieldOfficeId) ?? []), op]);
    for (const [officeId, list] of groups) {
      const m = policy.months[String(officeId)];
      if (!m) {
        for (const op of list) dated.set(op.operationId, { dueOn: null, why: `No month chosen for the ${op.fieldOffice} field office's counties` });
        continue;
      }
      const month = nextOccurrenceOfMonth(today, m);
      for (const [op, dueOn] of spreadInMonth(list, month)) dated.set(op.operationId, { dueOn, why: `${op.fieldOffice} field office group: ${monthLabel(month, true)}` });
    }
  } else {
    for (const op of sorted) {
      dated.set(op.operationId, op.firstApprovedOn
        ? { dueOn: nextAnniversary(op.firstApprovedOn, today), why: `Anniversary of the approval on ${op.firstApprovedOn}` }
        : { dueOn: null, why: 'No approved plan to take an anniversary from' });
    }
  }
  const overdueUnfiled = (op: ScheduledOperation) => Boolean(op.currentDueOn && op.currentDueOn < today && !op.filedSinceAssigned);
  const assignments: Assignment[] = sorted.map((op) => {
    const planned = dated.get(op.operationId) ?? { dueOn: null, why: 'Not scheduled' };
    if (!overdueUnfiled(op)) return { ...op, ...planned };
    // IAC 567-65.110(3)"b"(3): a new schedule applies to dates not yet passed; an overdue update stays overdue.
    return policy.moveOverdue
      ? { ...op, ...planned, why: `${planned.why} (moved from ${op.currentDueOn}, overdue and not filed, as chosen)` }
      : { ...op, dueOn: op.currentDueOn, why: `Overdue since ${op.currentDueOn} and not filed: keeps its date`, kept: true };
  });
  const counts = new Map<string, number>();
  for (const a of assignments) if (a.dueOn) counts.set(a.dueOn.slice(0, 7), (counts.get(a.dueOn.slice(0, 7)) ?? 0) + 1);
  const monthsSeen = [...counts.keys()].sort();
  const byMonth: SchedulePreview['byMonth'] = [];
  if (monthsSeen.length) {
    // Every month from the first to the last, so an empty month shows as a gap.
    for (let m = monthsSeen[0]!; m <= monthsSeen[monthsSeen.length - 1]!; m = addMonths(`${m}-01`, 1)) {
      byMonth.push({ month: m, label: monthLabel(m), count: counts.get(m) ?? 0 });
    }
  }
  const hash = createHash('sha256')
    .update(assignments.map((a) => `${a.operationId}:${a.dueOn ?? '-'}${a.kept ? ':kept' : ''}`).join('\n'))
    .digest('hex');
  return { assignments, missing: assignments.filter((a) => !a.dueOn), overdue: assignments.filter(overdueUnfiled), byMonth, hash };
}
