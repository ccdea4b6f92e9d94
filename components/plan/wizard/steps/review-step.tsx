'use client';

import type { ReferenceTables } from '@/lib/plans/reference-tables';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { formatDate, formatNumber } from '@/lib/format';
import type { CheckResult } from '@/lib/plans/completeness';
import { countiesForDisplay, derivePlanCounties, relationWords } from '@/lib/plans/counties';
import type { FeePreviewLine } from '@/lib/plans/fees';
import { STEP_LABELS, type StepId } from '@/lib/plans/steps';
import { deadlineKind, latestDesignStatementFiling, latestParameter, periodEnd, reviewDeadline } from '@/lib/rules';
import { FeeTable } from '../../fee-table';
import { ChangesTable } from '@/components/plan-document/changes-table';
import { DocumentView } from '@/components/plan-document/document-view';
import { ATTACHMENT_KIND_LABELS } from '@/lib/plans/attachment-kinds';
import { documentOfDraft } from '@/lib/plans/document/draft';
import type { PlanDraft } from '@/lib/plans/document/types';
import type { UploadedFile } from '../../file-upload';
import { pIndexWords } from '@/lib/plans/document/words';
import { reviewSummary } from '@/lib/plans/review-summary';
import type { StatementSummary } from '@/lib/plans/statement-check';
import type { CountyOption } from '../types';
import { SigningPanel, type SigningPreviewData, type SignValues } from '../signing-panel';
import type { ActionResult } from '@/lib/errors';
import type { ComponentProps } from 'react';

type Props = {
  check: CheckResult;
  /** The form as typed, shown as it will be filed (check your answers). */
  draft: PlanDraft;
  files: UploadedFile[];
  /** The steps of this plan: each section's "Change" opens its step. */
  steps: StepId[];
  kind: 'original' | 'annual_update';
  animalUnits: number;
  fees: { lines: FeePreviewLine[]; totalCents: number; note: string | null };
  operationCountyFips: string;
  counties: CountyOption[];
  referenceTables: ReferenceTables;
  today: string;
  safoInForce: boolean;
  /** IAC 567-65.110(5) for the operation today (an approved plan stays in force while this one is reviewed). */
  manureRemoval: { allowed: boolean; reason: string; citation: string };
  /** The landowners' emailed statements of intent: each agreement row says who confirmed what, and when. */
  statements: readonly StatementSummary[];
  submitting: boolean;
  submitError: string | null;
  goTo: (step: StepId, href?: string) => void;
  /** The signing step: the server's reading of the saved plan, sending it to be signed, signing. */
  signing: {
    prepare: () => Promise<ActionResult<SigningPreviewData> | null>;
    requestSignature: (input: unknown) => Promise<ActionResult<{ sentTo: string[] }>>;
    sign: (values: SignValues) => Promise<ActionResult<unknown> | null>;
    passkeyOptions: ComponentProps<typeof SigningPanel>['passkeyOptions'];
  };
};

/**
 * Check your answers (the GOV.UK pattern): what is still missing, each linked to its step; the whole
 * plan as it will be filed, section by section, each with a "Change" link to its step; every
 * computed figure with its rule; the fees; then the signing step: the certification, the plan's SHA-256, the signer's password and code.
 */
