import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { Unconfirmed } from '@/components/law/unconfirmed';
import { formatDate } from '@/lib/format';
import { planKindLabel } from '@/lib/notifications/labels';
import { getDecisionLetter } from '@/lib/reviews/letter';
import { latestParameter } from '@/lib/rules';
import { PrintButton } from './print-button';

export const metadata: Metadata = { title: 'Decision letter' };

// On paper only the letter prints: the portal's banner, header, navigation and footer are hidden.
const PRINT_CSS = `@media print {
  .usa-banner, .usa-header, .usa-footer, .usa-identifier, .usa-skipnav, .mmp-no-print { display: none !important; }
  .mmp-main { padding: 0 !important; }
  .mmp-letter { font-size: 12pt; max-width: none; }
}`;

export default async function DecisionLetterPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requireActor(`/review/plans/${id}/letter`);
  const letter = await getDecisionLetter(actor, id, today()).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'NOT_FOUND') notFound();
    throw err;
  });
  const approved = letter.decision === 'approved';
  const word = approved ? 'approved' : 'disapproved';
  const { parts } = letter;
  const review = latestParameter('days.mmp_review');
  const removal = parts.manureRemoval;
  return (
    <article className="mmp-letter usa-prose">
      <style>{PRINT_CSS}</style>
      <div className="mmp-no-print margin-bottom-3">
        <PrintButton />
        {letter.sentPdf ? (
          <a className="usa-button usa-button--outline margin-left-1" href={`/api/plans/${letter.planId}/letter.pdf`}>
            Download the letter as sent (PDF)
          </a>
        ) : null}
      </div>
      <p className="text-bold margin-bottom-0">Iowa Department of Natural Resources</p>
      <p className="margin-top-0">Animal Feeding Operations · Manure Management Plans</p>
      {parts.office ? (
        <p className="margin-top-0">
          {parts.office.name}
          {parts.office.addressLines.map((l) => <span key={l}><br />{l}</span>)}
          {parts.office.phone ? <><br />Phone: {parts.office.phone}</> : null}
        </p>
      ) : null}
      <p>{formatDate(letter.decidedOn)}</p>
      <p>Plan reference: <strong>{parts.referenceNumber}</strong></p>
      <address className="font-body-md" style={{ fontStyle: 'normal' }} aria-label="Addressed to">
        {parts.recipient.name}
        {parts.recipient.addressLines ? parts.recipient.addressLines.map((l) => <span key={l}><br />{l}</span>) : null}
      </address>
      {parts.recipient.addressLines ? null : (
        <p className="mmp-no-print text-secondary-dark text-bold">No mailing address is on file for the owner: the owner adds it under Account, and the letter is addressed to it.</p>
      )}
      <h1 className="font-heading-lg">Manure management plan {word}</h1>
      <p>Dear {letter.ownerName},</p>
      <dl>
        <dt className="text-bold">Plan reference</dt>
        <dd>{parts.referenceNumber}</dd>
        <dt className="text-bold">Operation</dt>
        <dd>{letter.operationName} (facility {letter.facilityId}), {letter.countyName} County</dd>
        <dt className="text-bold">Plan</dt>
        <dd>{planKindLabel(letter.kind, letter.updateKind)}</dd>
        <dt className="text-bold">Complete plan received</dt>
        <dd>{formatDate(letter.receivedOn)}</dd>
        <dt className="text-bold">Decision</dt>
        <dd>{approved ? 'Approved' : 'Disapproved'} on {formatDate(letter.decidedOn)}</dd>
      </dl>
      <p>
        Under {review.citation}, the department approves or disapproves a complete manure management plan within {review.value} days of the date it is
        received. The department received your complete plan on {formatDate(letter.receivedOn)} and {word} it on {formatDate(letter.decidedOn)},
        day {letter.reviewDay} of the review.
      </p>
      <p className="text-bold" id="manure-removal">
        Manure removal from storage: {removal.allowed ? 'allowed' : 'not allowed'}. {removal.reason} ({removal.citation})
      </p>
      {removal.readingConfirmed ? null : <p className="mmp-no-print"><Unconfirmed what="This reading of IAC 567-65.110(5)" source={latestParameter('reading.approved_plan_in_force').source} /></p>}
      {letter.reasons.length ? (
        <>
          <h2 className="font-heading-md">{approved ? 'Notes' : 'Reasons for disapproval'}</h2>
          <ul>{letter.reasons.map((r, i) => <li key={i}>{r}</li>)}</ul>
        </>
      ) : null}
      {!approved ? <p>You may correct the plan and submit it again. The department will review a resubmitted complete plan within {review.value} days of receiving it ({review.citation}).</p> : null}
      {parts.appeal ? (
        <>
          <h2 className="font-heading-md">If you disagree</h2>
          <p>{parts.appeal.text} ({parts.appeal.citation})</p>
          {parts.appeal.confirmed ? null : <p><Unconfirmed what="The text and deadline of this paragraph" source={latestParameter('appeal.notice').source} /></p>}
        </>
      ) : null}
      <p className="margin-top-4">
        {letter.decidedBy ? <>{letter.decidedBy.name}, {letter.decidedBy.title}<br /></> : null}
        Iowa Department of Natural Resources
      </p>
      {parts.office ? (
        <p>
          Questions: {parts.office.name}{parts.office.phone ? `, ${parts.office.phone}` : ''}.
        </p>
      ) : null}
    </article>
  );
}
