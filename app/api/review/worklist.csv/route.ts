import { reviewDeadline } from '@/lib/rules';
import { today } from '@/lib/clock';
import { planKindLabel } from '@/lib/notifications/labels';
import { csvResponse } from '@/lib/csv';
import { defineRoute } from '@/lib/http/define-route';
import { queryWorklistRows, NEXT_ACTION_WORDS, type WorklistRow } from '@/lib/reviews/worklist';
import { parseWorklistFilters } from '@/lib/validation/review-worklist';

export const dynamic = 'force-dynamic';

// The filtered worklist as CSV, streamed in batches. Department only; the rows are read in the
// caller's scope by the same query as the page.
export const GET = defineRoute({ capability: 'review.read_worklist', component: 'worklist-csv', signIn: 'Sign in to download the worklist.' }, async ({ request, actor }) => {
  const filters = parseWorklistFilters(new URL(request.url).searchParams);
  const date = today();
  return csvResponse<WorklistRow>(
    `worklist-${date}.csv`,
    ['Operation', 'Facility ID', 'County', 'Field office', 'Plan', 'Channel', 'Status', 'Next action', 'Received', `Last day of the review (${reviewDeadline.citation})`, 'Effective deadline (Iowa Code 4.1(34), general rule; reading to be confirmed by the department)', 'Days left', 'Reviewer', 'Plan ID'],
    (r) => [
      r.operationName, r.facilityId, r.countyName, r.fieldOffice, planKindLabel(r.kind, r.updateKind as never),
      r.channel === 'hard_copy' ? 'Hard copy' : 'Electronic', r.status, NEXT_ACTION_WORDS[r.nextAction], r.receivedOn,
      r.day60, r.effectiveDueOn, r.daysLeft, r.reviewerName ?? 'Unassigned', r.planId,
    ],
    (offset, limit) => queryWorklistRows(actor, { ...filters, page: 1 }, date, { limit, offset }),
  );
});
