import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Alert } from '@/components/alert';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeading } from '@/components/page-heading';
import { SummaryBox } from '@/components/summary-box';
import { inScope, requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { formatDate } from '@/lib/format';
import { planKindLabel } from '@/lib/notifications/labels';
import { getPlanForActor, type PlanView } from '@/lib/plans/queries';
import { recordReceiptAction } from '@/app/plans/[id]/actions';
import { ReceiptForm } from '@/components/plan/receipt-form';

export const metadata: Metadata = { title: 'Record a hard-copy receipt' };

async function load(actor: Parameters<typeof getPlanForActor>[0], id: string): Promise<PlanView> {
  return inScope(getPlanForActor(actor, id));
}

// IAC 567-65.110(3)"b"(1): a hard-copy plan goes to each county it touches, with documentation that
// the county received it. The official records their own county's receipt here.
export default async function ReceiptPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requireCapability('county.read_list', `/county/plans/${id}/receipt`);
  // planScope: only a filed plan that touches the official's county is found.
  const view = await load(actor, id);
  const mine = view.counties.find((c) => c.fips === actor.countyFips);
  if (!mine) notFound();
  const receipt = view.receipts.find((r) => r.countyFips === actor.countyFips);
  const plan = view.plan;
  return (
    <>
      <Breadcrumbs items={[{ label: 'County plans', href: '/county' }, { label: 'Hard-copy receipt' }]} />
      <PageHeading title="Record a hard-copy receipt" lead={`${view.operationName}: ${planKindLabel(plan.kind, plan.updateKind)}`} />
      <SummaryBox heading="The plan">
        <ul className="usa-list margin-y-0">
          <li>Operation: {view.operationName} ({view.countyName} County)</li>
          <li>Filed: {plan.channel === 'hard_copy' ? 'on paper (hard copy)' : 'electronically'}</li>
          <li>Received by the department: {plan.receivedOn ? formatDate(plan.receivedOn) : 'not yet'}</li>
          <li>
            <Link href={`/plans/${plan.id}`}>Read the plan and its history</Link>
          </li>
        </ul>
      </SummaryBox>
      {plan.channel !== 'hard_copy' ? (
        <Alert type="info" headingLevel={2} heading="No receipt is needed">
          This plan was filed electronically. The department gave {mine.name} County access to it when it was filed
          (IAC 567-65.110(3)“b”(2)); there is no paper copy to sign for.
        </Alert>
      ) : receipt ? (
        <Alert type="success" headingLevel={2} heading={`${mine.name} County’s receipt is recorded`}>
          Received on {formatDate(receipt.receivedOn)} by {receipt.receivedByName}. The owner and the department see it on
          the plan.
        </Alert>
      ) : (
        <>
          <h2>{mine.name} County’s receipt</h2>
          <p>
            Record the day your county received this plan on paper and who received it, as on the receipt form (DNR form
            542-8046). The owner and the department will see it on the plan.
          </p>
          <ReceiptForm planId={plan.id} counties={{ only: { fips: mine.fips, name: mine.name }, today: today() }} withUpload={false} action={recordReceiptAction} />
        </>
      )}
    </>
  );
}
