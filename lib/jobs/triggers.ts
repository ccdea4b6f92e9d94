// Which due dates get a reminder on which day. The 60/30/7-day lead times are the portal's notice
// schedule (issue 7), not a legal figure; every date is computed with lib/rules.
import type { reminderKind } from '@/db/schema';
import { addDays, daysBetween, deadlineKind, newOwnerOriginalMmpDue, periodEnd } from '@/lib/rules';

export type ReminderKind = (typeof reminderKind.enumValues)[number];
export type UpdateReminderKind = Exclude<ReminderKind, 'new_owner_due'>;
export type Trigger = { kind: UpdateReminderKind; dueOn: string };

export const LEAD_DAYS = { update_due_60: 60, update_due_30: 30, update_due_7: 7 } as const;

/** Reminders before the due date can be turned off; an overdue notice and a new owner's deadline cannot. */
export const OPTIONAL_REMINDERS: readonly ReminderKind[] = ['update_due_60', 'update_due_30', 'update_due_7'];

/**
 * How far back a run reaches, at most: after downtime a run processes every day it missed, and the
 * first run of a fresh install processes the year before it (so an update already overdue there
 * gets its overdue notice). A year bounds the work if the clock was set wrong.
 */
export const CATCH_UP_LIMIT_DAYS = 366;

/** The first day a run covers: the day after the last run (today on a second run the same day). */
export function coverageStart(today: string, lastRun: string | null): string {
  if (lastRun && lastRun >= today) return today;
  const earliest = addDays(today, -CATCH_UP_LIMIT_DAYS);
  const next = lastRun ? addDays(lastRun, 1) : earliest;
  return next < earliest ? earliest : next;
}

const NEXT_STAGE: Partial<Record<ReminderKind, number>> = { update_due_60: LEAD_DAYS.update_due_30, update_due_30: LEAD_DAYS.update_due_7, update_due_7: 0 };

/**
 * On a run that catches up on missed days, a reminder before the due date whose next stage has also
 * come (the 60-day one when the due date is now 30 days off or less), or whose due date has passed,
 * is not sent: the person gets the one that fits today, never three at once.
 */
export function supersededOnCatchUp(kind: ReminderKind, dueOn: string, today: string): boolean {
  const next = NEXT_STAGE[kind];
  if (next === undefined) return false;
  const daysLeft = daysBetween(today, dueOn);
  return daysLeft < 0 || (next > 0 && daysLeft <= next);
}

/**
 * For each day from `from` to `today`: the due dates 60, 30 and 7 days ahead, and the due dates that
 * became overdue that day. An update is overdue the day after its effective deadline (Iowa Code
 * 4.1(34), filing rule: a due date on a Saturday, Sunday or holiday runs to the next day that is none).
 */
export function reminderTriggers(from: string, today: string): Trigger[] {
  const seen = new Set<string>();
  const out: Trigger[] = [];
  const push = (t: Trigger) => {
    const key = `${t.kind}|${t.dueOn}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(t);
  };
  for (let day = from; day <= today; day = addDays(day, 1)) {
    for (const [kind, lead] of Object.entries(LEAD_DAYS) as [UpdateReminderKind, number][]) push({ kind, dueOn: addDays(day, lead) });
    // A weekend plus a run of holidays never moves a deadline by more than ten days.
    for (let back = 1; back <= 10; back++) {
      const dueOn = addDays(day, -back);
      if (addDays(periodEnd(dueOn, deadlineKind('annual_update')).day, 1) === day) push({ kind: 'update_overdue', dueOn });
    }
  }
  return out;
}

/**
 * IAC 567-65.110(1)"d": the earliest acquisition date whose raw last day has not yet passed.
 * Derived from newOwnerOriginalMmpDue so the day count lives in lib/rules only.
 */
export function earliestOpenAcquisition(today: string): string {
  return addDays(today, -daysBetween(today, newOwnerOriginalMmpDue(today)));
}
