import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageHeading } from '@/components/page-heading';
import { StatusTag } from '@/components/status-tag';
import { SummaryBox } from '@/components/summary-box';
import { requireActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { formatDate } from '@/lib/notifications/format';
import { getPlanForActor, type PlanView } from '@/lib/plans/queries';
import { effectiveDeadline } from '@/lib/rules';

export const metadata: Metadata = { title: 'Plan' };

const CLOCK_WORDS: Record<string, string> = {
  received: 'The department received the plan.',
  returned_incomplete: 'The department returned the plan as incomplete; the 60-day clock stopped.',
  resubmitted: 'The owner resubmitted the plan; this is a new receipt.',
  found_complete: 'The department found the plan complete; the 60 days run from the date it was received.',
  decided: 'The department decided.',
};

async function load(actorId: Promise<Parameters<typeof getPlanForActor>[0]>, id: string): Promise<PlanView> {
  try {
    return await getPlanForActor(await actorId, id);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') notFound();
    throw err;
  }
}

export default async function PlanPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const view = await load(requireActor(`/plans/${id}`), id);
  const { plan } = view;
  return (
    <>
      <PageHeading title={`${view.operationName}: ${plan.kind === 'original' ? 'original MMP' : 'annual update'}`} lead={`${view.countyName} County`}>
        <StatusTag status={plan.status} big />
      </PageHeading>
      <SummaryBox heading="Key dates">
        <ul className="usa-list margin-y-0">
          <li>Received: {plan.receivedOn ? formatDate(plan.receivedOn) : 'not yet'}</li>
          {plan.decisionDueOn ? (
            <li>
              Decision due (IAC 567-65.110(4), 60 days): {formatDate(plan.decisionDueOn)}; effective deadline (Iowa Code 4.1(34)):{' '}
              {formatDate(effectiveDeadline(plan.decisionDueOn))}
            </li>
          ) : null}
          {plan.decidedOn ? <li>Decided: {formatDate(plan.decidedOn)} ({plan.decision})</li> : null}
        </ul>
      </SummaryBox>
      {plan.decisionReasons ? (
        <>
          <h2>Reasons for the decision</h2>
          <p>{plan.decisionReasons}</p>
        </>
      ) : null}
      <h2>Counties</h2>
      <ul className="usa-list">
        {view.counties.map((c) => (
          <li key={`${c.fips}-${c.relation}`}>
            {c.name} — {c.relation === 'located_in' ? 'operation located here' : 'manure land-applied here'}
            {plan.channel === 'hard_copy' ? (view.receipts.some((r) => r.countyFips === c.fips) ? '; hard copy received' : '; hard copy not yet received') : ''}
          </li>
        ))}
      </ul>
      <h2>Review clock</h2>
      {view.clock.length ? (
        <ol className="usa-list">
          {view.clock.map((e) => (
            <li key={e.id}>
              {formatDate(e.occurredOn)}: {CLOCK_WORDS[e.kind] ?? e.kind}
            </li>
          ))}
        </ol>
      ) : (
        <p>The plan has not been received yet.</p>
      )}
    </>
  );
}
