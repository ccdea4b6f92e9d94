import type { Executor } from '@/db/client';
import { planClockEvents, clockEventKind } from '@/db/schema';
import { daysBetween, effectiveDeadline, reviewDeadline } from '@/lib/rules';

// IAC 567-65.110(4): the department decides a complete plan within 60 days of the date it was
// received. The clock is kept as append-only events and everything below is derived from them:
// - "received" / "resubmitted" start a receipt; a plan later found complete keeps that date;
// - "returned_incomplete" stops the clock (no deadline runs until the plan comes back);
// - "decided" ends it.
export type ClockEventKind = (typeof clockEventKind.enumValues)[number];
export type ClockEvent = { kind: ClockEventKind; occurredOn: string };

export type ReviewClock = {
  state: 'not_received' | 'awaiting_completeness' | 'running' | 'stopped_incomplete' | 'decided';
  /** The receipt the 60 days count from (the last received/resubmitted date). */
  receivedOn: string | null;
  completeReceivedOn: string | null;
  /** Day 60 (IAC 567-65.110(4)) and the effective deadline (Iowa Code 4.1(34)). */
  day60: string | null;
  effectiveDeadline: string | null;
  daysLeft: number | null;
  citation: 'IAC 567-65.110(4)';
};

export function deriveReviewClock(events: readonly ClockEvent[], today: string): ReviewClock {
  let state: ReviewClock['state'] = 'not_received';
  let receivedOn: string | null = null;
  let completeReceivedOn: string | null = null;
  for (const e of events) {
    switch (e.kind) {
      case 'received':
      case 'resubmitted':
        state = 'awaiting_completeness';
        receivedOn = e.occurredOn;
        completeReceivedOn = null;
        break;
      case 'found_complete':
        if (receivedOn) {
          state = 'running';
          completeReceivedOn = receivedOn;
        }
        break;
      case 'returned_incomplete':
        state = 'stopped_incomplete';
        completeReceivedOn = null;
        break;
      case 'decided':
        state = 'decided';
        break;
    }
  }
  // The deadline is shown from receipt onward: a plan found complete keeps its received date.
  const counting = state === 'running' || state === 'awaiting_completeness' || state === 'decided';
  const day60 = counting && receivedOn ? reviewDeadline(completeReceivedOn ?? receivedOn) : null;
  const effective = day60 ? effectiveDeadline(day60) : null;
  return {
    state,
    receivedOn,
    completeReceivedOn,
    day60,
    effectiveDeadline: effective,
    daysLeft: effective && state !== 'decided' ? daysBetween(today, effective) : null,
    citation: 'IAC 567-65.110(4)',
  };
}

/** Plain words for each clock event, for every plan page's history. */
export const CLOCK_EVENT_WORDS: Record<ClockEventKind, string> = {
  received: 'The department received the plan. The 60-day review counts from this date once the plan is complete.',
  returned_incomplete: 'The department returned the plan as incomplete. No review clock runs until it is resubmitted.',
  resubmitted: 'The owner resubmitted the plan. This is a new receipt: the 60 days count from this date.',
  found_complete: 'The department found the plan complete. The 60 days still count from the date it was received.',
  decided: 'The department made its decision.',
};

/** Appends one clock event (never updates or deletes: the table refuses both). */
export async function appendClockEvent(
  tx: Executor,
  input: { planId: string; kind: ClockEventKind; occurredOn: string; actorUserId?: string | null; note?: string | null },
): Promise<void> {
  await tx.insert(planClockEvents).values({ ...input, actorUserId: input.actorUserId ?? null, note: input.note ?? null });
}
