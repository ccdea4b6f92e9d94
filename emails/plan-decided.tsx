import { daysBetween, latestParameter } from '@/lib/rules';
import type { LetterParts } from '@/lib/reviews/letter-parts';
import { formatDate } from '@/lib/format';
import { planKindLabel, type PlanKind, type UpdateKind } from '@/lib/notifications/labels';
import { EmailLayout } from './components/layout';
import { Action, Bullets, Facts, P, Subheading, Title } from './components/parts';
import { AppealParagraph, LetterHeader, ManureRemovalParagraph, OfficeContact, previewLetterParts } from './letter-parts';

type Decision = { decision: 'approved'; reasons?: string[] } | { decision: 'disapproved'; reasons: string[] };

export type PlanDecidedProps = Decision & {
  ownerName: string;
  operationName: string;
  facilityId: string;
  countyName: string;
  planKind: PlanKind;
  updateKind?: UpdateKind | null;
  /** The day the department received the complete plan: the start of the 60-day review. */
  receivedOn: string;
  decidedOn: string;
  decidedBy: { name: string; title: string };
  planUrl: string;
  /** Reference number, addresses, manure removal and (for a disapproval) the appeal paragraph. */
  letter: LetterParts;
};

export function subject(p: PlanDecidedProps): string {
  const verb = p.decision === 'approved' ? 'Approved' : 'Disapproved';
  return `${verb}: ${planKindLabel(p.planKind, p.updateKind)} for ${p.operationName}`;
}

/** The decision letter of IAC 567-65.110(4); a disapproval always states its reasons. */
export function PlanDecidedEmail(p: PlanDecidedProps) {
  const approved = p.decision === 'approved';
  const reasons = p.reasons ?? [];
  if (!approved && reasons.length === 0) throw new Error('A disapproval letter must state its reasons');
  const word = approved ? 'approved' : 'disapproved';
  const day = daysBetween(p.receivedOn, p.decidedOn);
  const review = latestParameter('days.mmp_review');
  return (
    <EmailLayout
      preview={`The department ${word} your plan for ${p.operationName} on ${formatDate(p.decidedOn)}.`}
      reason={`You received this letter because you are the owner of ${p.operationName} (facility ${p.facilityId}) in ${p.countyName} County, or filed its plan, in the Manure Management Plan Portal.`}
    >
      <Title>{`Your manure management plan is ${word}`}</Title>
      <P>{formatDate(p.decidedOn)}</P>
      <LetterHeader parts={p.letter} />
      <P>{`Dear ${p.ownerName},`}</P>
      <Facts
        rows={[
          ['Plan reference', p.letter.referenceNumber],
          ['Operation', `${p.operationName} (facility ${p.facilityId}), ${p.countyName} County`],
          ['Plan', planKindLabel(p.planKind, p.updateKind)],
          ['Complete plan received', formatDate(p.receivedOn)],
          ['Decision', `${approved ? 'Approved' : 'Disapproved'} on ${formatDate(p.decidedOn)}`],
        ]}
      />
      <P>
        {`Under ${review.citation}, the department approves or disapproves a complete manure management plan within ${review.value} days of the date it is received. The department received your complete plan on ${formatDate(p.receivedOn)} and ${word} it on ${formatDate(p.decidedOn)}, day ${day} of the review.`}
      </P>
      <ManureRemovalParagraph parts={p.letter} />
      {reasons.length > 0 && (
        <>
          <Subheading>{approved ? 'Notes' : 'Reasons for disapproval'}</Subheading>
          <Bullets items={reasons} />
        </>
      )}
      {!approved && (
        <P>
          {`You may correct the plan and submit it again. The department will review a resubmitted complete plan within ${review.value} days of receiving it (${review.citation}).`}
        </P>
      )}
      {approved ? null : <AppealParagraph parts={p.letter} />}
      <P>{`${p.decidedBy.name}, ${p.decidedBy.title}`}</P>
      <P>Iowa Department of Natural Resources</P>
      <OfficeContact parts={p.letter} />
      <Action href={p.planUrl}>View the plan and this decision</Action>
    </EmailLayout>
  );
}

export const previewProps: PlanDecidedProps = {
  decision: 'disapproved',
  reasons: [
    'Field 12 (Lyon County): the planned rate of 6,500 gallons per acre exceeds the nitrogen needed for the optimum corn yield.',
    'Field 3 has a phosphorus index of 16.2 (very high); no manure may be applied until it is reduced.',
  ],
  ownerName: 'Dana Vander Berg',
  operationName: 'Rock Valley Finishers',
  facilityId: '64512',
  countyName: 'Sioux',
  planKind: 'original',
  receivedOn: '2027-01-04',
  decidedOn: '2027-02-26',
  decidedBy: { name: 'Marcus Lindgren', title: 'Environmental Specialist, Spencer Field Office' },
  planUrl: 'https://mmp.iowa.example/plans/3f6c2a8e-1b7d-4e52-9a0c-5d8e7f1a2b3c',
  letter: previewLetterParts,
};
