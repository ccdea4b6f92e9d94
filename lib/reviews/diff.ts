import type { DocAgreement, DocField, DocStockpile, PlanDocument } from './plan-document';

// What changed since the last approved plan, item by item, so a reviewer reads only the changes
// (IAC 567-65.110(3)"b": an updated plan reflects every amendment since the previous submission).

export type DiffEntry = {
  section: 'Plan' | 'Manure production' | 'Fields' | 'Stockpiles' | 'Land agreements';
  item: string;
  change: 'added' | 'removed' | 'changed';
  before?: string;
  after?: string;
};

type Shown = string | number | boolean | null | undefined;

function show(v: Shown | Shown[] | object): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v)) return v.map((x) => show(x as Shown)).join(', ');
  if (typeof v === 'object') return Object.entries(v).map(([k, x]) => `${k}: ${show(x as Shown)}`).join('; ');
  return String(v);
}

const FIELD_PARTS: [keyof DocField, string][] = [
  ['countyFips', 'county'], ['acres', 'acres'], ['tenure', 'tenure'], ['optimumYield', 'optimum yield'],
  ['nitrogenRateLbPerAcre', 'nitrogen rate (lb/acre)'], ['legumeCreditLbPerAcre', 'legume nitrogen credit (lb/acre)'],
  ['commercialNLbPerAcre', 'commercial nitrogen (lb/acre)'], ['carryoverCreditLbPerAcre', 'manure nitrogen carry-over credit (lb/acre)'],
  ['phosphorusIndex', 'phosphorus index'],
  ['applicationMethod', 'application method'], ['applicationTiming', 'application timing'],
];
const STOCKPILE_PARTS: [keyof DocStockpile, string][] = [
  ['distancesFt', 'distances (ft)'], ['inGrassedWaterway', 'in a grassed waterway'], ['slopePercent', 'slope (%)'],
  ['runoffContainmentPractices', 'runoff contained'], ['runoffCannotReachTileInlet', 'runoff cannot reach a tile inlet'],
  ['runoffCannotReachDesignatedArea', 'runoff cannot reach a designated area'],
];
const AGREEMENT_PARTS: [keyof DocAgreement, string][] = [['acres', 'acres'], ['signedOn', 'signed on'], ['fieldName', 'field']];

function crops(f: DocField): string {
  return f.cropSchedule.map((c) => `${c.year} ${c.crop}`).join(', ');
}

function diffLists<T extends object>(
  section: DiffEntry['section'],
  before: T[],
  after: T[],
  key: (x: T) => string,
  parts: [keyof T, string][],
  extra?: (b: T, a: T) => DiffEntry[],
): DiffEntry[] {
  const out: DiffEntry[] = [];
  const old = new Map(before.map((x) => [key(x), x]));
  const now = new Map(after.map((x) => [key(x), x]));
  for (const [k, a] of now) {
    const b = old.get(k);
    if (!b) {
      out.push({ section, item: k, change: 'added' });
      continue;
    }
    for (const [part, label] of parts) {
      const was = show(b[part] as Shown), is = show(a[part] as Shown);
      if (was !== is) out.push({ section, item: `${k}: ${label}`, change: 'changed', before: was, after: is });
    }
    out.push(...(extra?.(b, a) ?? []));
  }
  for (const k of old.keys()) if (!now.has(k)) out.push({ section, item: k, change: 'removed' });
  return out;
}

/** Every difference between the last approved plan and this one. */
export function diffPlanDocuments(before: PlanDocument, after: PlanDocument): DiffEntry[] {
  const out: DiffEntry[] = [];
  if (show(before.animalUnitCapacity) !== show(after.animalUnitCapacity)) {
    out.push({ section: 'Plan', item: 'Animal unit capacity', change: 'changed', before: show(before.animalUnitCapacity), after: show(after.animalUnitCapacity) });
  }
  if (show(before.content.soilLossPractices) !== show(after.content.soilLossPractices)) {
    out.push({ section: 'Plan', item: 'Soil loss and surface water practices', change: 'changed', before: show(before.content.soilLossPractices), after: show(after.content.soilLossPractices) });
  }
  const mpBefore = before.content.manureProduction ?? {};
  const mpAfter = after.content.manureProduction ?? {};
  for (const k of new Set([...Object.keys(mpBefore), ...Object.keys(mpAfter)])) {
    const was = show((mpBefore as Record<string, Shown>)[k]), is = show((mpAfter as Record<string, Shown>)[k]);
    if (was !== is) out.push({ section: 'Manure production', item: k.replace(/([A-Z])/g, ' $1').toLowerCase(), change: 'changed', before: was, after: is });
  }
  out.push(
    ...diffLists('Fields', before.fields, after.fields, (f) => f.name, FIELD_PARTS, (b, a) =>
      crops(b) !== crops(a) ? [{ section: 'Fields', item: `${a.name}: crop schedule`, change: 'changed', before: crops(b), after: crops(a) }] : [],
    ),
    ...diffLists('Stockpiles', before.stockpiles, after.stockpiles, (s) => s.name, STOCKPILE_PARTS),
    ...diffLists('Land agreements', before.landAgreements, after.landAgreements, (l) => l.landownerName, AGREEMENT_PARTS),
  );
  return out;
}
