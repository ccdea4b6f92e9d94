// The filed plan in the words the portal's DocumentView uses, as headed sections of lines for the
// copy of record. A figure the filing did not record reads "not given", never 0.
import { formatDate, formatNumber } from '@/lib/format';
import type { FiledDocument, PlanChange } from '@/lib/plans/document/types';
import {
  DISTANCE_LABELS, METHOD_LABELS, NUTRIENT_SOURCE_LABELS, NUTRIENT_UNIT_LABELS, pIndexWords, STOCKPILE_DISTANCES, STOCKPILE_LABELS, TENURE_LABELS, TIMING_LABELS,
} from '@/lib/plans/document/words';
import { isIsoDate } from '@/lib/rules';
import { YIELD_SOURCE_LABELS } from '@/lib/validation/plan-fields';

export type Section = { heading: string; lines: string[]; list?: boolean };

type Field = FiledDocument['fields'][number];
type Stockpile = FiledDocument['stockpiles'][number];

const n = (v: number | null | undefined, unit = '') => (v === null || v === undefined ? 'not given' : `${formatNumber(v)}${unit}`);
const stated = (v: number | null | undefined) => (v === null || v === undefined ? 'not stated' : formatNumber(v));
const day = (v: string | null | undefined) => (!v ? 'not given' : isIsoDate(v) ? formatDate(v) : v);
const yes = (v: boolean) => (v ? 'yes' : 'no');

function fieldLine(f: Field, countyName: (fips: string) => string): string {
  const crops = f.crops.map((c) => `${c.year} ${c.crop}${c.yield != null ? ` (yield ${formatNumber(c.yield)})` : ''}`).join(', ') || 'not given';
  const previous = !f.previousCrop && f.previousCropManured == null
    ? 'not given'
    : `${f.previousCrop ?? 'crop not given'}${f.previousCropManured == null ? '' : f.previousCropManured ? ', got manure' : ', no manure'}`;
  const yieldWords = `${n(f.optimumYield)}${f.yieldSource ? ` (${YIELD_SOURCE_LABELS[f.yieldSource]}${f.yieldBasis ? `: ${f.yieldBasis}` : ''})` : ''}`;
  const p = f.phosphorusIndex === null ? 'not given' : `${formatNumber(f.phosphorusIndex)} (${pIndexWords(f.phosphorusIndex)})`;
  return [
    `${f.name}: ${countyName(f.countyFips)} County, ${formatNumber(f.acres)} acres, ${TENURE_LABELS[f.tenure]}`,
    `crop schedule ${crops}; previous crop: ${previous}`,
    `optimum yield ${yieldWords}`,
    `N rate ${n(f.nitrogenRateLbPerAcre)} lb/acre; N credits (legume, commercial, carry-over) ${[f.legumeCreditLbPerAcre, f.commercialNLbPerAcre, f.carryoverCreditLbPerAcre].map(stated).join(', ')} lb/acre`,
    `P index ${p}; P2O5 removed by the rotation: ${f.p2o5RemovalLbPerAcre == null ? 'not stated' : `${formatNumber(f.p2o5RemovalLbPerAcre)} lb/acre`}; years between manure applications: ${f.yearsBetweenApplications == null ? 'not stated (read as every year)' : formatNumber(f.yearsBetweenApplications)}`,
    `application: ${f.applicationMethod ? METHOD_LABELS[f.applicationMethod] : 'method not given'}; ${f.applicationTiming ? TIMING_LABELS[f.applicationTiming] : 'timing not given'}`,
  ].join('; ');
}

