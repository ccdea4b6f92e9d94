import type { ReactNode } from 'react';
import { DataTable } from '@/components/data-table';
import { BalancePanel } from '@/components/plan/balance-panel';
import type { ReferenceTables } from '@/lib/plans/reference-tables';
import { YIELD_SOURCE_LABELS } from '@/lib/validation/plan-fields';
import { Wrap } from '@/components/plan/wrap';
import { formatDate, formatNumber } from '@/lib/format';
import type { FiledDocument } from '@/lib/plans/document/types';
import {
  DISTANCE_LABELS, METHOD_LABELS, NUTRIENT_SOURCE_LABELS, NUTRIENT_UNIT_LABELS, pIndexWords, STOCKPILE_DISTANCES, STOCKPILE_LABELS, TENURE_LABELS, TIMING_LABELS,
} from '@/lib/plans/document/words';
import { isIsoDate } from '@/lib/rules';
import { statementStatusWords, type StatementSummary } from '@/lib/plans/statement-check';

// The plan's content (IAC 567-65.111), read-only, the same for the owner, the preparer, the
// reviewer, the county official and the check-your-answers page. A figure the filing did not
// record reads "not given", never 0.

type Field = FiledDocument['fields'][number];
type Stockpile = FiledDocument['stockpiles'][number];

const n = (v: number | null | undefined, unit = '') => (v === null || v === undefined ? 'not given' : `${formatNumber(v)}${unit}`);
const day = (v: string | null | undefined) => (!v ? 'not given' : isIsoDate(v) ? formatDate(v) : v);
const yes = (v: boolean) => (v ? 'yes' : 'no');

function stockpileFacts(s: Stockpile): string {
  const facts = (['tileInletDischargesToWater', 'runoffCannotReachTileInlet', 'runoffCannotReachDesignatedArea', 'inGrassedWaterway', 'runoffContainmentPractices'] as const)
    .map((k) => `${STOCKPILE_LABELS[k]}: ${yes(s[k])}`);
  return facts.join('; ');
}

/** The form step each section comes from, for a "Change" link on the check-your-answers page. */
export type DocumentSection = 'contacts' | 'production' | 'fields' | 'agreements' | 'stockpiles' | 'attachments';

type Props = {
  doc: FiledDocument;
  countyName: (fips: string) => string;
  headingLevel?: 2 | 3;
  /** A link or button after each section's heading (check your answers: "Change" opens its step). */
  change?: (section: DocumentSection, title: string) => ReactNode;
  /** The season the manure balance is worked out for (the year of the day shown); no balance without it. */
  balanceYear?: number;
  /** The reference tables the balance reads (crop factors); the shipped ones when absent. */
  referenceTables?: ReferenceTables;
  /** The plan's emailed statements of intent, to say of each row who confirmed which figures and when. */
  statements?: { list: readonly StatementSummary[]; now: Date };
};

function previousWords(f: Field): string {
  if (!f.previousCrop && f.previousCropManured == null) return 'not given';
  const manure = f.previousCropManured == null ? '' : f.previousCropManured ? ', got manure' : ', no manure';
  return `${f.previousCrop ?? 'crop not given'}${manure}`;
}

/** The confirmed statement's copy of record (DNR form 542-8167), for the plan's readers. */
function StatementCopyLink({ id, list }: { id: string; list: readonly StatementSummary[] }) {
  const receipt = list.find((s) => s.id === id)?.copyOfRecord;
  return receipt ? <> (<a href={`/api/statements/${id}/copy-of-record.pdf`}>copy of record {receipt}</a>)</> : null;
}

