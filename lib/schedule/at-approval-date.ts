import type { StaggerPolicy } from '@/lib/validation/due-dates';
import { addMonths, dayOf, monthLabel, nextAnniversary, nextOccurrenceOfMonth } from './months';
import { POLICY_WORDS } from './policies';

// IAC 567-65.110(3)"b"(3): "The department will stagger the dates by which the updated MMPs are due."
// An operation whose plan is approved after the department last applied its policy has no date; it gets
// one from that same policy at approval, so no approved plan is left without an annual update due. Pure.

export type AtApprovalInput = {
  today: string;
  /** The policy of the department's latest applied schedule, or null if none has been applied. */
  policy: StaggerPolicy | null;
  /** The month ('YYYY-MM') the county-group policy last gave this operation's field office, if any. */
  officeMonth: string | null;
  fieldOffice: string;
  /** Operations whose current due date falls in each month ('YYYY-MM' -> count). */
  monthLoads: Record<string, number>;
};

export type AtApprovalDate = { dueOn: string; policy: StaggerPolicy; why: string };

// The next free-ish day of a month: the days 1-28 are handed out in turn as the month fills.
function dayIn(month: string, loads: Record<string, number>): string {
  return dayOf(month, 1 + ((loads[month] ?? 0) % 28));
}

function anniversary(today: string, note: string): AtApprovalDate {
  return { dueOn: nextAnniversary(today, today), policy: 'approval_anniversary', why: `${POLICY_WORDS.approval_anniversary}: the approval on ${today}${note}` };
}

export function dueDateAtApproval(i: AtApprovalInput): AtApprovalDate {
  if (i.policy === 'even_by_month') {
    // The twelve months around the approval's anniversary (five before, six after): an update a year on,
    // give or take half a year, in whichever of them has the fewest updates due, keeps the spread even.
    const months = Array.from({ length: 12 }, (_, k) => addMonths(i.today, 7 + k));
    const month = months.reduce((best, m) => ((i.monthLoads[m] ?? 0) < (i.monthLoads[best] ?? 0) ? m : best), months[0]!);
    return { dueOn: dayIn(month, i.monthLoads), policy: 'even_by_month', why: `${POLICY_WORDS.even_by_month}: ${monthLabel(month, true)}, the month around the anniversary of the approval with the fewest updates due` };
  }
  if (i.policy === 'county_group') {
    if (!i.officeMonth) return anniversary(i.today, ` (no month is on record for the ${i.fieldOffice} field office's counties)`);
    const month = nextOccurrenceOfMonth(i.today, Number(i.officeMonth.slice(5, 7)));
    return { dueOn: dayIn(month, i.monthLoads), policy: 'county_group', why: `${POLICY_WORDS.county_group}: ${i.fieldOffice} field office group, ${monthLabel(month, true)}` };
  }
  return anniversary(i.today, i.policy === null ? ' (the department has not applied a staggering policy yet)' : '');
}