export function ReviewStep({ check, draft, files, steps, kind, animalUnits, fees, operationCountyFips, counties, referenceTables, today, safoInForce, manureRemoval, statements, submitting, submitError, goTo, signing }: Props) {
  const names = new Map(counties.map((c) => [c.fips, c.name]));
  const doc = check.document;
  const answers = doc ?? documentOfDraft(draft);
  // Listed as soon as the fields name them, complete or not.
  const touched = countiesForDisplay(derivePlanCounties(operationCountyFips, answers.fields), (f) => names.get(f) ?? f);
  const contentSteps = new Set(steps);
  const day60 = reviewDeadline(today);
  const review = latestParameter('days.mmp_review');
  const period = periodEnd(day60, deadlineKind('department_review'));
  const ready = check.missing.length === 0 && doc;
  // The manure no field takes, named beside what is missing (IAC 567-65.111), from the same balance
  // the fields step and the reviewer show.
  const summary = reviewSummary(answers, check.missing.length, Number(today.slice(0, 4)), referenceTables);
  return (
    <>
      {check.missing.length ? (
        <Alert type="warning" heading={summary.heading} headingLevel={3}>
          {summary.unplaced ? <p data-testid="unplaced-manure"><strong>{summary.unplaced}</strong> Add the fields that take it, or the reviewer will ask where it goes.</p> : null}
          <ul className="usa-list">
            {check.missing.map((m, i) => (
              <li key={i}>
                {m.message}{' '}
                <Button variant="unstyled" onClick={() => goTo(m.step, m.href)}>
                  {m.href ? 'Fix this on the operation' : `Go to “${STEP_LABELS[m.step]}”`}
                </Button>
              </li>
            ))}
          </ul>
        </Alert>
      ) : summary.unplaced ? (
        <Alert type="warning" heading={summary.heading} headingLevel={3}>
          <p data-testid="unplaced-manure"><strong>{summary.unplaced}</strong> Add the fields that take it, or the reviewer will ask where it goes.</p>
          <p>Nothing else is missing. Check the figures below, then submit.</p>
        </Alert>
      ) : (
        <Alert type="success" slim>
          Nothing is missing. Check the figures below, then submit.
        </Alert>
      )}

      {contentSteps.has('contacts') ? (
        <section aria-labelledby="check-answers-heading">
          <h3 id="check-answers-heading">Check your answers</h3>
          <p>This is the plan as it will be filed. Change anything before you submit.</p>
          <DocumentView
            doc={answers}
            countyName={(f) => names.get(f) ?? f}
            headingLevel={3}
            balanceYear={Number(today.slice(0, 4))}
            referenceTables={referenceTables}
            statements={{ list: statements, now: new Date() }}
            change={(section, title) =>
              contentSteps.has(section) ? (
                <Button variant="unstyled" onClick={() => goTo(section)}>
                  Change<span className="usa-sr-only"> {title.toLowerCase()}</span>
                </Button>
              ) : null
            }
          />
          <div className="display-flex flex-align-baseline flex-justify margin-top-3">
            <h3 className="margin-y-0">Maps and attachments</h3>
            <Button variant="unstyled" onClick={() => goTo('attachments')}>
              Change<span className="usa-sr-only"> maps and attachments</span>
            </Button>
          </div>
          {files.length ? (
            <ul className="usa-list">
              {files.map((f) => (
                <li key={f.id}>
                  {ATTACHMENT_KIND_LABELS[f.kind]}: {f.filename}
                </li>
              ))}
            </ul>
          ) : (
            <p>No files uploaded.</p>
          )}
        </section>
      ) : null}

      <h3>Figures computed for this plan</h3>
      <ul className="usa-list">
        <li>
          Animal unit capacity{kind === 'annual_update' ? ' stated' : ''}: <strong>{formatNumber(animalUnits)} AU</strong> (Iowa Code 459.102)
        </li>
        {safoInForce ? <li>SAFO election in force: updates and compliance fees as a small operation (IAC 567-65.110(1)“e”(2))</li> : null}
        <li>
          The department decides a complete plan within {review.value} days of receiving it: received complete today, by <strong>{formatDate(period.day)}</strong>
          {period.extended ? ` (${period.reason})` : ''} ({review.citation})
        </li>
        <li>
          Manure removal from storage: {manureRemoval.allowed ? 'allowed' : 'not allowed'}. {manureRemoval.reason} ({manureRemoval.citation})
        </li>
        {doc?.constructionBeginsOn ? (
          <li>
            Construction begins {formatDate(doc.constructionBeginsOn)}: the design statement is due by {formatDate(latestDesignStatementFiling(doc.constructionBeginsOn))} (IAC 567-65.110(2))
          </li>
        ) : null}
        {doc?.fields.map((f) => (
          <li key={f.key}>
            Field “{f.name}”: phosphorus index {f.phosphorusIndex === null ? 'not given' : `${formatNumber(f.phosphorusIndex)}, ${pIndexWords(f.phosphorusIndex)}`}
          </li>
        ))}
        {doc ? <li>Stockpile sites: {doc.stockpiles.length ? `${doc.stockpiles.length}, each meeting Iowa Code 459.311B` : 'none'}</li> : null}
      </ul>

      <h3>Fees due when you submit</h3>
      {fees.note ? <p>{fees.note}</p> : null}
      <FeeTable
        caption="Fees"
        rows={fees.lines.map((l) => ({ code: l.code, amountCents: l.cents, citation: l.citation, payerLabel: l.payer === 'owner' ? 'You (the owner)' : 'The active contractor', explanation: l.explanation }))}
      />

      <h3>Counties that will {kind === 'annual_update' ? 'receive' : 'see'} this plan</h3>
      {touched.length ? (
        <ul className="usa-list">
          {touched.map((c) => (
            <li key={c.fips}>
              {c.name} County: {relationWords(c)}
            </li>
          ))}
        </ul>
      ) : (
        <p>Listed once a field names its county.</p>
      )}
      {touched[0] ? <p className="font-sans-2xs">{touched[0].citation}</p> : null}

      {check.changes.length ? (
        <>
          <h3>Changes since the last approved plan</h3>
          <ChangesTable changes={check.changes} />
        </>
      ) : null}

      {ready ? (
        <SigningPanel prepare={signing.prepare} requestSignature={signing.requestSignature} sign={signing.sign} passkeyOptions={signing.passkeyOptions} submitting={submitting} submitError={submitError} />
      ) : (
        <Alert type="warning" slim className="margin-top-4">
          Add what is missing (listed above), then sign and submit the plan here.
        </Alert>
      )}
    </>
  );
}
