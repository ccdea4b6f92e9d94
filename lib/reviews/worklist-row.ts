// A worklist row and its words; no server code here, so client components can import it.

export type NextAction = 'check_completeness' | 'await_county_receipts' | 'review_and_decide' | 'waiting_on_owner';

export const NEXT_ACTION_WORDS: Record<NextAction, string> = {
  check_completeness: 'Check completeness',
  await_county_receipts: 'Waiting on county receipts',
  review_and_decide: 'Review and decide',
  waiting_on_owner: 'Waiting on the owner',
};

export type WorklistRow = {
  planId: string;
  version: number;
  operationName: string;
  facilityId: string | null;
  countyName: string;
  fieldOffice: string;
  kind: 'original' | 'annual_update';
  updateKind: string | null;
  channel: 'electronic' | 'hard_copy';
  status: string;
  receivedOn: string | null;
  /** IAC 567-65.110(4): day 60 from receipt. */
  day60: string | null;
  /** Iowa Code 4.1(34): day 60 moved past a weekend or holiday. */
  effectiveDueOn: string | null;
  daysLeft: number | null;
  reviewerUserId: string | null;
  reviewerName: string | null;
  nextAction: NextAction;
};
