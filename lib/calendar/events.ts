// The dates that concern a person, for their calendar feed, read through the same scopes as every
// page: an owner's (or preparer's, or contractor's) annual update due dates and a new owner's
// original-plan deadline; a county's operations' update due dates; a reviewer's review deadlines.
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { getDb } from '@/lib/db';
import { operationScope, planScope } from '@/lib/auth/scopes';
import type { Actor } from '@/lib/auth/roles';
import { formatDate } from '@/lib/format';
import { planKindLabel } from '@/lib/notifications/labels';
import { deadlineOf, deadlineWords } from '@/lib/deadlines';
import { filedUpdateSql } from '@/lib/operations/update-filed';
import { newOwnerObligation, newOwnerSql, type NewOwnerRow as AcquisitionRow } from '@/lib/operations/new-owner';
import { addDays, animalUnitCapacity, latestParameter, type AnimalCategory } from '@/lib/rules';

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

// Operations the actor may see. For a county, county_operations (the county list's table, kept by
// triggers) first narrows the state to the county's own operations; operationScope stays the rule.
function visibleOperations(actor: Actor): SQL {
  if (actor.role !== 'county_official') return sql`select operations.* from operations where ${operationScope(actor)}`;
  return sql`select operations.* from county_operations co join operations on operations.id = co.operation_id
    where co.county_fips = ${actor.countyFips ?? ''} and ${operationScope(actor)}`;
}

async function updateDueDates(actor: Actor, from: string, to: string): Promise<DueRow[]> {
  // IAC 567-65.110(1)"e": a research college is exempt, and an operation under a SAFO election
  // files no updates while the election lasts, so neither has a due date to show; nor has an
  // operation whose update for its current due date is already filed.
  return queryRows<DueRow>(
    await getDb(),
    sql`select v.id, v.name, v.facility_id as "facilityId", d.due_on::text as "dueOn"
      from (${visibleOperations(actor)}) v
      cross join lateral (select due_on from due_date_assignments d where d.operation_id = v.id
        order by d.created_at desc, d.id desc limit 1) d
      where d.due_on between ${from}::date and ${to}::date and not v.research_college
        and not (v.safo_elected_on is not null and v.safo_ended_on is null)
        and ${filedUpdateSql(sql`v.id`)} is null
      order by d.due_on, v.name`,
  );
}

type NewOwnerRow = {
  id: string; name: string; newOwner: AcquisitionRow; constructedOn: string | null; lastExpandedOn: string | null;
  researchCollege: boolean; heads: Record<string, number>;
};

// IAC 567-65.110(1)"d": new owners who have not filed an original plan; whether one is owed at all is
// decided per operation by newOwnerObligation (lib/rules mmpRequirement).
async function newOwnerDeadlines(actor: Actor, today: string): Promise<NewOwnerRow[]> {
  return queryRows<NewOwnerRow>(
    await getDb(),
    sql`select v.id, v.name, v."newOwner", v.constructed_on::text as "constructedOn", v.last_expanded_on::text as "lastExpandedOn",
        v.research_college as "researchCollege",
        (select coalesce(jsonb_object_agg(ai.category, ai.head_at_capacity), '{}'::jsonb) from animal_inventory ai where ai.operation_id = v.id) as heads
      from (select operations.*, ${newOwnerSql(sql`operations.id`)} as "newOwner" from operations where ${operationScope(actor)}) v
      where v."newOwner" is not null and (v."newOwner"->>'acquiredOn')::date >= ${addDays(today, -AHEAD_DAYS)}::date`,
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
  const updateDue = perDate((d: string) => deadlineOf('annual_update', d));
  const words = perDate(formatDate);
  const from = addDays(today, -PAST_DAYS);
  const to = addDays(today, actor.role === 'county_official' ? COUNTY_AHEAD_DAYS : AHEAD_DAYS);
  if (['owner', 'preparer', 'active_contractor', 'county_official'].includes(actor.role)) {
    for (const r of await updateDueDates(actor, from, to)) {
      const due = updateDue(r.dueOn);
      events.push({
        uid: `update-due-${r.id}-${r.dueOn}`,
        date: r.dueOn,
        summary: `Annual MMP update due: ${r.name}`,
        description: `The annual manure management plan update for ${r.name} (facility ${r.facilityId ?? 'not yet assigned'}) is due ${words(r.dueOn)} (IAC 567-65.110(3)"b").${due.extended ? ` ${due.reason}${due.readingConfirmed ? '' : ' (Reading to be confirmed by the department.)'}` : ''}\n\n${DATE_CONVENTION}`,
        url: actor.role === 'county_official' ? `${origin}/county?q=${encodeURIComponent(r.facilityId ?? r.name)}` : `${origin}/operations/${r.id}`,
      });
    }
  }
  if (actor.role === 'owner' || actor.role === 'preparer') {
    const days = latestParameter('days.new_owner_original_mmp');
    for (const r of await newOwnerDeadlines(actor, today)) {
      const o = newOwnerObligation({
        acquiredOn: r.newOwner.acquiredOn, decided: r.newOwner.decided, animalUnitCapacity: animalUnitCapacity(r.heads as Partial<Record<AnimalCategory, number>>),
        constructedOn: r.constructedOn, lastExpandedOn: r.lastExpandedOn, researchCollege: r.researchCollege,
      }, today);
      // A new owner of an operation that need not have an MMP owes no original plan: no date to show.
      if (!o.due) continue;
      events.push({
        uid: `new-owner-${r.id}-${o.due.lastDay}`,
        date: o.due.lastDay,
        summary: `Original MMP due (new owner): ${r.name}`,
        description: `Acquired ${formatDate(r.newOwner.acquiredOn)}: the new owner submits an original manure management plan within ${days.value} days, by ${deadlineWords(o.due)} (${days.citation}).\n\n${DATE_CONVENTION}`,
        url: `${origin}/operations/${r.id}`,
      });
    }
  }
  if (actor.role === 'department_staff' || actor.role === 'department_supervisor') {
    const review = latestParameter('days.mmp_review');
    for (const r of await reviewDeadlines(actor)) {
      // IAC 567-65.110(4) is a general period under Iowa Code 4.1(34): only a Sunday last day moves.
      const d = deadlineOf('department_review', r.decisionDueOn);
      events.push({
        uid: `review-${r.id}-${r.decisionDueOn}`,
        date: r.decisionDueOn,
        summary: `Decision due: ${r.name} (${planKindLabel(r.kind, r.updateKind)})`,
        description: `Day ${review.value} of the review is ${formatDate(r.decisionDueOn)} (${review.citation}).${d.extended ? ` ${d.reason}${d.readingConfirmed ? '' : ' (Reading to be confirmed by the department.)'}` : ' Iowa Code 4.1(34) does not move it.'}\n\n${DATE_CONVENTION}`,
        url: `${origin}/review/plans/${r.id}`,
      });
    }
  }
  return events.sort((a, b) => a.date.localeCompare(b.date) || a.summary.localeCompare(b.summary));
}
