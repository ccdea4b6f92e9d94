import { formatDate } from '@/lib/format';
import { latestParameter } from '@/lib/rules';
import { countyRelationPhrase, planKindLabel } from '@/lib/notifications/labels';
import { EmailLayout } from './components/layout';
import { Action, Facts, P, Title } from './components/parts';
import type { CountyPlanDecidedProps } from '@/lib/mail/templates';

export function subject(p: CountyPlanDecidedProps): string {
  return `${p.countyName} County: plan ${p.decision} for ${p.operationName}`;
}

export function CountyPlanDecidedEmail(p: CountyPlanDecidedProps) {
  const review = latestParameter('days.mmp_review');
  const m = p.manureRemoval;
  return (
    <EmailLayout
      fieldOffice={p.fieldOffice}
      preferencesUrl={p.preferencesUrl}
      preview={`The department ${p.decision} the plan for ${p.operationName} on ${formatDate(p.decidedOn)}.`}
      reason={`You received this email because you are a designated county official for ${p.countyName} County, which receives the plans of operations located in it or land-applying manure in it (IAC 567-65.110(3)"b"(2)).`}
    >
      <Title>{`Plan ${p.decision}: ${p.operationName}`}</Title>
      <P>{`Dear ${p.officialName},`}</P>
      <P>
        {`On ${formatDate(p.decidedOn)} the department ${p.decision} the manure management plan for ${p.operationName}, which ${countyRelationPhrase(p.relations, p.countyName)}. The complete plan was received on ${formatDate(p.receivedOn)} (${review.citation} calls for a decision within ${review.value} days of receiving a complete plan).`}
      </P>
      {m ? (
        <P>{`Manure removal from storage: ${m.allowed ? 'allowed' : 'not allowed'}. ${m.reason} (${m.citation})${m.readingConfirmed ? '' : ' This reading of the rule is to be confirmed by the department.'}`}</P>
      ) : null}
      <Facts
        rows={[
          ['Operation', `${p.operationName} (facility ${p.facilityId})`],
          ['Owner', p.ownerName],
          ['Plan', planKindLabel(p.planKind, p.updateKind)],
          ['Decision', `${p.decision === 'approved' ? 'Approved' : 'Disapproved'} on ${formatDate(p.decidedOn)}`],
        ]}
      />
      <Action href={p.planUrl}>Read the plan and decision</Action>
    </EmailLayout>
  );
}

export const previewProps: CountyPlanDecidedProps = {
  fieldOffice: { name: 'Field Office 3 — Spencer', email: 'field-office-3@dnr.iowa.example' },
  preferencesUrl: 'https://mmp.iowa.example/account/notifications',
  officialName: 'Karen De Jong',
  countyName: 'Sioux',
  operationName: 'Rock Valley Finishers',
  facilityId: '64512',
  ownerName: 'Dana Vander Berg',
  relations: ['located_in', 'land_applied_in'],
  planKind: 'original',
  decision: 'approved',
  receivedOn: '2027-01-04',
  decidedOn: '2027-02-26',
  planUrl: 'https://mmp.iowa.example/county/plans/3f6c2a8e-1b7d-4e52-9a0c-5d8e7f1a2b3c',
  manureRemoval: { allowed: true, reason: 'An approved manure management plan is in force for this operation, so manure may be removed from storage and applied under it. An approved plan stays in force until a later one is approved; a disapproved annual update does not withdraw it.', citation: 'IAC 567-65.110(5)', readingConfirmed: false },
};
