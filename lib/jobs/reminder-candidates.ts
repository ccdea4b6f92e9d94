// Set-based reads for the daily job: one query finds every operation owed an update reminder on
// the trigger dates, one finds every new owner still inside their 60 days. Nothing here writes.
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '@/db/client';
import type { Trigger, UpdateReminderKind } from './triggers';
import type { DecidedRequirement } from '@/lib/operations/new-owner';

export type OwnerUser = { id: string; email: string; reminders: boolean; deadlines: boolean };

type OwnerFacts = {
  operationId: string;
  operationName: string;
  facilityId: string | null;
  contractProducer: boolean;
  ownerName: string;
  partyEmail: string | null;
  /** Head at capacity per Iowa Code 459.102 category; lib/rules turns it into animal units. */
  heads: Record<string, number>;
  /** The owner's active accounts, with their update-reminder and deadline-notice preferences (default on). */
  users: OwnerUser[];
  /** The kinds of mail the owner's address on file asked to stop (an unsubscribe link). */
  partyOptOuts: string[];
  /** The DNR field office that serves the operation's county. */
  fieldOffice: { name: string; email: string | null } | null;
};

export type UpdateCandidate = OwnerFacts & { kind: UpdateReminderKind; dueOn: string };
export type NewOwnerCandidate = OwnerFacts & {
  acquiredOn: string;
  previousOwnerName: string | null;
  /** What IAC 567-65.110(1)"b" tests the acquired operation on (with its capacity from `heads`). */
  constructedOn: string | null;
  lastExpandedOn: string | null;
  /** The answer lib/rules gave when the transfer that made this owner was confirmed, if one did. */
  decided: DecidedRequirement | null;
};

// What the email needs about an operation `o` and its current owner `own` / `pa`.
const ownerFacts = sql`o.id as "operationId", o.name as "operationName", o.facility_id as "facilityId",
  o.contract_producer as "contractProducer", pa.name as "ownerName", pa.email as "partyEmail",
  (select coalesce(jsonb_object_agg(ai.category, ai.head_at_capacity), '{}'::jsonb)
     from animal_inventory ai where ai.operation_id = o.id) as heads,
  (select coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'email', u.email,
       'reminders', coalesce(np.update_reminders, true), 'deadlines', coalesce(np.deadline_notices, true)) order by u.email), '[]'::jsonb)
     from users u left join notification_preferences np on np.user_id = u.id
     where u.party_id = own.owner_id and u.role = 'owner' and u.disabled_at is null) as users,
  (select coalesce(jsonb_agg(eo.list_kind), '[]'::jsonb) from email_opt_outs eo where eo.address = lower(trim(pa.email))) as "partyOptOuts",
  (select jsonb_build_object('name', fo.name, 'email', fo.email) from counties c join field_offices fo on fo.id = c.field_office_id
     where c.fips = o.county_fips) as "fieldOffice"`;

// IAC 567-65.110(1)"e"(1): a research college is exempt from the MMP rule.
const notExempt: SQL = sql`not o.research_college`;

/**
 * Operations whose current due date (the newest assignment) is one of the trigger dates, that have
 * not had this reminder for this due date, and whose owner has not already filed for it: a plan
 * waiting on the department, or an update approved after the due date was set, answers it.
 * IAC 567-65.110(1)"e"(2): an operation under a SAFO election files no updates while it lasts.
 */
export async function findUpdateReminderCandidates(db: Executor, triggers: Trigger[]): Promise<UpdateCandidate[]> {
  if (!triggers.length) return [];
  return queryRows<UpdateCandidate>(
    db,
    sql`with t as (select * from jsonb_to_recordset(${JSON.stringify(triggers)}::jsonb) as x(kind reminder_kind, "dueOn" date)),
    cur as (
      select d.operation_id, d.due_on, d.created_at, t.kind
      from due_date_assignments d join t on t."dueOn" = d.due_on
      where not exists (select 1 from due_date_assignments n where n.operation_id = d.operation_id
        and (n.created_at > d.created_at or (n.created_at = d.created_at and n.id > d.id))))
    select cur.kind, cur.due_on::text as "dueOn", ${ownerFacts}
    from cur
    join operations o on o.id = cur.operation_id
    join ownerships own on own.operation_id = o.id and own.released_on is null
    join parties pa on pa.id = own.owner_id
    where ${notExempt}
      and not (o.safo_elected_on is not null and o.safo_ended_on is null)
      and not exists (select 1 from reminders_sent r where r.operation_id = o.id and r.kind = cur.kind and r.due_on = cur.due_on)
      and not exists (select 1 from plans p where p.operation_id = o.id and (p.status in ('submitted', 'under_review')
        or (p.status = 'approved' and p.kind = 'annual_update'
            and p.received_on >= (cur.created_at at time zone 'America/Chicago')::date)))
    order by o.id, cur.kind`,
  );
}

/**
 * IAC 567-65.110(1)"d": current owners who took over an operation from a previous owner on or after
 * `acquiredSince`, have not filed their own original plan since, and have had no new-owner reminder
 * for this ownership.
 */
export async function findNewOwnerCandidates(db: Executor, acquiredSince: string, today: string): Promise<NewOwnerCandidate[]> {
  return queryRows<NewOwnerCandidate>(
    db,
    sql`select own.acquired_on::text as "acquiredOn",
      o.constructed_on::text as "constructedOn", o.last_expanded_on::text as "lastExpandedOn",
      (select jsonb_build_object('required', t.original_mmp_required, 'dueOn', t.original_mmp_due_on,
          'citation', t.requirement_citation, 'reason', t.requirement_reason)
        from ownership_transfers t where t.operation_id = o.id and t.status = 'confirmed'
          and t.claimant_party_id = own.owner_id and t.acquired_on = own.acquired_on
        order by t.decided_at desc limit 1) as decided,
      (select pp.name from ownerships prev join parties pp on pp.id = prev.owner_id
        where prev.operation_id = o.id and prev.id <> own.id order by prev.acquired_on desc limit 1) as "previousOwnerName",
      ${ownerFacts}
    from ownerships own
    join operations o on o.id = own.operation_id
    join parties pa on pa.id = own.owner_id
    where own.released_on is null and own.acquired_on between ${acquiredSince}::date and ${today}::date
      and ${notExempt}
      and exists (select 1 from ownerships prev where prev.operation_id = o.id and prev.id <> own.id)
      and not exists (select 1 from plans p where p.operation_id = o.id and p.kind = 'original'
        and p.status not in ('draft', 'withdrawn') and p.submitted_on >= own.acquired_on)
      and not exists (select 1 from reminders_sent r where r.operation_id = o.id and r.kind = 'new_owner_due'
        and r.due_on > own.acquired_on)
    order by o.id`,
  );
}
