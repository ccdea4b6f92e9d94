// IAC 567-65.110(5): may manure leave storage? One query decides whether an approved plan is in force for
// an operation, and every page, letter, email, county view and export asks it (as this SQL inside a list,
// or through manureRemovalForOperation for one operation). The reading it implements is the parameter
// reading.approved_plan_in_force (unconfirmed): an approved MMP stays in force until a later one is
// approved, and a disapproved annual update does not withdraw it; so an approved plan is in force
// exactly when the operation has one. For a new owner the same query also reads IAC 567-65.110(1)"d":
// the previous owner's approved plan covers removal only until the new owner submits an original plan,
// and only until that plan's due day (60 days after acquiring, moved by Iowa Code 4.1(34)).
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from '@/db/client';
import { today as clockToday } from '@/lib/clock';
import { deadlineOf } from '@/lib/deadlines';
import { formatDate } from '@/lib/format';
import { latestParameter, manureRemoval, newOwnerOriginalMmpDue, type NewOwnerRemovalFacts } from '@/lib/rules';

export function approvedPlanInForceSql(operationId: SQL | AnyPgColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from plans ap where ap.operation_id = ${operationId} and ap.status = 'approved')`;
}

/**
 * What the in-force answer rests on: whether an approved plan exists, and, for a current owner who took
 * over from a previous owner and has no approved plan filed since acquiring, their acquisition, the
 * original plan they submitted since (if any) and the transfer's stored answer. A jsonb value.
 */
export type InForceFacts = {
  approved: boolean;
  newOwner: { acquiredOn: string; submittedOn: string | null; required: boolean | null; dueOn: string | null } | null;
};

export function manureRemovalFactsSql(operationId: SQL | AnyPgColumn): SQL<InForceFacts> {
  return sql<InForceFacts>`jsonb_build_object('approved', ${approvedPlanInForceSql(operationId)}, 'newOwner', (
    select jsonb_build_object('acquiredOn', own.acquired_on,
      'submittedOn', (select min(coalesce(np.submitted_on, np.received_on)) from plans np where np.operation_id = own.operation_id
        and np.kind = 'original' and np.status not in ('draft', 'withdrawn') and coalesce(np.submitted_on, np.received_on) >= own.acquired_on),
      'required', (select t.original_mmp_required from ownership_transfers t where t.operation_id = own.operation_id and t.status = 'confirmed'
        and t.claimant_party_id = own.owner_id and t.acquired_on = own.acquired_on order by t.decided_at desc limit 1),
      'dueOn', (select t.original_mmp_due_on from ownership_transfers t where t.operation_id = own.operation_id and t.status = 'confirmed'
        and t.claimant_party_id = own.owner_id and t.acquired_on = own.acquired_on order by t.decided_at desc limit 1))
    from ownerships own where own.operation_id = ${operationId} and own.released_on is null
      and exists (select 1 from ownerships prev where prev.operation_id = own.operation_id and prev.id <> own.id)
      and not exists (select 1 from plans ap where ap.operation_id = own.operation_id and ap.status = 'approved'
        and coalesce(ap.submitted_on, ap.received_on) >= own.acquired_on)
    limit 1))`;
}

/** Short words for a table cell or a CSV column: the same on every page, letter and export. */
export function manureRemovalWords(allowed: boolean, until?: string | null): string {
  if (allowed && until) return `Allowed until ${formatDate(until)}: the previous owner's approved plan, until the new owner's original plan`;
  return allowed ? 'Allowed: an approved plan is in force' : 'Not allowed: no approved plan is in force';
}

export type ManureRemovalAnswer = ReturnType<typeof manureRemoval> & {
  /** The reading of "approved" used, flagged for the department to confirm. */
  reading: { text: string; confirmed: boolean; source: string };
};

/**
 * IAC 567-65.110(5), and 65.110(1)"d" for a new owner, from the facts of manureRemovalFactsSql. A transfer
 * the department confirmed as owing no original plan leaves the previous approval as it stands.
 */
export function manureRemovalAnswer(facts: InForceFacts, today: string = clockToday()): ManureRemovalAnswer {
  const reading = latestParameter('reading.approved_plan_in_force');
  const n = facts.newOwner;
  const newOwner: NewOwnerRemovalFacts | undefined = n && n.required !== false
    ? {
        acquiredOn: n.acquiredOn,
        originalMmpDueOn: deadlineOf('new_owner_original_mmp', n.dueOn ?? newOwnerOriginalMmpDue(n.acquiredOn)).day,
        originalMmpSubmittedOn: n.submittedOn,
        today,
      }
    : undefined;
  const answer = manureRemoval({ approvedPlanInForce: Boolean(facts.approved), ...(newOwner ? { newOwner } : {}) });
  return { ...answer, reading: { text: reading.value, confirmed: reading.confirmed, source: reading.source } };
}

/** The answer once the plan being approved is approved: what a decision preview states before the write. */
export const APPROVED_FACTS: InForceFacts = { approved: true, newOwner: null };

export async function manureRemovalFacts(db: Executor, operationId: string): Promise<InForceFacts> {
  const [row] = await queryRows<{ facts: InForceFacts }>(db, sql`select ${manureRemovalFactsSql(sql`${operationId}::uuid`)} as "facts"`);
  return row?.facts ?? { approved: false, newOwner: null };
}

export async function manureRemovalForOperation(db: Executor, operationId: string, today?: string): Promise<ManureRemovalAnswer> {
  return manureRemovalAnswer(await manureRemovalFacts(db, operationId), today);
}
