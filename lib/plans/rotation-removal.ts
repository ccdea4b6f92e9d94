import { cropKey, findCropFactor, type ReferenceTables } from './reference-tables';

// IAC 567-65.111 (DNR form 542-4000, a phosphorus-based rate: planned rotation, P2O5 removal by
// harvest, planned manure rate): on a medium P-index field manure may supply no more than twice the
// P2O5 the crop rotation removes (the multiple lives in lib/rules). Manure put on once for several
// crop years of the rotation (once in a corn-soybean rotation: every 2 years) supplies those years
// together, so the removal is that of the crop years one application serves: corn then soybeans is
// corn's removal plus soybeans'. Pure arithmetic on what the plan states and the crop table.

type Num = number | null | undefined;
export type RotationCrop = { year: number | string; crop: string; yield?: Num };

export type RotationRemoval = {
  lbPerAcre: number;
  /** Where the figure came from, in words. */
  from: string;
  /** How often manure goes on, in words, including what a blank answer is read as. */
  yearsWords: string;
  /** Crop years one application serves, and whether the plan states it (else read as every year). */
  years: number;
  yearsStated: boolean;
};

export type RotationResult = { removal: RotationRemoval | null; gap: string | null; unconfirmed: string[] };

const num = (v: Num): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const round1 = (v: number) => Math.round(v * 10) / 10;

/** The words for the years between applications, including what a blank answer is read as. */
export function applicationYearsWords(years: number, stated: boolean): string {
  if (!stated) return 'manure every year: the years between applications are not stated, so the lowest limit is used';
  return years === 1 ? 'manure every year' : `manure once every ${years} years`;
}

/**
 * The P2O5 removal (lb/acre) the manure of one application may be measured against: the plan's own
 * figure (lb a year, times the years one application serves), else each served crop year's removal
 * per yield unit from the crop table times that year's yield (the field's optimum yield for the
 * planned crop). A figure that cannot be worked out is a gap, never a default.
 */
export function rotationP2o5Removal(input: {
  crops: RotationCrop[]; plannedYear: number; optimumYield: Num; statedLbPerAcreYear: Num; yearsBetweenApplications: Num; tables: ReferenceTables;
}): RotationResult {
  const statedYears = num(input.yearsBetweenApplications);
  const years = statedYears !== null && statedYears >= 1 ? Math.round(statedYears) : 1;
  const yearsStated = statedYears !== null && statedYears >= 1;
  const yearsWords = applicationYearsWords(years, yearsStated);
  const stated = num(input.statedLbPerAcreYear);
  if (stated !== null) {
    const from = years === 1 ? 'as the plan states' : `${stated} lb a year as the plan states x ${years} years`;
    return { removal: { lbPerAcre: round1(stated * years), from, yearsWords, years, yearsStated }, gap: null, unconfirmed: [] };
  }
  const schedule = input.crops.filter((c) => c.crop).sort((a, b) => Number(a.year) - Number(b.year));
  if (!schedule.length) return { removal: null, gap: 'the plan gives no crop schedule', unconfirmed: [] };
  const found = schedule.findIndex((c) => Number(c.year) >= input.plannedYear);
  const start = found === -1 ? schedule.length - 1 : found;
  const plannedKey = cropKey(schedule[start]!.crop);
  const firstYear = Number(schedule[start]!.year);
  const parts: string[] = [];
  const gaps: string[] = [];
  const unconfirmed: string[] = [];
  let total = 0;
  for (let j = 0; j < years; j++) {
    // The rotation repeats: past the end of the schedule it starts again from its first year.
    const entry = schedule[(start + j) % schedule.length]!;
    const year = firstYear + j;
    const row = findCropFactor(input.tables, entry.crop);
    const yieldGoal = num(entry.yield) ?? (cropKey(entry.crop) === plannedKey ? num(input.optimumYield) : null);
    if (!row || row.p2o5LbPerYieldUnit === null) { gaps.push(`the crop table has no P2O5 removal for ${entry.crop}`); continue; }
    if (yieldGoal === null) { gaps.push(`the plan gives no yield for ${entry.crop} in ${year}`); continue; }
    if (!row.confirmed) unconfirmed.push(row.source);
    total += row.p2o5LbPerYieldUnit * yieldGoal;
    parts.push(`${years === 1 ? '' : `${year} ${entry.crop}: `}${row.p2o5LbPerYieldUnit} lb P2O5 per ${row.yieldUnit} removed x ${yieldGoal} ${row.yieldUnit} per acre`);
  }
  if (gaps.length) return { removal: null, gap: gaps.join('; '), unconfirmed: [] };
  return { removal: { lbPerAcre: round1(total), from: parts.join(' + '), yearsWords, years, yearsStated }, gap: null, unconfirmed };
}
