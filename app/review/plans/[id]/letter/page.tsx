import { inScope } from '@/lib/auth/gates';
import { Fragment } from 'react';
import type { Metadata } from 'next';
import { requireActor } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { Unconfirmed } from '@/components/law/unconfirmed';
import { UNCONFIRMED_APPEAL, UNCONFIRMED_REMOVAL, decisionLetterText } from '@/lib/reviews/letter-content';
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
  const letter = await inScope(getDecisionLetter(actor, id, today()));
  const t = decisionLetterText(letter);
  const [department, programme, ...office] = t.letterhead;
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
      <p className="text-bold margin-bottom-0">{department}</p>
      <p className="margin-top-0">
        {programme}
        {office.map((line) => <span key={line}><br />{line}</span>)}
      </p>
      <p>{t.date}</p>
      <p className="text-bold">{t.reference}</p>
      <address className="font-body-md" style={{ fontStyle: 'normal' }} aria-label="Addressed to">
        {t.recipient.map((line, i) => <span key={i}>{i ? <br /> : null}{line}</span>)}
      </address>
      {t.recipientHasAddress ? null : (
        <p className="mmp-no-print text-secondary-dark text-bold">No mailing address is on file for the owner: the owner adds it under Account, and the letter is addressed to it.</p>
      )}
      <h1 className="font-heading-lg">{t.title}</h1>
      <p>{t.greeting}</p>
      <dl>
        {t.facts.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="text-bold">{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <p>{t.review}</p>
      <p className="text-bold" id="manure-removal">{t.manureRemoval.text}</p>
      {t.manureRemoval.confirmed ? null : <p>{UNCONFIRMED_REMOVAL}</p>}
      {t.manureRemoval.confirmed ? null : <p className="mmp-no-print"><Unconfirmed what="This reading of IAC 567-65.110(5)" source={latestParameter('reading.approved_plan_in_force').source} /></p>}
      {t.balance ? (
        <section aria-labelledby="letter-balance">
          <h2 className="font-heading-md" id="letter-balance">{t.balance.heading}</h2>
          <p>{t.balance.summary}</p>
          <ul>{t.balance.rows.map((r, i) => <li key={i}>{r}</li>)}</ul>
          {t.balance.unconfirmed ? <p className="usa-hint" style={{ overflowWrap: 'anywhere' }}>{t.balance.unconfirmed}</p> : null}
        </section>
      ) : null}
      {t.reasons ? (
        <>
          <h2 className="font-heading-md">{t.reasons.heading}</h2>
          <ul>{t.reasons.items.map((r, i) => <li key={i}>{r}</li>)}</ul>
        </>
      ) : null}
      {t.resubmit ? <p>{t.resubmit}</p> : null}
      {t.appeal ? (
        <>
          <h2 className="font-heading-md">{t.appeal.heading}</h2>
          <p>{t.appeal.text}</p>
          {t.appeal.confirmed ? null : <p>{UNCONFIRMED_APPEAL}</p>}
          {t.appeal.confirmed ? null : <p className="mmp-no-print"><Unconfirmed what="The text and deadline of this paragraph" source={latestParameter('appeal.notice').source} /></p>}
        </>
      ) : null}
      <p className="margin-top-4">
        {t.signature.map((line, i) => <span key={i}>{i ? <br /> : null}{line}</span>)}
      </p>
      {t.questions ? <p>{t.questions}</p> : null}
    </article>
  );
}
