// The dates that concern a person, for their calendar feed, read through the same scopes as every
// page: an owner's (or preparer's, or contractor's) annual update due dates and a new owner's
// original-plan deadline; a county's operations' update due dates; a reviewer's review deadlines.
import { sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows } from '@/db/client';
import { countyCandidates, operationScope, planScope } from '@/lib/auth/scopes';
import type { Actor } from '@/lib/auth/roles';
import { formatDate } from '@/lib/notifications/format';
import { planKindLabel } from '@/lib/notifications/labels';
import { addDays, effectiveDeadline, newOwnerOriginalMmpDue } from '@/lib/rules';

export type CalendarEvent = { uid: string; date: string; summary: string; description: string; url: string };

/**
 * The feed's one convention, for owners, counties and reviewers alike: an event sits on the last
 * day as counted (the due date the department set, day 60 of a review), never moved for a weekend
 * or holiday; where the law moves the deadline, the event says to which day and why.
 */
export const DATE_CONVENTION =
  'Calendar dates from the MMP Portal are the last day as counted, never moved for weekends or holidays; where the law moves a deadline, the event says to which day.';

// A feed shows the recent past (so a missed date is still there) and the year ahead; a county's
// feed, which can hold thousands of operations, the next six months.
const PAST_DAYS = 30;
const AHEAD_DAYS = 400;
const COUNTY_AHEAD_DAYS = 183;

type DueRow = { id: string; name: string; facilityId: string | null; dueOn: string };

// Operations the actor may see. For a county, countyCandidates first narrows the state to the
// county's operations with one hashed lookup (see lib/counties/county-plans.ts).
function visibleOperations(actor: Actor): SQL {
  if (actor.role !== 'county_official') return sql`select operations.* from operations where ${operationScope(actor)}`;
  return sql`select operations.* from operations where ${countyCandidates(actor.countyFips ?? '')} and ${operationScope(actor)}`;
}

async function updateDueDates(actor: Actor, from: string, to: string): Promise<DueRow[]> {
  // IAC 567-65.110(1)"e": a research college is exempt, and an operation under a SAFO election
  // files no updates while the election lasts, so neither has a due date to show.
  return queryRows<DueRow>(
    await getDb(),
    sql`select v.id, v.name, v.facility_id as "facilityId", d.due_on::text as "dueOn"
      from (${visibleOperations(actor)}) v
      cross join lateral (select due_on from due_date_assignments d where d.operation_id = v.id
        order by d.created_at desc, d.id desc limit 1) d
      where d.due_on between ${from}::date and ${to}::date and not v.research_college
        and not (v.safo_elected_on is not null and v.safo_ended_on is null)
      order by d.due_on, v.name`,
  );
}

async function newOwnerDeadlines(actor: Actor, today: string): Promise<{ id: string; name: string; acquiredOn: string }[]> {
  return queryRows(
    await getDb(),
    sql`select operations.id, operations.name, own.acquired_on::text as "acquiredOn"
      from operations join ownerships own on own.operation_id = operations.id and own.released_on is null
      where ${operationScope(actor)} and own.acquired_on >= ${addDays(today, -AHEAD_DAYS)}::date
        and exists (select 1 from ownerships prev where prev.operation_id = operations.id and prev.id <> own.id)
        and not exists (select 1 from plans p where p.operation_id = operations.id and p.kind = 'original'
          and p.status not in ('draft', 'withdrawn') and p.submitted_on >= own.acquired_on)`,
  );
}

async function reviewDeadlines(actor: Actor) {
  return queryRows<{ id: string; name: string; kind: 'original' | 'annual_update'; updateKind: null | 'complete_plan' | 'no_change_statement' | 'list_of_changes'; decisionDueOn: string }>(
    await getDb(),
    sql`select plans.id, o.name, plans.kind, plans.update_kind as "updateKind", plans.decision_due_on::text as "decisionDueOn"
      from plans join operations o on o.id = plans.operation_id
      where ${planScope(actor)} and plans.reviewer_user_id = ${actor.id}
        and plans.status in ('submitted', 'under_review') and plans.decision_due_on is not null`,
  );
}

/** Memoizes a date function: a county's thousands of operations share a few hundred due dates. */
function perDate<T>(fn: (date: string) => T): (date: string) => T {
  const seen = new Map<string, T>();
  return (date) => {
    if (!seen.has(date)) seen.set(date, fn(date));
    return seen.get(date)!;
  };
}

export async function listCalendarEvents(actor: Actor, today: string, origin: string): Promise<CalendarEvent[]> {
  const events: CalendarEvent[] = [];
  const deadlineOf = perDate(effectiveDeadline);
  const words = perDate(formatDate);
  const from = addDays(today, -PAST_DAYS);
  const to = addDays(today, actor.role === 'county_official' ? COUNTY_AHEAD_DAYS : AHEAD_DAYS);
  if (['owner', 'preparer', 'active_contractor', 'county_official'].includes(actor.role)) {
    for (const r of await updateDueDates(actor, from, to)) {
      const effective = deadlineOf(r.dueOn);
      events.push({
        uid: `update-due-${r.id}-${r.dueOn}`,
        date: r.dueOn,
        summary: `Annual MMP update due: ${r.name}`,
        description: `The annual manure management plan update for ${r.name} (facility ${r.facilityId ?? 'not yet assigned'}) is due ${words(r.dueOn)} (IAC 567-65.110(3)"b").${effective !== r.dueOn ? ` That day is a weekend or holiday, so it may be filed by ${words(effective)} (Iowa Code 4.1(34)).` : ''}\n\n${DATE_CONVENTION}`,
        url: actor.role === 'county_official' ? `${origin}/county?q=${encodeURIComponent(r.facilityId ?? r.name)}` : `${origin}/operations/${r.id}`,
      });
    }
  }
  if (actor.role === 'owner' || actor.role === 'preparer') {
    for (const r of await newOwnerDeadlines(actor, today)) {
      const dueOn = newOwnerOriginalMmpDue(r.acquiredOn);
      events.push({
        uid: `new-owner-${r.id}-${dueOn}`,
        date: dueOn,
        summary: `Original MMP due (new owner): ${r.name}`,
        description: `Acquired ${formatDate(r.acquiredOn)}: the new owner submits an original manure management plan within 60 days, by ${formatDate(dueOn)} (IAC 567-65.110(1)"d").${effectiveDeadline(dueOn) !== dueOn ? ` That day is a weekend or holiday, so it may be filed by ${formatDate(effectiveDeadline(dueOn))} (Iowa Code 4.1(34)).` : ''}\n\n${DATE_CONVENTION}`,
        url: `${origin}/operations/${r.id}`,
      });
    }
  }
  if (actor.role === 'department_staff' || actor.role === 'department_supervisor') {
    for (const r of await reviewDeadlines(actor)) {
      const effective = effectiveDeadline(r.decisionDueOn);
      events.push({
        uid: `review-${r.id}-${r.decisionDueOn}`,
        date: r.decisionDueOn,
        summary: `Decision due: ${r.name} (${planKindLabel(r.kind, r.updateKind)})`,
        description: `Day 60 of the review is ${formatDate(r.decisionDueOn)} (IAC 567-65.110(4)).${effective !== r.decisionDueOn ? ` That day is a weekend or holiday, so the deadline runs to ${formatDate(effective)} (Iowa Code 4.1(34)).` : ''}\n\n${DATE_CONVENTION}`,
        url: `${origin}/review/plans/${r.id}`,
      });
    }
  }
  return events.sort((a, b) => a.date.localeCompare(b.date) || a.summary.localeCompare(b.summary));
}
