import { daysBetween } from '@/lib/rules';
import { decisionLetterText } from '@/lib/reviews/letter-content';
import { formatDate } from '@/lib/format';
import { planKindLabel } from '@/lib/notifications/labels';
import { EmailLayout } from './components/layout';
import { Action, Bullets, Facts, P, Subheading, Title } from './components/parts';
import { AppealParagraph, LetterHeader, ManureRemovalParagraph, OfficeContact, previewLetterParts } from './letter-parts';
import type { PlanDecidedProps } from '@/lib/mail/templates';

export function subject(p: PlanDecidedProps): string {
  const verb = p.decision === 'approved' ? 'Approved' : 'Disapproved';
  return `${verb}: ${planKindLabel(p.planKind, p.updateKind)} for ${p.operationName}`;
}

/** The decision letter of IAC 567-65.110(4), in the words of the printed letter and its PDF; a disapproval always states its reasons. */
export function PlanDecidedEmail(p: PlanDecidedProps) {
  const approved = p.decision === 'approved';
  const reasons = p.reasons ?? [];
  if (!approved && reasons.length === 0) throw new Error('A disapproval letter must state its reasons');
  const word = approved ? 'approved' : 'disapproved';
  const t = decisionLetterText({
    operationName: p.operationName, facilityId: p.facilityId, countyName: p.countyName, ownerName: p.ownerName, parts: p.letter,
    kind: p.planKind, updateKind: p.updateKind ?? null, decision: p.decision, reasons, receivedOn: p.receivedOn, decidedOn: p.decidedOn,
    reviewDay: daysBetween(p.receivedOn, p.decidedOn), decidedBy: p.decidedBy,
  });
  return (
    <EmailLayout
      preview={`The department ${word} your plan for ${p.operationName} on ${formatDate(p.decidedOn)}.`}
      reason={`You received this letter because you are the owner of ${p.operationName} (facility ${p.facilityId}) in ${p.countyName} County, or filed its plan, in the Manure Management Plan Portal.`}
    >
      <Title>{t.title}</Title>
      <P>{t.date}</P>
      <LetterHeader parts={p.letter} />
      <P>{t.greeting}</P>
      <Facts rows={t.facts} />
      <P>{t.review}</P>
      <ManureRemovalParagraph parts={p.letter} />
      {t.balance && (
        <>
          <Subheading>{t.balance.heading}</Subheading>
          <P>{t.balance.summary}</P>
          <Bullets items={t.balance.rows} />
          {t.balance.unconfirmed && <P>{t.balance.unconfirmed}</P>}
        </>
      )}
      {t.reasons && (
        <>
          <Subheading>{t.reasons.heading}</Subheading>
          <Bullets items={t.reasons.items} />
        </>
      )}
      {t.resubmit && <P>{t.resubmit}</P>}
      {t.appeal && <AppealParagraph parts={p.letter} />}
      {t.signature.map((line) => (
        <P key={line}>{line}</P>
      ))}
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
