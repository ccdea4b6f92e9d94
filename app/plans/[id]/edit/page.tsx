import { inScope } from '@/lib/auth/gates';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { Alert } from '@/components/alert';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeading } from '@/components/page-heading';
import { PlanWizard } from '@/components/plan/wizard/plan-wizard';
import { requireActor } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { getPlanEditor } from '@/lib/plans/editor';
import { isStepId } from '@/lib/plans/steps';
import { deficiencyDefinition } from '@/lib/plans/deficiencies';
import { peekDraftAction, removeAttachmentAction, requestSignatureAction, requestStatementAction, saveDraftAction, signingPasskeyOptionsAction, signingPreviewAction, submitPlanAction } from './actions';

export const metadata: Metadata = { title: 'File a plan' };

export default async function EditPlanPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ step?: string }> }) {
  const [{ id }, { step }] = await Promise.all([params, searchParams]);
  const actor = await requireActor(`/plans/${id}/edit`);
  const data = await inScope(getPlanEditor(actor, id, today()));
  if (!data.editable) redirect(`/plans/${id}`);
  const title = data.plan.kind === 'original' ? 'Original manure management plan' : 'Annual update';
  return (
    <>
      <Breadcrumbs items={[{ label: 'My operations', href: '/dashboard' }, { label: data.operation.name, href: `/operations/${data.operation.id}` }, { label: title }]} />
      <PageHeading
        title={`${title}: ${data.operation.name}`}
        lead={
          data.plan.kind === 'original'
            ? 'The content IAC 567-65.111 asks for, one step at a time. Everything you type is saved as you go; you can stop and come back.'
            : 'Your update starts from the plan the department last approved. Everything you type is saved as you go.'
        }
      />
      {data.deficiencies.length ? (
        <Alert type="warning" heading="The department returned this plan: add what is missing, then submit it again" headingLevel={2} className="margin-bottom-3">
          <ul className="usa-list">
            {data.deficiencies.map((d) => (
              <li key={d.id}>
                {deficiencyDefinition(d.code).title}
                {d.detail ? `: ${d.detail}` : ''} <span className="text-italic">({d.answered ? 'answered' : 'not answered yet'})</span>
              </li>
            ))}
          </ul>
          {data.deficiencies.some((d) => !d.answered) ? (
            <p className="margin-bottom-0">
              Each item needs your answer before the plan can be resubmitted: <Link href={`/plans/${id}#answers-heading`}>answer them on the plan’s page</Link>.
            </p>
          ) : null}
        </Alert>
      ) : null}
      <PlanWizard
        data={data}
        actions={{ save: saveDraftAction, peek: peekDraftAction, submit: submitPlanAction, signingPreview: signingPreviewAction, requestSignature: requestSignatureAction, signingPasskeyOptions: signingPasskeyOptionsAction, removeFile: removeAttachmentAction, requestStatement: requestStatementAction }}
        initialStep={isStepId(step) ? step : null}
      />
    </>
  );
}
