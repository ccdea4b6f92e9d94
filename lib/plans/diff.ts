// IAC 567-65.110(3)"b"(3)"3": a list of the changes made since the previous MMP was approved. Each
// change is a structured edit against the last approved plan (what it was, what it is now).
import type { PlanDocument } from './document';

export type PlanChange = { path: string; label: string; before: string | null; after: string | null };

type Named = { key: string };

function text(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'number') return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

function compareRecord(out: PlanChange[], path: string, label: string, before: Record<string, unknown>, after: Record<string, unknown>, labels: Record<string, string>) {
  for (const [k, name] of Object.entries(labels)) {
    const b = text(before[k]);
    const a = text(after[k]);
    if (a !== b) out.push({ path: `${path}.${k}`, label: `${label}: ${name}`, before: b, after: a });
  }
}

function compareRows<T extends Named>(
  out: PlanChange[],
  path: string,
  noun: string,
  before: T[],
  after: T[],
  title: (row: T) => string,
  summary: (row: T) => string,
  labels: Record<string, string>,
  flatten: (row: T) => Record<string, unknown>,
) {
  const old = new Map(before.map((r) => [r.key, r]));
  const now = new Map(after.map((r) => [r.key, r]));
  for (const r of after) {
    const prev = old.get(r.key);
    if (!prev) out.push({ path: `${path}.${r.key}`, label: `${noun} added: ${title(r)}`, before: null, after: summary(r) });
    else compareRecord(out, `${path}.${r.key}`, `${noun} “${title(prev)}”`, flatten(prev), flatten(r), labels);
  }
  for (const r of before) {
    if (!now.has(r.key)) out.push({ path: `${path}.${r.key}`, label: `${noun} removed: ${title(r)}`, before: summary(r), after: null });
  }
}

/** Every difference between the last approved plan and this one, in reading order. */
export function diffDocuments(before: PlanDocument, after: PlanDocument, countyName: (fips: string) => string = (f) => f): PlanChange[] {
  const out: PlanChange[] = [];
  const contacts = (d: PlanDocument) => d.contacts.map((c) => `${c.name} (${c.role}, ${c.phone}${c.email ? `, ${c.email}` : ''})`).join('; ');
  if (contacts(before) !== contacts(after)) out.push({ path: 'contacts', label: 'Contacts', before: contacts(before), after: contacts(after) });

  compareRecord(out, 'production', 'Manure production', before.production, after.production, {
    annualAnimalProduction: 'animals produced a year',
    manureAmount: 'manure produced a year',
    nutrientUnit: 'unit',
    nutrientSource: 'nutrient content source',
    totalNitrogenPerUnit: 'total nitrogen',
    availableNitrogenPerUnit: 'available nitrogen',
    p2o5PerUnit: 'phosphate (P2O5)',
  });

  const field = (f: PlanDocument['fields'][number]) => ({
    ...f,
    county: `${countyName(f.countyFips)} County`,
    crops: f.crops.map((c) => `${c.year} ${c.crop}`).join(', '),
  });
  compareRows(out, 'fields', 'Field', before.fields, after.fields, (f) => f.name,
    (f) => `${f.name}, ${countyName(f.countyFips)} County, ${text(f.acres)} acres, P index ${text(f.phosphorusIndex)}, N ${text(f.nitrogenRateLbPerAcre)} lb/acre`,
    { name: 'name', county: 'county', acres: 'acres', tenure: 'tenure', crops: 'crop schedule', optimumYield: 'optimum yield',
      nitrogenRateLbPerAcre: 'nitrogen rate (lb/acre)', legumeCreditLbPerAcre: 'legume nitrogen credit (lb/acre)',
      commercialNLbPerAcre: 'commercial nitrogen (lb/acre)', carryoverCreditLbPerAcre: 'manure nitrogen carry-over credit (lb/acre)',
      phosphorusIndex: 'phosphorus index', applicationMethod: 'application method', applicationTiming: 'application timing' },
    field);

  compareRows(out, 'agreements', 'Land agreement', before.agreements, after.agreements, (a) => a.landownerName,
    (a) => `${a.landownerName}, signed ${a.signedOn}`,
    { landownerName: 'landowner', acres: 'acres', signedOn: 'signed on', attachmentId: 'signed copy' },
    (a) => ({ ...a }));

  const pile = (s: PlanDocument['stockpiles'][number]) => ({
    ...s,
    distances: Object.entries(s.distances).filter(([, v]) => v !== undefined).map(([k, v]) => `${k.replace(/_/g, ' ')} ${text(v)} ft`).join(', '),
  });
  compareRows(out, 'stockpiles', 'Stockpile site', before.stockpiles, after.stockpiles, (s) => s.name,
    (s) => `${s.name}: ${pile(s).distances || 'no distances given'}`,
    { name: 'name', distances: 'distances', slopePercent: 'slope (%)', inGrassedWaterway: 'in a grassed waterway',
      runoffContainmentPractices: 'runoff contained', practicesDescription: 'practices' },
    pile);

  if (before.soilLossPractices.trim() !== after.soilLossPractices.trim()) {
    out.push({ path: 'soilLossPractices', label: 'Soil loss and surface water practices', before: before.soilLossPractices, after: after.soilLossPractices });
  }
  return out;
}
