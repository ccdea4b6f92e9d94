import { extensionSentence } from '@/lib/deadlines';
import { annualComplianceFee } from '@/lib/rules';
import { formatDate, formatMoney, formatNumber, pluralDays } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, Facts, P, Title } from './components/parts';
import type { UpdateOverdueProps } from '@/lib/mail/templates';

export function subject(p: UpdateOverdueProps): string {
  return `Overdue: annual MMP update for ${p.operationName} was due ${formatDate(p.dueOn)}`;
}

export function UpdateOverdueEmail(p: UpdateOverdueProps) {
  return (
    <EmailLayout
      fieldOffice={p.fieldOffice}
      preferencesUrl={p.preferencesUrl}
      preview={`Your annual update was due on ${formatDate(p.dueOn)} and has not been received.`}
      reason={`You received this notice because you are the owner of ${p.operationName} (facility ${p.facilityId}), which must file an annual manure management plan update (IAC 567-65.110(3)"b").`}
    >
      <Title>Your annual update is overdue</Title>
      <P>{`Dear ${p.ownerName},`}</P>
      <P strong>
        {`The annual manure management plan update for ${p.operationName} was due on ${formatDate(p.dueOn)} (IAC 567-65.110(3)"b"(3)).${extensionSentence(p.dueExtended)} The department has not received it; it is ${pluralDays(p.daysOverdue)} overdue.`}
      </P>
      <Facts
        rows={[
          ['Operation', `${p.operationName} (facility ${p.facilityId})`],
          ['Was due', formatDate(p.dueOn)],
          ['Animal unit capacity on file', `${formatNumber(p.animalUnitCapacity)} animal units`],
          ['Estimated annual compliance fee', formatMoney(p.complianceFeeCents)],
        ]}
      />
      <P>
        Please submit your update now: a complete updated plan, a no-change statement, or a list of changes (IAC
        567-65.110(3)&quot;b&quot;(3)), with the annual compliance fee. If you have already mailed a hard copy, you do
        not need to file again; the department will record it when it arrives.
      </P>
      <Action href={p.updateUrl}>Submit your annual update</Action>
    </EmailLayout>
  );
}

export const previewProps: UpdateOverdueProps = {
  fieldOffice: { name: 'Field Office 3 — Spencer', email: 'field-office-3@dnr.iowa.example' },
  preferencesUrl: 'https://mmp.iowa.example/account/notifications',
  ownerName: 'Dana Vander Berg',
  operationName: 'Rock Valley Finishers',
  facilityId: '64512',
  dueOn: '2027-03-01',
  daysOverdue: 14,
  animalUnitCapacity: 992,
  complianceFeeCents: annualComplianceFee({ animalUnitCapacity: 992, contractProducer: false }).cents,
  updateUrl: 'https://mmp.iowa.example/operations/64512/updates/new',
};
