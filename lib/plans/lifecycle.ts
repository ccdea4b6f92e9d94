import type { AuditAction } from '@/db/schema/audit';
import type { PlanStatus } from '@/db/schema/codes';
import type { Action } from '@/lib/auth/actions';

// A plan's lifecycle (IAC 567-65.110) as one table: from which statuses each event may happen, the
// status it leads to, the capability it takes (a row of ACTIONS) and the audit event it leaves. The
// commands (submit, completeness, decision, withdrawal) check and apply their event through it, and
// the tests walk it; a new event or status is added here first.

type Transition = { from: readonly PlanStatus[]; to: PlanStatus; capability: Action; audit: AuditAction };

export const PLAN_TRANSITIONS = {
  // The owner (or the preparer acting for them) files the plan; the department receives it that day.
  submit: { from: ['draft'], to: 'submitted', capability: 'plan.submit', audit: 'plan.submitted' },
  // A plan returned as incomplete or disapproved is corrected and filed again: a new receipt.
  resubmit: { from: ['incomplete', 'disapproved'], to: 'submitted', capability: 'plan.submit', audit: 'plan.resubmitted' },
  // IAC 567-65.110(4): the department reviews complete plans only; the 60 days count from receipt.
  find_complete: { from: ['submitted'], to: 'under_review', capability: 'plan.check_completeness', audit: 'plan.found_complete' },
  return_incomplete: { from: ['submitted'], to: 'incomplete', capability: 'plan.check_completeness', audit: 'plan.returned_incomplete' },
  approve: { from: ['under_review'], to: 'approved', capability: 'plan.decide', audit: 'plan.approved' },
  disapprove: { from: ['under_review'], to: 'disapproved', capability: 'plan.decide', audit: 'plan.disapproved' },
  // The owner withdraws a plan not yet under review; its unpaid fees are cancelled with it.
  withdraw: { from: ['draft', 'incomplete', 'disapproved', 'submitted'], to: 'withdrawn', capability: 'plan.withdraw', audit: 'plan.withdrawn' },
} as const satisfies Record<string, Transition>;

export type PlanEvent = keyof typeof PLAN_TRANSITIONS;
export const PLAN_EVENTS = Object.keys(PLAN_TRANSITIONS) as PlanEvent[];

/** The statuses `event` may happen from. */
export function statusesFor<E extends PlanEvent>(event: E): (typeof PLAN_TRANSITIONS)[E]['from'] {
  return PLAN_TRANSITIONS[event].from;
}

/** May `event` happen to a plan in `status`? */
export function mayHappen(status: PlanStatus | string, event: PlanEvent): boolean {
  return (PLAN_TRANSITIONS[event].from as readonly string[]).includes(status);
}

/** The events that may happen to a plan in `status`, in the table's order. */
export function eventsFrom(status: PlanStatus): PlanEvent[] {
  return PLAN_EVENTS.filter((e) => mayHappen(status, e));
}

/** A status no event leads out of: the plan's story has ended (a new plan starts the next one). */
export function isFinal(status: PlanStatus): boolean {
  return eventsFrom(status).length === 0;
}
