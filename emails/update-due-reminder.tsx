import { extensionSentence } from '@/lib/deadlines';
import { annualComplianceFee, latestParameter } from '@/lib/rules';
import { formatDate, formatMoney, formatNumber, pluralDays } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, Bullets, Facts, P, Subheading, Title } from './components/parts';
import type { UpdateDueReminderProps } from '@/lib/mail/templates';

export function subject(p: UpdateDueReminderProps): string {
  return `Annual MMP update due in ${pluralDays(p.daysLeft)} (${formatDate(p.dueOn)}): ${p.operationName}`;
}

export function UpdateDueReminderEmail(p: UpdateDueReminderProps) {
  const rate = latestParameter('fee.annual_compliance_cents_per_animal_unit');
  return (
    <EmailLayout
      fieldOffice={p.fieldOffice}
      preferencesUrl={p.preferencesUrl}
      preview={`Due ${formatDate(p.dueOn)}, ${pluralDays(p.daysLeft)} from today.`}
      reason={`You received this reminder because you are the owner of ${p.operationName} (facility ${p.facilityId}), which must file an annual manure management plan update (IAC 567-65.110(3)"b").`}
    >
      <Title>{`Your annual update is due in ${pluralDays(p.daysLeft)}`}</Title>
      <P>{`Dear ${p.ownerName},`}</P>
      <P strong>
        {`The annual manure management plan update for ${p.operationName} is due on ${formatDate(p.dueOn)}, ${pluralDays(p.daysLeft)} from today (IAC 567-65.110(3)"b"(3)).${extensionSentence(p.dueExtended)}`}
      </P>
      <Facts
        rows={[
          ['Operation', `${p.operationName} (facility ${p.facilityId})`],
          ['Due date', formatDate(p.dueOn)],
          ['Animal unit capacity on file', `${formatNumber(p.animalUnitCapacity)} animal units`],
          ['Estimated annual compliance fee', formatMoney(p.complianceFeeCents)],
        ]}
      />
      <P>
        {`The annual compliance fee is ${formatMoney(rate.value)} per animal unit of capacity stated in your update (${rate.citation}). The amount above is an estimate from the capacity on file; it changes if your update states a different capacity.`}
      </P>
      <Subheading>How to file</Subheading>
      <P>Your update can be any one of these (IAC 567-65.110(3)&quot;b&quot;(3)):</P>
      <Bullets
        items={[
          'a complete updated plan;',
          'a statement that nothing has changed since your last submission; or',
          'a list of the changes made since your last submission.',
        ]}
      />
      <Action href={p.updateUrl}>Start your annual update</Action>
    </EmailLayout>
  );
}

export const previewProps: UpdateDueReminderProps = {
  fieldOffice: { name: 'Field Office 3 — Spencer', email: 'field-office-3@dnr.iowa.example' },
  preferencesUrl: 'https://mmp.iowa.example/account/notifications',
  ownerName: 'Dana Vander Berg',
  operationName: 'Rock Valley Finishers',
  facilityId: '64512',
  daysLeft: 30,
  dueOn: '2027-03-01',
  animalUnitCapacity: 992,
  complianceFeeCents: annualComplianceFee({ animalUnitCapacity: 992, contractProducer: false }).cents,
  updateUrl: 'https://mmp.iowa.example/operations/64512/updates/new',
};
