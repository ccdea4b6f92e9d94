import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { formatDate } from '@/lib/notifications/format';
import { planKindLabel } from '@/lib/notifications/labels';
import { getDecisionLetter } from '@/lib/reviews/letter';
import { PrintButton } from './print-button';

export const metadata: Metadata = { title: 'Decision letter' };

// On paper only the letter prints: the portal's banner, header, navigation and footer are hidden.
const PRINT_CSS = `@media print {
  .usa-banner, .usa-header, .usa-footer, .usa-skipnav, .mmp-no-print { display: none !important; }
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
  return (
    <article className="mmp-letter usa-prose">
      <style>{PRINT_CSS}</style>
      <div className="mmp-no-print margin-bottom-3"><PrintButton /></div>
      <p className="text-bold margin-bottom-0">Iowa Department of Natural Resources</p>
      <p className="margin-top-0">Animal Feeding Operations · Manure Management Plans</p>
      <p>{formatDate(letter.decidedOn)}</p>
      <p>
        {letter.ownerName}
        {letter.ownerAddress ? <><br />{letter.ownerAddress}</> : null}
      </p>
      <h1 className="font-heading-lg">Manure management plan {word}</h1>
      <p>Dear {letter.ownerName},</p>
      <dl>
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
        Under IAC 567-65.110(4), the department approves or disapproves a complete manure management plan within 60 days of the date it is
        received. The department received your complete plan on {formatDate(letter.receivedOn)} and {word} it on {formatDate(letter.decidedOn)},
        day {letter.reviewDay} of the review.
      </p>
      <p className="text-bold">
        {letter.manureRemovalAllowed
          ? 'Manure may now be removed from storage (IAC 567-65.110(5)).'
          : 'Manure may not be removed from storage until the department has approved a plan for this operation (IAC 567-65.110(5)).'}
      </p>
      {letter.reasons.length ? (
        <>
          <h2 className="font-heading-md">{approved ? 'Notes' : 'Reasons for disapproval'}</h2>
          <ul>{letter.reasons.map((r, i) => <li key={i}>{r}</li>)}</ul>
        </>
      ) : null}
      {!approved ? <p>You may correct the plan and submit it again. The department will review a resubmitted complete plan within 60 days of receiving it.</p> : null}
      <p className="margin-top-4">
        {letter.decidedBy ? <>{letter.decidedBy.name}, {letter.decidedBy.title}<br /></> : null}
        Iowa Department of Natural Resources
      </p>
    </article>
  );
}
