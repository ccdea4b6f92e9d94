import { formatDate } from '@/lib/format';
import { latestParameter } from '@/lib/rules';
import { planKindLabel } from '@/lib/notifications/labels';
import { EmailLayout } from './components/layout';
import { Action, Bullets, Facts, P, Subheading, Title } from './components/parts';
import { AppealParagraph, LetterHeader, ManureRemovalParagraph, OfficeContact, previewLetterParts } from './letter-parts';
import type { ReturnedIncompleteProps } from '@/lib/mail/templates';

export function subject(p: ReturnedIncompleteProps): string {
  return `Returned as incomplete: ${planKindLabel(p.planKind, p.updateKind)} for ${p.operationName}`;
}

export function ReturnedIncompleteEmail(p: ReturnedIncompleteProps) {
  const count = p.deficiencies.length;
  const review = latestParameter('days.mmp_review');
  return (
    <EmailLayout
      preview={`Your plan for ${p.operationName} needs ${count === 1 ? 'one item' : `${count} items`} before the department can review it.`}
      reason={`You received this email because you submitted, or are the owner of, ${p.operationName} (facility ${p.facilityId}) in the Manure Management Plan Portal.`}
    >
      <Title>Your plan was returned as incomplete</Title>
      <P>{formatDate(p.returnedOn)}</P>
      <LetterHeader parts={p.letter} />
      <P>{`Dear ${p.ownerName},`}</P>
      <P>
        {`On ${formatDate(p.returnedOn)} the department returned your plan for ${p.operationName}, received ${formatDate(p.receivedOn)}, because it is not complete. The department reviews complete plans only.`}
      </P>
      <Facts
        rows={[
          ['Plan reference', p.letter.referenceNumber],
          ['Operation', `${p.operationName} (facility ${p.facilityId})`],
          ['Plan', planKindLabel(p.planKind, p.updateKind)],
        ]}
      />
      <Subheading>{count === 1 ? 'What is missing' : `What is missing (${count} items)`}</Subheading>
      <Bullets
        items={p.deficiencies.map((d) => (d.detail ? `${d.title} (${d.code}): ${d.detail}` : `${d.title} (${d.code})`))}
      />
      <Subheading>What to do</Subheading>
      <P>
        Open your plan, add or correct each item above, and submit it again. Your other entries are kept, so you only
        change what is listed.
      </P>
      <P strong>
        {`The ${review.value}-day review starts when the department receives your complete plan: it approves or disapproves a complete plan within ${review.value} days of receiving it (${review.citation}).`}
      </P>
      <ManureRemovalParagraph parts={p.letter} />
      <AppealParagraph parts={p.letter} />
      <Action href={p.planUrl}>Correct and resubmit your plan</Action>
      <OfficeContact parts={p.letter} />
    </EmailLayout>
  );
}

export const previewProps: ReturnedIncompleteProps = {
  ownerName: 'Dana Vander Berg',
  operationName: 'Rock Valley Finishers',
  facilityId: '64512',
  planKind: 'original',
  receivedOn: '2027-02-01',
  returnedOn: '2027-02-09',
  deficiencies: [
    {
      code: 'land-agreement',
      title: 'Written agreement for land not owned or rented',
      detail: 'Fields 7 and 8 in Lyon County have no signed manure application agreement.',
    },
    { code: 'p-index', title: 'Phosphorus index for each field', detail: 'Field 3 has no phosphorus index value.' },
    { code: 'manure-analysis', title: 'Manure nutrient content (test results or standard values)' },
  ],
  planUrl: 'https://mmp.iowa.example/plans/3f6c2a8e-1b7d-4e52-9a0c-5d8e7f1a2b3c',
  letter: previewLetterParts,
};
