import { DataTable } from '@/components/data-table';
import { formatDate, formatNumber } from '@/lib/format';
import type { PlanDocument } from '@/lib/plans/document';
import { phosphorusIndexBand } from '@/lib/rules';
import { METHOD_LABELS, TENURE_LABELS, TIMING_LABELS } from '@/lib/validation/plan-fields';
import { DISTANCE_LABELS, STOCKPILE_DISTANCES } from '@/lib/validation/plan-stockpiles';
import { NUTRIENT_SOURCE_LABELS, NUTRIENT_UNIT_LABELS } from '@/lib/validation/plans';
import { Wrap } from './wrap';

type Field = PlanDocument['fields'][number];

const BAND_WORDS = { very_low: 'very low', low: 'low', medium: 'medium', high: 'high', very_high: 'very high' } as const;
const MANURE_WORDS = { nitrogen_based: 'nitrogen-based rate', phosphorus_limited: 'no more than twice crop removal of phosphorus', none: 'no manure' } as const;

export function pIndexWords(p: number): string {
  const band = phosphorusIndexBand(p);
  return `${BAND_WORDS[band.band]}: ${MANURE_WORDS[band.manure]} (${band.citation})`;
}

/** The plan's content as filed (IAC 567-65.111), read-only. */
export function PlanContent({ doc, countyName, headingLevel = 2 }: { doc: PlanDocument; countyName: (fips: string) => string; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as const;
  const p = doc.production;
  return (
    <>
      <H>Contacts</H>
      <ul className="usa-list">
        {doc.contacts.map((c, i) => (
          <li key={i}>
            {c.name} ({c.role}), {c.phone}
            {c.email ? `, ${c.email}` : ''}
          </li>
        ))}
      </ul>
      <H>Manure production</H>
      <ul className="usa-list">
        <li>Animals produced a year: {formatNumber(p.annualAnimalProduction)}</li>
        <li>Manure produced a year: {formatNumber(p.manureAmount)} {p.nutrientUnit === 'tons' ? 'tons' : 'gallons'}</li>
        <li>
          Nutrient content ({NUTRIENT_SOURCE_LABELS[p.nutrientSource]}), {NUTRIENT_UNIT_LABELS[p.nutrientUnit]}: total N {formatNumber(p.totalNitrogenPerUnit)} lb,
          first-year available N {formatNumber(p.availableNitrogenPerUnit)} lb, P2O5 {formatNumber(p.p2o5PerUnit)} lb
        </li>
      </ul>
      <H>Fields</H>
      <DataTable<Field>
        caption="Fields where manure is applied"
        captionHidden
        stacked
        rows={doc.fields}
        rowKey={(f) => f.key}
        columns={[
          { key: 'name', header: 'Field', rowHeader: true, cell: (f) => f.name },
          { key: 'county', header: 'County', cell: (f) => countyName(f.countyFips) },
          { key: 'acres', header: 'Acres', cell: (f) => formatNumber(f.acres) },
          { key: 'tenure', header: 'Land', cell: (f) => TENURE_LABELS[f.tenure] },
          { key: 'crops', header: 'Crop schedule', cell: (f) => <Wrap>{f.crops.map((c) => `${c.year} ${c.crop}`).join(', ')}</Wrap> },
          { key: 'yield', header: 'Optimum yield', cell: (f) => formatNumber(f.optimumYield) },
          { key: 'n', header: 'N rate (lb/acre)', cell: (f) => formatNumber(f.nitrogenRateLbPerAcre) },
          {
            key: 'credits',
            header: 'N credits: legume, commercial, carry-over (lb/acre)',
            cell: (f) => [f.legumeCreditLbPerAcre, f.commercialNLbPerAcre, f.carryoverCreditLbPerAcre].map((c) => (c === undefined ? 'not stated' : formatNumber(c))).join(', '),
          },
          { key: 'p', header: 'P index', cell: (f) => <Wrap>{`${formatNumber(f.phosphorusIndex)} (${pIndexWords(f.phosphorusIndex)})`}</Wrap> },
          { key: 'how', header: 'Application', cell: (f) => <Wrap>{`${METHOD_LABELS[f.applicationMethod]}; ${TIMING_LABELS[f.applicationTiming]}`}</Wrap> },
        ]}
      />
      {doc.agreements.length ? (
        <>
          <H>Written agreements for land not owned or rented</H>
          <ul className="usa-list">
            {doc.agreements.map((a) => (
              <li key={a.key}>
                {a.landownerName}
                {a.acres ? `, ${formatNumber(a.acres)} acres` : ''}, signed {a.signedOn ? formatDate(a.signedOn) : '—'}
                {a.attachmentId ? (
                  <>
                    {' '}(<a href={`/api/attachments/${a.attachmentId}`}>signed copy</a>)
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <H>Dry manure stockpile sites</H>
      {doc.stockpiles.length ? (
        <ul className="usa-list">
          {doc.stockpiles.map((s) => (
            <li key={s.key}>
              {s.name}:{' '}
              {STOCKPILE_DISTANCES.filter((k) => s.distances[k] !== undefined).map((k) => `${DISTANCE_LABELS[k]} ${formatNumber(s.distances[k]!)} ft`).join('; ') || 'no features nearby'}
              {s.slopePercent !== undefined ? `; slope ${formatNumber(s.slopePercent)}%` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>None.</p>
      )}
      <H>Soil loss and surface water practices</H>
      <p>{doc.soilLossPractices || 'Not stated.'}</p>
    </>
  );
}
