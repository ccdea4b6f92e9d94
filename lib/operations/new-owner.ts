// IAC 567-65.110(1)"d", in accordance with Iowa Code 459.312: what a new owner owes. One SQL finds an
// owner who took over from a previous owner and has not filed an original plan since acquiring, with
// the answer lib/rules gave when the department (or the owner on record) confirmed the transfer; one
// function turns it into what every screen shows, so the operation page, the dashboard, reminders, the
// compliance list and the calendar agree: only where an MMP is required is there a due date, moved by
// the filing rule of Iowa Code 4.1(34). An ownership recorded without a transfer request (older data)
// is tested the same way, by mmpRequirement on the operation's facts.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { deadlineOf, type Deadline } from '@/lib/deadlines';
import { mmpRequirement, type MmpRequirement } from '@/lib/rules';

/** The answer stored on the confirmed transfer (lib/transfers), when the ownership came by one. */
export type DecidedRequirement = { required: boolean | null; dueOn: string | null; citation: string | null; reason: string | null };
export type NewOwnerRow = { acquiredOn: string; decided: DecidedRequirement | null };

/**
 * The current owner's acquisition (and the transfer's answer), when an earlier ownership was released and
 * no original plan has been filed (submitted, not withdrawn) since; null otherwise. A jsonb value.
 */
export function newOwnerSql(operationId: SQL | AnyPgColumn): SQL<NewOwnerRow | null> {
  return sql<NewOwnerRow | null>`(select jsonb_build_object('acquiredOn', own.acquired_on, 'decided', (
      select jsonb_build_object('required', t.original_mmp_required, 'dueOn', t.original_mmp_due_on,
        'citation', t.requirement_citation, 'reason', t.requirement_reason)
      from ownership_transfers t where t.operation_id = own.operation_id and t.status = 'confirmed'
        and t.claimant_party_id = own.owner_id and t.acquired_on = own.acquired_on
      order by t.decided_at desc limit 1))
    from ownerships own where own.operation_id = ${operationId}
    and own.released_on is null
    and exists (select 1 from ownerships prev where prev.operation_id = ${operationId} and prev.id <> own.id)
    and not exists (select 1 from plans np where np.operation_id = ${operationId} and np.kind = 'original'
      and np.status not in ('draft', 'withdrawn') and np.submitted_on >= own.acquired_on)
    limit 1)`;
}

export type NewOwnerFacts = {
  acquiredOn: string;
  /** The answer given on confirming the transfer, if the ownership came by one. */
  decided?: DecidedRequirement | null;
  animalUnitCapacity: number;
  constructedOn: string | null;
  lastExpandedOn: string | null;
  researchCollege: boolean;
};

/** Day 60 after acquiring (IAC 567-65.110(1)"d"), moved by the filing rule of Iowa Code 4.1(34). */
export type NewOwnerObligation = { acquiredOn: string; requirement: MmpRequirement; due: (Deadline & { daysLeft: number }) | null };

export function newOwnerObligation(f: NewOwnerFacts, today: string): NewOwnerObligation {
  const d = f.decided;
  const requirement: MmpRequirement = d && d.required !== null
    ? { required: d.required, ...(d.required && d.dueOn ? { dueOn: d.dueOn } : {}), citation: d.citation ?? 'IAC 567-65.110(1)"d"', reason: d.reason ?? '' }
    : mmpRequirement({
        filer: 'new_owner',
        animalUnitCapacity: f.animalUnitCapacity,
        acquiredOn: f.acquiredOn,
        researchCollegeActivity: f.researchCollege,
        ...(f.constructedOn ? { constructedOn: f.constructedOn } : {}),
        ...(f.lastExpandedOn ? { lastExpandedOn: f.lastExpandedOn } : {}),
      });
  if (!requirement.required || !requirement.dueOn) return { acquiredOn: f.acquiredOn, requirement, due: null };
  const due = deadlineOf('new_owner_original_mmp', requirement.dueOn, today);
  return { acquiredOn: f.acquiredOn, requirement, due: { ...due, daysLeft: due.daysLeft ?? 0 } };
}
