// IAC 567-65.110(3)"b"(3)"3": the changes made since the previous MMP was approved. One diff for the
// owner's certified list and the reviewer's comparison: rows are matched by their id (a renamed
// field is one change, two fields of the same name never collide), and every part of the document
// is compared through its label in words.ts, so a part with no label does not compile.
import { formatNumber } from '@/lib/format';
import type { FiledDocument, PlanChange } from './types';
import { AGREEMENT_LABELS, DISTANCE_LABELS, FIELD_LABELS, METHOD_LABELS, NUTRIENT_SOURCE_LABELS, NUTRIENT_UNIT_LABELS, PRODUCTION_LABELS, STOCKPILE_DISTANCES, STOCKPILE_LABELS, TENURE_LABELS, TIMING_LABELS } from './words';

type Row = { key: string };

export function words(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'number') return formatNumber(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

function compareRecord(out: PlanChange[], path: string, label: string, before: Record<string, unknown>, after: Record<string, unknown>, labels: Record<string, string>) {
  for (const [k, name] of Object.entries(labels)) {
    const b = words(before[k]);
    const a = words(after[k]);
    if (a !== b) out.push({ path: `${path}.${k}`, label: `${label}: ${name}`, before: b, after: a });
  }
}

function compareRows<T extends Row>(
  out: PlanChange[], path: string, noun: string, before: T[], after: T[],
  title: (row: T) => string, summary: (row: T) => string, labels: Record<string, string>,
  shown: (row: T, side: 'before' | 'after') => Record<string, unknown>,
) {
  const old = new Map(before.map((r) => [r.key, r]));
  const now = new Map(after.map((r) => [r.key, r]));
  for (const r of after) {
    const prev = old.get(r.key);
    if (!prev) out.push({ path: `${path}.${r.key}`, label: `${noun} added: ${title(r)}`, before: null, after: summary(r) });
    else compareRecord(out, `${path}.${r.key}`, `${noun} “${title(prev)}”`, shown(prev, 'before'), shown(r, 'after'), labels);
  }
  for (const r of before) if (!now.has(r.key)) out.push({ path: `${path}.${r.key}`, label: `${noun} removed: ${title(r)}`, before: summary(r), after: null });
}

export type DiffOptions = {
  countyName?: (fips: string) => string;
  /** The animal unit capacity stated with each plan, when the caller knows both. */
  animalUnits?: { before: number | null; after: number | null };
};

/** Every difference between the last approved plan and this one, in reading order. */
export function diffDocuments(before: FiledDocument, after: FiledDocument, options: DiffOptions = {}): PlanChange[] {
  const countyName = options.countyName ?? ((f: string) => f);
  const out: PlanChange[] = [];
  if (options.animalUnits && words(options.animalUnits.before) !== words(options.animalUnits.after)) {
    out.push({ path: 'animalUnitCapacity', label: 'Animal unit capacity', before: words(options.animalUnits.before), after: words(options.animalUnits.after) });
  }
  const contacts = (d: FiledDocument) => d.contacts.map((c) => `${c.name} (${c.role}, ${c.phone}${c.email ? `, ${c.email}` : ''})`).join('; ');
  if (contacts(before) !== contacts(after)) out.push({ path: 'contacts', label: 'Contacts', before: contacts(before), after: contacts(after) });

  const production = (d: FiledDocument) => ({
    ...d.production,
    nutrientUnit: d.production.nutrientUnit ? NUTRIENT_UNIT_LABELS[d.production.nutrientUnit] : null,
    nutrientSource: d.production.nutrientSource ? NUTRIENT_SOURCE_LABELS[d.production.nutrientSource] : null,
  });
  compareRecord(out, 'production', 'Manure production', production(before), production(after), PRODUCTION_LABELS);

  type F = FiledDocument['fields'][number];
  const field = (f: F) => ({
    ...f,
    countyFips: `${countyName(f.countyFips)} County`,
    tenure: TENURE_LABELS[f.tenure],
    crops: f.crops.map((c) => `${c.year} ${c.crop}${c.yield != null ? ` (yield ${c.yield})` : ''}`).join(', '),
    applicationMethod: f.applicationMethod ? METHOD_LABELS[f.applicationMethod] : null,
    applicationTiming: f.applicationTiming ? TIMING_LABELS[f.applicationTiming] : null,
  });
  compareRows(out, 'fields', 'Field', before.fields, after.fields, (f) => f.name,
    (f) => `${f.name}, ${countyName(f.countyFips)} County, ${words(f.acres)} acres, P index ${words(f.phosphorusIndex)}, N ${words(f.nitrogenRateLbPerAcre)} lb/acre`,
    FIELD_LABELS, field);

  const fieldName = (d: FiledDocument, key: string | null) => (key ? d.fields.find((f) => f.key === key)?.name ?? null : null);
  type A = FiledDocument['agreements'][number];
  // A field is named as it is now, so renaming a field is not also a change of its agreement.
  const agreement = (a: A) => ({
    ...a,
    fieldKey: fieldName(after, a.fieldKey) ?? fieldName(before, a.fieldKey),
    attachmentId: a.attachmentId ? `on file (${a.attachmentId.slice(0, 8)})` : null,
  });
  compareRows(out, 'agreements', 'Land agreement', before.agreements, after.agreements, (a) => a.landownerName,
    (a) => `${a.landownerName}${fieldName(after, a.fieldKey) ?? fieldName(before, a.fieldKey) ? `, ${fieldName(after, a.fieldKey) ?? fieldName(before, a.fieldKey)}` : ''}, signed ${words(a.signedOn)}`,
    AGREEMENT_LABELS, agreement);

  type S = FiledDocument['stockpiles'][number];
  const distances = (s: S) => STOCKPILE_DISTANCES.filter((k) => s.distances[k] !== undefined).map((k) => `${DISTANCE_LABELS[k]} ${words(s.distances[k])} ft`).join(', ');
  compareRows(out, 'stockpiles', 'Stockpile site', before.stockpiles, after.stockpiles, (s) => s.name,
    (s) => `${s.name}: ${distances(s) || 'no distances given'}`,
    STOCKPILE_LABELS, (s) => ({ ...s, distances: distances(s) }));

  if (before.soilLossPractices.trim() !== after.soilLossPractices.trim()) {
    out.push({ path: 'soilLossPractices', label: 'Soil loss and surface water practices', before: before.soilLossPractices, after: after.soilLossPractices });
  }
  if (words(before.constructionBeginsOn) !== words(after.constructionBeginsOn)) {
    out.push({ path: 'constructionBeginsOn', label: 'Construction begins on', before: words(before.constructionBeginsOn), after: words(after.constructionBeginsOn) });
  }
  return out;
}
