import 'server-only';
import type { Executor } from '@/db/client';
import { planClockEvents, clockEventKind } from '@/db/schema';
import { deadlineOf, type Deadline } from '@/lib/deadlines';
import { parameterValue, reviewDeadline } from '@/lib/rules';

// IAC 567-65.110(4): the department decides a complete plan within 60 days of the date it was
// received. The clock is kept as append-only events and everything below is derived from them:
// - "received" / "resubmitted" start a receipt; a plan later found complete keeps that date;
// - "returned_incomplete" stops the clock and ends that receipt: no deadline runs, and the incomplete
//   receipt never starts the 60 days. The complete plan's receipt does: a resubmission, or, for a plan
//   found complete after a return without one, the day it was found complete;
// - "decided" ends it.
// The 60 days are a general period under Iowa Code 4.1(34) (deadlineKind('department_review')): a
// Sunday day 60 runs to Monday; a Saturday or a holiday does not move it.
export type ClockEventKind = (typeof clockEventKind.enumValues)[number];
export type ClockEvent = { kind: ClockEventKind; occurredOn: string };

export type ReviewClock = {
  state: 'not_received' | 'awaiting_completeness' | 'running' | 'stopped_incomplete' | 'decided';
  /** The receipt the 60 days count from (the last received/resubmitted date). */
  receivedOn: string | null;
  completeReceivedOn: string | null;
  /** Day 60 (IAC 567-65.110(4)) and the effective deadline (Iowa Code 4.1(34), general rule). */
  day60: string | null;
  effectiveDeadline: string | null;
  /** The same deadline with the rule that moved it, for screens. */
  deadline: Deadline | null;
  daysLeft: number | null;
  citation: 'IAC 567-65.110(4)';
};

export function deriveReviewClock(events: readonly ClockEvent[], today: string): ReviewClock {
  let state: ReviewClock['state'] = 'not_received';
  let receivedOn: string | null = null;
  let completeReceivedOn: string | null = null;
  // The receipt that can still start the 60 days (a returned plan's receipt cannot).
  let openReceipt: string | null = null;
  for (const e of events) {
    switch (e.kind) {
      case 'received':
      case 'resubmitted':
        state = 'awaiting_completeness';
        receivedOn = e.occurredOn;
        openReceipt = e.occurredOn;
        completeReceivedOn = null;
        break;
      case 'found_complete':
        if (receivedOn) {
          state = 'running';
          // Found complete after a return with no resubmission: the complete plan is in hand from today.
          completeReceivedOn = openReceipt ?? e.occurredOn;
          receivedOn = completeReceivedOn;
          openReceipt = completeReceivedOn;
        }
        break;
      case 'returned_incomplete':
        state = 'stopped_incomplete';
        completeReceivedOn = null;
        openReceipt = null;
        break;
      case 'decided':
        state = 'decided';
        break;
    }
  }
  // The deadline is shown from receipt onward: a plan found complete keeps its received date.
  const counting = state === 'running' || state === 'awaiting_completeness' || state === 'decided';
  const start = completeReceivedOn ?? openReceipt;
  const day60 = counting && start ? reviewDeadline(start) : null;
  const deadline = day60 ? deadlineOf('department_review', day60, today) : null;
  return {
    state,
    receivedOn,
    completeReceivedOn,
    day60,
    effectiveDeadline: deadline?.day ?? null,
    deadline,
    daysLeft: deadline && state !== 'decided' ? deadline.daysLeft : null,
    citation: 'IAC 567-65.110(4)',
  };
}

/** Plain words for each clock event, for every plan page's history. */
const DAYS = parameterValue('days.mmp_review');
export const CLOCK_EVENT_WORDS: Record<ClockEventKind, string> = {
  received: `The department received the plan. The ${DAYS}-day review (${reviewDeadline.citation}) counts from this date once the plan is complete.`,
  returned_incomplete: 'The department returned the plan as incomplete. No review clock runs until it is resubmitted.',
  resubmitted: `The owner resubmitted the plan. This is a new receipt: the ${DAYS} days count from this date.`,
  found_complete: `The department found the plan complete. The ${DAYS} days count from the date the complete plan was received.`,
  decided: 'The department made its decision.',
};

/** Appends one clock event (never updates or deletes: the table refuses both). */
export async function appendClockEvent(
  tx: Executor,
  input: { planId: string; kind: ClockEventKind; occurredOn: string; actorUserId?: string | null; note?: string | null },
): Promise<void> {
  await tx.insert(planClockEvents).values({ ...input, actorUserId: input.actorUserId ?? null, note: input.note ?? null });
}