export function DocumentView({ doc, countyName, headingLevel = 2, change, balanceYear, referenceTables, statements }: Props) {
  const Heading = `h${headingLevel}` as const;
  const h = (section: DocumentSection, children: string) =>
    change ? (
      <div className="display-flex flex-align-baseline flex-justify margin-top-3">
        <Heading className="margin-y-0">{children}</Heading>
        {change(section, children)}
      </div>
    ) : (
      <Heading>{children}</Heading>
    );
  const p = doc.production;
  const fieldName = new Map(doc.fields.map((f) => [f.key, f.name]));
  return (
    <>
      {h('contacts', 'Contacts')}
      {doc.contacts.length ? (
        <ul className="usa-list">
          {doc.contacts.map((c, i) => (
            <li key={i}>
              {c.name} ({c.role}), {c.phone}
              {c.email ? `, ${c.email}` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>None listed.</p>
      )}
      {h('production', 'Manure production')}
      <ul className="usa-list">
        <li>Animals produced a year: {n(p.annualAnimalProduction)}</li>
        <li>
          Manure produced a year: {n(p.manureAmount)} {p.nutrientUnit === 'tons' ? 'tons' : 'gallons'}
          {p.manureAmountBasis ? ` (${p.manureAmountBasis})` : ' (how it was worked out not stated)'}
        </li>
        <li>
          Nutrient content ({p.nutrientSource ? NUTRIENT_SOURCE_LABELS[p.nutrientSource] : 'source not given'}), {p.nutrientUnit ? NUTRIENT_UNIT_LABELS[p.nutrientUnit] : 'unit not given'}: total N {n(p.totalNitrogenPerUnit, ' lb')},
          first-year available N {n(p.availableNitrogenPerUnit, ' lb')}, P2O5 {n(p.p2o5PerUnit, ' lb')}
        </li>
      </ul>
      {h('fields', 'Fields')}
      <DataTable<Field>
        caption={`Fields where manure is applied (${doc.fields.length})`}
        captionHidden
        stacked
        rows={doc.fields}
        rowKey={(f) => f.key}
        emptyMessage="No fields listed."
        columns={[
          { key: 'name', header: 'Field', rowHeader: true, cell: (f) => f.name },
          { key: 'county', header: 'County', cell: (f) => countyName(f.countyFips) },
          { key: 'acres', header: 'Acres', cell: (f) => formatNumber(f.acres) },
          { key: 'tenure', header: 'Land', cell: (f) => TENURE_LABELS[f.tenure] },
          // One column each for the crops and the P index (with the previous crop and the rotation's
          // P2O5 removal), so the stacked table still fits a phone.
          { key: 'crops', header: 'Crop schedule', cell: (f) => <Wrap>{`${f.crops.map((c) => `${c.year} ${c.crop}${c.yield != null ? ` (yield ${formatNumber(c.yield)})` : ''}`).join(', ') || 'not given'}; previous crop: ${previousWords(f)}`}</Wrap> },
          { key: 'yield', header: 'Optimum yield', cell: (f) => <Wrap>{`${n(f.optimumYield)}${f.yieldSource ? ` (${YIELD_SOURCE_LABELS[f.yieldSource]}${f.yieldBasis ? `: ${f.yieldBasis}` : ''})` : ''}`}</Wrap> },
          { key: 'n', header: 'N rate (lb/acre)', cell: (f) => n(f.nitrogenRateLbPerAcre) },
          {
            key: 'credits',
            header: 'N credits: legume, commercial, carry-over (lb/acre)',
            cell: (f) => [f.legumeCreditLbPerAcre, f.commercialNLbPerAcre, f.carryoverCreditLbPerAcre].map((c) => (c === undefined || c === null ? 'not stated' : formatNumber(c))).join(', '),
          },
          {
            key: 'p',
            header: 'P index',
            cell: (f) => (
              <Wrap>
                {`${f.phosphorusIndex === null ? 'not given' : `${formatNumber(f.phosphorusIndex)} (${pIndexWords(f.phosphorusIndex)})`}; P2O5 removed by the rotation: ${f.p2o5RemovalLbPerAcre == null ? 'not stated' : `${formatNumber(f.p2o5RemovalLbPerAcre)} lb/acre`}; years between manure applications: ${f.yearsBetweenApplications == null ? 'not stated (read as every year)' : formatNumber(f.yearsBetweenApplications)}`}
              </Wrap>
            ),
          },
          {
            key: 'how',
            header: 'Application',
            cell: (f) => <Wrap>{`${f.applicationMethod ? METHOD_LABELS[f.applicationMethod] : 'method not given'}; ${f.applicationTiming ? TIMING_LABELS[f.applicationTiming] : 'timing not given'}`}</Wrap>,
          },
        ]}
      />
      {balanceYear !== undefined ? <BalancePanel production={doc.production} fields={doc.fields} agreements={doc.agreements} year={balanceYear} tables={referenceTables} /> : null}
      {h('agreements', 'Written agreements and statements of intent for land not owned or rented')}
      {doc.agreements.length ? (
        <ul className="usa-list">
          {doc.agreements.map((a) => (
            <li key={a.key}>
              {a.landownerName}
              {a.fieldKey && fieldName.has(a.fieldKey) ? `, field “${fieldName.get(a.fieldKey)}”` : ''}
              {a.acres ? `, ${formatNumber(a.acres)} acres` : ''}
              {a.statementId && !a.signedOn ? '' : `, signed ${day(a.signedOn)}`}
              {a.commercialNLbPerAcre != null || a.commercialP2o5LbPerAcre != null
                ? `; landowner’s commercial fertilizer planned: ${a.commercialNLbPerAcre != null ? `${formatNumber(a.commercialNLbPerAcre)} lb N` : 'N not stated'}, ${a.commercialP2o5LbPerAcre != null ? `${formatNumber(a.commercialP2o5LbPerAcre)} lb P2O5` : 'P2O5 not stated'} per acre`
                : ''}
              {a.attachmentId ? (
                <>
                  {' '}(<a href={`/api/attachments/${a.attachmentId}`}>signed copy</a>)
                </>
              ) : a.statementId ? null : (
                ' (no signed copy)'
              )}
              {a.statementId
                ? statements
                  ? <>. {statementStatusWords(a, statements.list, statements.now)}<StatementCopyLink id={a.statementId} list={statements.list} /></>
                  : ` (statement of intent by emailed link ${a.statementId.slice(0, 8)})`
                : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>None.</p>
      )}
      {h('stockpiles', 'Dry manure stockpile sites')}
      {doc.stockpiles.length ? (
        <ul className="usa-list">
          {doc.stockpiles.map((s) => (
            <li key={s.key}>
              {s.name}:{' '}
              {STOCKPILE_DISTANCES.filter((k) => s.distances[k] !== undefined).map((k) => `${DISTANCE_LABELS[k]} ${formatNumber(s.distances[k]!)} ft`).join('; ') || 'no features nearby'}
              {s.slopePercent !== undefined && s.slopePercent !== null ? `; slope ${formatNumber(s.slopePercent)}%` : ''}; {stockpileFacts(s)}
              {s.practicesDescription ? `; practices: ${s.practicesDescription}` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>None.</p>
      )}
      {h('stockpiles', 'Soil loss and surface water practices')}
      <p>{doc.soilLossPractices || 'Not stated.'}</p>
      {doc.constructionBeginsOn ? (
        <>
          {h('attachments', 'Construction')}
          <p>Construction begins {day(doc.constructionBeginsOn)}.</p>
        </>
      ) : null}
    </>
  );
}
