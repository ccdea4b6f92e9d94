import { formatDate } from '@/lib/format';
import { countyRelationPhrase, planKindLabel } from '@/lib/notifications/labels';
import { EmailLayout } from './components/layout';
import { Action, Facts, P, Title } from './components/parts';
import type { CountyPlanSubmittedProps } from '@/lib/mail/templates';

export function subject(p: CountyPlanSubmittedProps): string {
  return `${p.countyName} County: plan received for ${p.operationName}`;
}

export function CountyPlanSubmittedEmail(p: CountyPlanSubmittedProps) {
  return (
    <EmailLayout
      fieldOffice={p.fieldOffice}
      preferencesUrl={p.preferencesUrl}
      preview={`${p.operationName} filed a manure management plan on ${formatDate(p.receivedOn)}.`}
      reason={`You received this email because you are a designated county official for ${p.countyName} County. The department gives each county where an operation is located, or where its manure is land-applied, access to its plan (IAC 567-65.110(3)"b"(2)).`}
    >
      <Title>{`A plan that concerns ${p.countyName} County was received`}</Title>
      <P>{`Dear ${p.officialName},`}</P>
      <P>
        {`The Iowa Department of Natural Resources received a manure management plan on ${formatDate(p.receivedOn)} for ${p.operationName}, which ${countyRelationPhrase(p.relations, p.countyName)}.`}
      </P>
      <Facts
        rows={[
          ['Operation', `${p.operationName} (facility ${p.facilityId})`],
          ['Owner', p.ownerName],
          ['Plan', planKindLabel(p.planKind, p.updateKind)],
          ['Received', formatDate(p.receivedOn)],
        ]}
      />
      <P>You can read the plan in the portal. You do not need to do anything for the department to review it.</P>
      <Action href={p.planUrl}>Read the plan</Action>
    </EmailLayout>
  );
}

export const previewProps: CountyPlanSubmittedProps = {
  fieldOffice: { name: 'Field Office 3 — Spencer', email: 'field-office-3@dnr.iowa.example' },
  preferencesUrl: 'https://mmp.iowa.example/account/notifications',
  officialName: 'Karen De Jong',
  countyName: 'Lyon',
  operationName: 'Rock Valley Finishers',
  facilityId: '64512',
  ownerName: 'Dana Vander Berg',
  relations: ['land_applied_in'],
  planKind: 'annual_update',
  updateKind: 'complete_plan',
  receivedOn: '2027-01-04',
  planUrl: 'https://mmp.iowa.example/county/plans/3f6c2a8e-1b7d-4e52-9a0c-5d8e7f1a2b3c',
};
