import { extensionSentence } from '@/lib/deadlines';
import { latestParameter, newOwnerOriginalMmpDue } from '@/lib/rules';
import { formatDate, pluralDays } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, Facts, P, Title } from './components/parts';
import type { NewOwnerDueProps } from '@/lib/mail/templates';

export function subject(p: NewOwnerDueProps): string {
  return `New owner: original MMP for ${p.operationName} due ${formatDate(p.dueOn)}`;
}

export function NewOwnerDueEmail(p: NewOwnerDueProps) {
  const previous = p.previousOwnerName ? `${p.previousOwnerName}'s` : "the previous owner's";
  const days = latestParameter('days.new_owner_original_mmp');
  return (
    <EmailLayout
      fieldOffice={p.fieldOffice}
      preferencesUrl={p.preferencesUrl}
      preview={`Submit an original manure management plan by ${formatDate(p.dueOn)}.`}
      reason={`You received this email because you are recorded as the new owner of ${p.operationName} (facility ${p.facilityId}) in the Manure Management Plan Portal.`}
    >
      <Title>{`Your original plan is due in ${pluralDays(p.daysLeft)}`}</Title>
      <P>{`Dear ${p.ownerName},`}</P>
      <P strong>
        {`You acquired ${p.operationName} on ${formatDate(p.acquiredOn)}. As its new owner you must develop and submit an original manure management plan by ${formatDate(p.dueOn)}, within ${days.value} days after acquiring the operation (${days.citation}).${extensionSentence(p.dueExtended)} That is ${pluralDays(p.daysLeft)} from today.`}
      </P>
      <Facts
        rows={[
          ['Operation', `${p.operationName} (facility ${p.facilityId})`],
          ['Acquired', formatDate(p.acquiredOn)],
          ['Original plan due', p.dueExtended ? `${formatDate(p.dueOn)} (may be filed by ${formatDate(p.dueExtended.day)}, Iowa Code 4.1(34))` : formatDate(p.dueOn)],
        ]}
      />
      <P>{`Until you submit your own plan, you may apply manure under ${previous} most recent plan.`}</P>
      <Action href={p.planUrl}>Start your original plan</Action>
    </EmailLayout>
  );
}

export const previewProps: NewOwnerDueProps = {
  fieldOffice: { name: 'Field Office 3 — Spencer', email: 'field-office-3@dnr.iowa.example' },
  preferencesUrl: 'https://mmp.iowa.example/account/notifications',
  ownerName: 'Lena Hoogeveen',
  operationName: 'Doon Ridge Sow Unit',
  facilityId: '58231',
  previousOwnerName: 'Harold Dykstra',
  acquiredOn: '2027-01-15',
  dueOn: newOwnerOriginalMmpDue('2027-01-15'),
  daysLeft: 30,
  planUrl: 'https://mmp.iowa.example/operations/58231/plans/new',
};