function stockpileLine(s: Stockpile): string {
  const distances = STOCKPILE_DISTANCES.filter((k) => s.distances[k] !== undefined).map((k) => `${DISTANCE_LABELS[k]} ${formatNumber(s.distances[k]!)} ft`).join('; ') || 'no features nearby';
  const facts = (['tileInletDischargesToWater', 'runoffCannotReachTileInlet', 'runoffCannotReachDesignatedArea', 'inGrassedWaterway', 'runoffContainmentPractices'] as const)
    .map((k) => `${STOCKPILE_LABELS[k]}: ${yes(s[k])}`).join('; ');
  return `${s.name}: ${distances}${s.slopePercent != null ? `; slope ${formatNumber(s.slopePercent)}%` : ''}; ${facts}${s.practicesDescription ? `; practices: ${s.practicesDescription}` : ''}`;
}

/** The plan's content (IAC 567-65.111) as the frozen submission holds it. */
export function documentLines(doc: FiledDocument, changes: PlanChange[], countyName: (fips: string) => string, kind: 'original' | 'annual_update'): Section[] {
  const p = doc.production;
  const fieldName = new Map(doc.fields.map((f) => [f.key, f.name]));
  const sections: Section[] = [
    { heading: 'Contacts', list: true, lines: doc.contacts.length ? doc.contacts.map((c) => `${c.name} (${c.role}), ${c.phone}${c.email ? `, ${c.email}` : ''}`) : ['None listed.'] },
    {
      heading: 'Manure production',
      list: true,
      lines: [
        `Animals produced a year: ${n(p.annualAnimalProduction)}`,
        `Manure produced a year: ${n(p.manureAmount)} ${p.nutrientUnit === 'tons' ? 'tons' : 'gallons'}${p.manureAmountBasis ? ` (${p.manureAmountBasis})` : ' (how it was worked out not stated)'}`,
        `Nutrient content (${p.nutrientSource ? NUTRIENT_SOURCE_LABELS[p.nutrientSource] : 'source not given'}), ${p.nutrientUnit ? NUTRIENT_UNIT_LABELS[p.nutrientUnit] : 'unit not given'}: total N ${n(p.totalNitrogenPerUnit, ' lb')}, first-year available N ${n(p.availableNitrogenPerUnit, ' lb')}, P2O5 ${n(p.p2o5PerUnit, ' lb')}`,
      ],
    },
    { heading: `Fields where manure is applied (${doc.fields.length})`, list: true, lines: doc.fields.length ? doc.fields.map((f) => fieldLine(f, countyName)) : ['No fields listed.'] },
    {
      heading: 'Written agreements and statements of intent for land not owned or rented',
      list: true,
      lines: doc.agreements.length
        ? doc.agreements.map((a) =>
          `${a.landownerName}${a.fieldKey && fieldName.has(a.fieldKey) ? `, field “${fieldName.get(a.fieldKey)}”` : ''}${a.acres ? `, ${formatNumber(a.acres)} acres` : ''}${a.statementId && !a.signedOn ? '' : `, signed ${day(a.signedOn)}`}`
          + `${a.commercialNLbPerAcre != null || a.commercialP2o5LbPerAcre != null ? `; landowner’s commercial fertilizer planned: ${stated(a.commercialNLbPerAcre)} lb N, ${stated(a.commercialP2o5LbPerAcre)} lb P2O5 per acre` : ''}`
          + `${a.attachmentId ? ' (signed copy attached to the filing)' : a.statementId ? ` (statement of intent by emailed link ${a.statementId.slice(0, 8)})` : ' (no signed copy)'}`)
        : ['None.'],
    },
    { heading: 'Dry manure stockpile sites', list: true, lines: doc.stockpiles.length ? doc.stockpiles.map(stockpileLine) : ['None.'] },
    { heading: 'Soil loss and surface water practices', lines: [doc.soilLossPractices || 'Not stated.'] },
  ];
  if (doc.constructionBeginsOn) sections.push({ heading: 'Construction', lines: [`Construction begins ${day(doc.constructionBeginsOn)}.`] });
  if (kind === 'annual_update') {
    sections.push({ heading: 'Changes since the last approved plan', list: true, lines: changes.length ? changes.map((c) => `${c.label}: ${c.before ?? 'none'} → ${c.after ?? 'none'}`) : ['No changes stated.'] });
  }
  return sections;
}
