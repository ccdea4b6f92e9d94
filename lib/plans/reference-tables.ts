import { z } from 'zod';
import { latestParameter } from '@/lib/rules';
import { YIELD_UNITS } from '@/lib/validation/reference-tables';

// The reference figures the plan's arithmetic reads (IAC 567-65.111; DNR form 542-4000 and its county
// average yield table, form 542-4000a): per crop, the nitrogen a yield unit needs and the P2O5 a yield
// unit removes at harvest; per county and crop, the average yield an owner may plan for. The
// department keeps them (an administrator's tables, each row with its source and effective date);
// until it confirms a row, the row says so and every place that uses it shows that it is unconfirmed.
// Pure: the browser's live balance and the server's checks read the same tables, passed in.

export type CropFactor = {
  /** The crop's key (lowercase, underscores): corn_grain, soybean, corn_silage... */
  crop: string;
  label: string;
  yieldUnit: 'bu' | 'tons';
  /** Pounds of nitrogen needed per yield unit; null when the table has no figure. */
  nLbPerYieldUnit: number | null;
  /** Pounds of P2O5 removed at harvest per yield unit; null when the table has no figure. */
  p2o5LbPerYieldUnit: number | null;
  source: string;
  effectiveFrom: string;
  confirmed: boolean;
};

export type CountyYield = {
  countyFips: string;
  crop: string;
  yield: number;
  unit: 'bu' | 'tons';
  /** The years the average covers, as the table gives them (e.g. "2019-2023"). */
  years: string;
  source: string;
  effectiveFrom: string;
  confirmed: boolean;
};

export type ReferenceTables = { crops: CropFactor[]; countyYields: CountyYield[] };

/**
 * The part of the tables a plan's figures read, frozen with its submission: every crop's factors (a
 * short table) and the county average yields of the counties its fields lie in.
 */
export function usedReferenceTables(tables: ReferenceTables, fieldCounties: readonly (string | null | undefined)[]): ReferenceTables {
  const counties = new Set(fieldCounties.filter(Boolean));
  return { crops: tables.crops, countyYields: tables.countyYields.filter((y) => counties.has(y.countyFips)) };
}

const unit = z.enum(YIELD_UNITS);
const figure = z.number().nullable();

/** The frozen tables as a submission's snapshot stores them. */
export const referenceTablesSchema = z.object({
  crops: z.array(z.object({ crop: z.string(), label: z.string(), yieldUnit: unit, nLbPerYieldUnit: figure, p2o5LbPerYieldUnit: figure, source: z.string(), effectiveFrom: z.string(), confirmed: z.boolean() })),
  countyYields: z.array(z.object({ countyFips: z.string(), crop: z.string(), yield: z.number(), unit, years: z.string(), source: z.string(), effectiveFrom: z.string(), confirmed: z.boolean() })),
}) satisfies z.ZodType<ReferenceTables>;

// Crop names as owners write them, matched to a table key.
const ALIASES: Record<string, string> = {
  corn: 'corn_grain', corn_grain: 'corn_grain', grain_corn: 'corn_grain', corn_for_grain: 'corn_grain',
  soybeans: 'soybean', soybean: 'soybean', beans: 'soybean', soy: 'soybean',
  silage: 'corn_silage', corn_silage: 'corn_silage',
  alfalfa: 'alfalfa', hay: 'alfalfa', alfalfa_hay: 'alfalfa',
};

/** The table key of a crop as a plan names it ("Corn", "corn grain", "Soybeans"). */
export function cropKey(crop: string | null | undefined): string {
  const k = (crop ?? '').trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
  return ALIASES[k] ?? k;
}

export function findCropFactor(t: ReferenceTables, crop: string | null | undefined): CropFactor | undefined {
  const key = cropKey(crop);
  return key ? t.crops.find((c) => c.crop === key) : undefined;
}

export function findCountyYield(t: ReferenceTables, countyFips: string | null | undefined, crop: string | null | undefined): CountyYield | undefined {
  const key = cropKey(crop);
  return countyFips && key ? t.countyYields.find((y) => y.countyFips === countyFips && y.crop === key) : undefined;
}

const P2O5_SOURCE =
  'Shipped figure, not the department’s: crop removal per yield unit as commonly published by Iowa State ' +
  'University Extension (PM 1688); to be confirmed or replaced by the department.';

/**
 * The shipped tables: the nitrogen factor of the rules' parameter record and commonly published P2O5
 * removal figures, every row unconfirmed; no county yields (the department imports Appendix A).
 */
export function defaultReferenceTables(): ReferenceTables {
  const n = latestParameter('crop.nitrogen_factors');
  const nOf = (crop: string) => (n.value as { crop: string; lbNPerYieldUnit: number }[]).find((x) => x.crop === crop)?.lbNPerYieldUnit ?? null;
  const row = (crop: string, label: string, yieldUnit: 'bu' | 'tons', p2o5: number): CropFactor => ({
    crop, label, yieldUnit, nLbPerYieldUnit: nOf(crop), p2o5LbPerYieldUnit: p2o5,
    source: nOf(crop) !== null ? `${n.source}; P2O5: ${P2O5_SOURCE}` : P2O5_SOURCE,
    effectiveFrom: n.effectiveFrom, confirmed: false,
  });
  return {
    crops: [row('corn_grain', 'Corn (grain)', 'bu', 0.37), row('soybean', 'Soybean', 'bu', 0.8), row('corn_silage', 'Corn silage', 'tons', 3.5), row('alfalfa', 'Alfalfa', 'tons', 12.5)],
    countyYields: [],
  };
}
