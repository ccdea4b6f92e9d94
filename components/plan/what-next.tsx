import Link from 'next/link';
import { Alert } from '@/components/alert';
import { SummaryBox } from '@/components/summary-box';
import { andList, countyBoardsHave, formatDate, formatMoney, pluralDays } from '@/lib/format';
import type { PlanPageData } from '@/lib/plans/view';
import { DeadlineDate } from '@/components/law/deadline-date';
import { ManureRemovalStatement } from '@/components/law/manure-removal';
import { deadlineOf } from '@/lib/deadlines';
import { latestParameter, reviewDeadline } from '@/lib/rules';

/** After submission: the received date, the review window and its end, the fees due, the counties. */
export function WhatNext({ data }: { data: PlanPageData }) {
  const { plan, reviewClock: clock } = data;
  if (plan.status === 'draft' || plan.status === 'withdrawn') return null;
  const counties = [...new Map(data.counties.map((c) => [c.fips, c.name])).values()];
  const due = data.fees.filter((f) => f.status === 'due');
  const owed = due.reduce((s, f) => s + f.amountCents - f.paidCents, 0);
  const receivedOn = clock.receivedOn ?? plan.receivedOn;
  const day60 = plan.decisionDueOn ?? clock.day60 ?? (receivedOn ? reviewDeadline(receivedOn) : null);
  const deadline = day60 ? deadlineOf('department_review', day60) : null;
  const review = latestParameter('days.mmp_review');
  return (
    <SummaryBox heading={plan.status === 'approved' || plan.status === 'disapproved' ? 'Where this plan stands' : 'What happens next'} className="margin-y-3">
      <ul className="usa-list margin-y-0">
        {receivedOn ? <li>The department received this plan on <strong>{formatDate(receivedOn)}</strong>.</li> : null}
        {plan.status === 'submitted' ? (
          <li>
            First the department checks that the plan is complete. It then approves or disapproves a complete plan within {review.value} days of receiving it
            ({review.citation}): by {deadline ? <DeadlineDate d={deadline} /> : '—'}.
          </li>
        ) : null}
        {plan.status === 'under_review' && day60 ? (
          <li>
            The plan is complete and under review. The decision is due by {deadline ? <DeadlineDate d={deadline} /> : formatDate(day60)}
            {clock.daysLeft !== null ? `: ${clock.daysLeft < 0 ? `${pluralDays(-clock.daysLeft)} late` : `${pluralDays(clock.daysLeft)} left`}` : ''} ({review.citation}).
          </li>
        ) : null}
        {plan.status === 'incomplete' ? <li>The department returned the plan as incomplete. No review clock runs until you resubmit it; a resubmission is a new receipt.</li> : null}
        {plan.decidedOn ? (
          <li>
            The department {plan.decision === 'approved' ? 'approved' : 'disapproved'} the plan on <strong>{formatDate(plan.decidedOn)}</strong>.{' '}
            <Link href={`/review/plans/${plan.id}/letter`}>Read the decision letter</Link>
            {data.letterPdf ? (
              <>
                {' '}or <a href={`/api/plans/${plan.id}/letter.pdf`}>download it as sent (PDF)</a>
              </>
            ) : null}
          </li>
        ) : null}
        <li>
          <ManureRemovalStatement answer={data.manureRemoval} />
        </li>
        <li>
          Fees due: {due.length ? <strong>{formatMoney(owed)}</strong> : 'none'}
          {due.length ? ` (${due.map((f) => `${f.payerName} pays ${formatMoney(f.amountCents)}`).join('; ')})` : ''}.
        </li>
        <li>
          {plan.channel === 'electronic'
            ? `${countyBoardsHave(counties)} electronic access to this plan (IAC 567-65.110(3)“b”(2)).`
            : `Hard copy: each county board (${andList(counties)}) must receive a paper copy, with its receipt recorded here (IAC 567-65.110(3)“b”(1)).`}
        </li>
      </ul>
      {data.countiesMissing > 0 ? (
        <Alert type="warning" slim className="margin-top-2">
          <strong>Incomplete until every county has received it:</strong> {data.countiesMissing} of {data.coverage.length}{' '}
          {data.coverage.length === 1 ? 'county has' : 'counties have'} no recorded receipt yet.
        </Alert>
      ) : null}
    </SummaryBox>
  );
}
