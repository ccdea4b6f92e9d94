import { deadlineOf } from '@/lib/deadlines';
import { addDays, deadlineKind, periodEnd, reviewDeadline } from '@/lib/rules';

// IAC 567-65.110(4) and Iowa Code 4.1(34) applied to a whole list at once. A plan's 60 days count
// from its receipt (a plan found complete keeps its received date) and are a general period (a Sunday
// day 60 runs to Monday; a Saturday or holiday does not move it). The effective deadline only ever
// moves forward with the receipt date, so "overdue" and "due within 7 days" are each the set of receipts on or
// before one cutoff date. Finding those cutoffs here lets the database page and count 10,000
// plans without computing each deadline, and keeps every date sum in lib/rules.

export const DUE_SOON_DAYS = 7;

export type ReceiptCutoffs = {
  /** Received on or before this date: the effective deadline has passed. */
  overdueReceivedOnOrBefore: string;
  /** Received on or before this date: the effective deadline is at most 7 days away (or past). */
  dueSoonReceivedOnOrBefore: string;
};

function latestReceiptWithDeadlineAtMost(limit: string, inclusive: boolean): string {
  // Day 60 of a receipt on `limit` is after `limit`, so start there and step back.
  let receipt = limit;
  for (let i = 0; i < 400; i++) {
    const effective = periodEnd(reviewDeadline(receipt), deadlineKind('department_review')).day;
    if (inclusive ? effective <= limit : effective < limit) return receipt;
    receipt = addDays(receipt, -1);
  }
  throw new Error(`no receipt date found with a deadline before ${limit}`);
}

export function receiptCutoffs(today: string): ReceiptCutoffs {
  return {
    overdueReceivedOnOrBefore: latestReceiptWithDeadlineAtMost(today, false),
    dueSoonReceivedOnOrBefore: latestReceiptWithDeadlineAtMost(addDays(today, DUE_SOON_DAYS), true),
  };
}

export type PlanDeadline = { day60: string; effectiveDeadline: string; daysLeft: number; extended: boolean; reason: string };

/** Day 60, the effective deadline (and why it moved) and the days left for a plan received on `receivedOn`. */
export function planDeadline(receivedOn: string, today: string): PlanDeadline {
  const d = deadlineOf('department_review', reviewDeadline(receivedOn), today);
  return { day60: d.lastDay, effectiveDeadline: d.day, daysLeft: d.daysLeft ?? 0, extended: d.extended, reason: d.reason };
}
