// IAC 567-65.111 (MMP content): nitrogen-based manure rates and the phosphorus index bands.
import { RuleInputError, requireNonNegative } from './errors';
import { parameterValue } from './parameters';
import type { PIndexBandRule } from './parameters';

const CITATION = 'IAC 567-65.111';

// Removes floating noise (180 x 1.1 = 198.00000000000003) without changing any real figure.
function clean(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

type NitrogenNeedInput = {
  optimumYield: number;
  nNeedPerYieldUnit: number;
  legumeCreditLbPerAcre?: number;
  commercialNLbPerAcre?: number;
  carryoverCreditLbPerAcre?: number;
};

/**
 * IAC 567-65.111: remaining crop N need = optimum yield x N need per yield unit − legume credit −
 * commercial N − manure N carry-over credit, never below zero (lb/acre). Rounded to 1e-6. The need does
 * not depend on the manure, so it can be checked before the manure's available N is known.
 */
export function remainingNitrogenNeed(input: NitrogenNeedInput): { remainingNeedLbPerAcre: number; citation: string } {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  const yieldGoal = requireNonNegative(input.optimumYield, 'optimumYield');
  const perUnit = requireNonNegative(input.nNeedPerYieldUnit, 'nNeedPerYieldUnit');
  const credits = (['legumeCreditLbPerAcre', 'commercialNLbPerAcre', 'carryoverCreditLbPerAcre'] as const)
    .map((field) => (input[field] === undefined ? 0 : requireNonNegative(input[field], field)))
    .reduce((a, b) => a + b, 0);
  return { remainingNeedLbPerAcre: Math.max(0, clean(yieldGoal * perUnit - credits)), citation: CITATION };
}

/**
 * IAC 567-65.111: the remaining crop N need (remainingNitrogenNeed) and the manure rate that supplies it
 * = remaining need / available N per manure unit (1,000 gallons or tons per acre). Rounded to 1e-6.
 */
export function manureNitrogenRate(input: NitrogenNeedInput & { availableNPerManureUnit: number }): {
  remainingNeedLbPerAcre: number; maxManureRatePerAcre: number; citation: string;
} {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  const { remainingNeedLbPerAcre: remaining } = remainingNitrogenNeed(input);
  const available = requireNonNegative(input.availableNPerManureUnit, 'availableNPerManureUnit');
  if (available === 0) throw new RuleInputError('availableNPerManureUnit', 'must be more than zero');
  return { remainingNeedLbPerAcre: remaining, maxManureRatePerAcre: clean(remaining / available), citation: CITATION };
}

/**
 * IAC 567-65.111: the phosphorus index band of a field and what it allows — very low (0–1) and low
 * (>1–2): nitrogen-based rates; medium (>2–5): phosphorus-limited (no more than twice crop removal);
 * high (>5–15): no manure until reduced; very high (>15): none. Bands are an unconfirmed parameter.
 */
export function phosphorusIndexBand(pIndex: number): {
  band: PIndexBandRule['band'];
  manure: PIndexBandRule['manure'];
  citation: string;
} {
  const p = requireNonNegative(pIndex, 'pIndex');
  const bands = parameterValue('p_index.bands');
  const match = bands.find((b) => b.upTo === null || p <= b.upTo);
  if (!match) throw new RuleInputError('pIndex', `has no band in the P-index table, got ${p}`);
  return { band: match.band, manure: match.manure, citation: CITATION };
}

/**
 * IAC 567-65.111: on a medium P-index field, manure may supply no more phosphorus than twice the
 * P2O5 the crop rotation removes by harvest (the multiple is an unconfirmed parameter). Where manure
 * goes on once for several crop years of the rotation, the removal is that of those years together.
 * Commercial P2O5 planned on the field (a landowner's statement of intent) counts against the same
 * limit, so manure may supply only what is left of it, never below zero. The rate that keeps to it
 * = maximum P2O5 from manure (lb/acre) / P2O5 per manure unit. Rounded to 1e-6.
 */
export function phosphorusLimitedRate(input: { p2o5RemovalLbPerAcre: number; p2o5PerManureUnit: number; commercialP2o5LbPerAcre?: number }): {
  maxP2o5LbPerAcre: number; maxManureRatePerAcre: number; citation: string;
} {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  const removal = requireNonNegative(input.p2o5RemovalLbPerAcre, 'p2o5RemovalLbPerAcre');
  const perUnit = requireNonNegative(input.p2o5PerManureUnit, 'p2o5PerManureUnit');
  if (perUnit === 0) throw new RuleInputError('p2o5PerManureUnit', 'must be more than zero');
  const commercial = input.commercialP2o5LbPerAcre === undefined ? 0 : requireNonNegative(input.commercialP2o5LbPerAcre, 'commercialP2o5LbPerAcre');
  const maxP2o5 = Math.max(0, clean(removal * parameterValue('p_index.medium_max_times_removal') - commercial));
  return { maxP2o5LbPerAcre: maxP2o5, maxManureRatePerAcre: clean(maxP2o5 / perUnit), citation: CITATION };
}

type FieldLimitInput = {
  pIndex: number;
  nitrogen: Parameters<typeof manureNitrogenRate>[0];
  p2o5RemovalLbPerAcre?: number;
  p2o5PerManureUnit?: number;
  /** Commercial P2O5 planned on the field, lb per acre; counts against a medium field's limit. */
  commercialP2o5LbPerAcre?: number;
};

const TWO_DECIMALS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const rate = (n: number) => `${TWO_DECIMALS.format(n)} units per acre`;

/**
 * IAC 567-65.111: the most manure a field may take this crop year, and what binds it. Very low and
 * low P-index fields: the nitrogen-based rate. Medium: the lower of the nitrogen rate and the
 * phosphorus-limited rate (both P figures then required). High and very high: none.
 */
export function fieldManureLimit(input: FieldLimitInput): {
  maxManureRatePerAcre: number; limitedBy: 'nitrogen' | 'phosphorus' | 'no_manure'; citation: string; reason: string;
} {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  const { band, manure } = phosphorusIndexBand(input.pIndex);
  const words = band.replace('_', ' ');
  if (manure === 'none') {
    return {
      maxManureRatePerAcre: 0,
      limitedBy: 'no_manure',
      citation: CITATION,
      reason: `P index ${input.pIndex} is ${words}: no manure may be applied until the index is reduced.`,
    };
  }
  if (typeof input.nitrogen !== 'object' || input.nitrogen === null) throw new RuleInputError('nitrogen', 'must be an object');
  const n = manureNitrogenRate(input.nitrogen);
  if (manure === 'nitrogen_based') {
    return {
      maxManureRatePerAcre: n.maxManureRatePerAcre,
      limitedBy: 'nitrogen',
      citation: CITATION,
      reason: `P index ${input.pIndex} is ${words}: the nitrogen-based rate applies, ${rate(n.maxManureRatePerAcre)} for a remaining need of ${n.remainingNeedLbPerAcre} lb N per acre.`,
    };
  }
  if (input.p2o5RemovalLbPerAcre === undefined) throw new RuleInputError('p2o5RemovalLbPerAcre', 'is required for a medium P-index field');
  if (input.p2o5PerManureUnit === undefined) throw new RuleInputError('p2o5PerManureUnit', 'is required for a medium P-index field');
  const p = phosphorusLimitedRate({ p2o5RemovalLbPerAcre: input.p2o5RemovalLbPerAcre, p2o5PerManureUnit: input.p2o5PerManureUnit, commercialP2o5LbPerAcre: input.commercialP2o5LbPerAcre });
  if (p.maxManureRatePerAcre < n.maxManureRatePerAcre) {
    return {
      maxManureRatePerAcre: p.maxManureRatePerAcre,
      limitedBy: 'phosphorus',
      citation: CITATION,
      reason: `P index ${input.pIndex} is medium: phosphorus binds, ${rate(p.maxManureRatePerAcre)} (at most ${p.maxP2o5LbPerAcre} lb P2O5 per acre), below the nitrogen rate of ${rate(n.maxManureRatePerAcre)}.`,
    };
  }
  return {
    maxManureRatePerAcre: n.maxManureRatePerAcre,
    limitedBy: 'nitrogen',
    citation: CITATION,
    reason: `P index ${input.pIndex} is medium: nitrogen binds, ${rate(n.maxManureRatePerAcre)}, within the phosphorus limit of ${rate(p.maxManureRatePerAcre)}.`,
  };
}

/**
 * IAC 567-65.111: whether the planned applications use all the manure the operation produces with
 * no field above its limit. planned = sum of acres x planned rate; capacity = sum of acres x limit;
 * shortfall = production - planned, never below zero (manure with no field to go to); enough land =
 * capacity covers production; overLimit = fields planned above their limit, in input order.
 */
export function manureBalance(input: {
  manureUnitsPerYear: number;
  fields: { id: string; acres: number; plannedRatePerAcre: number; maxManureRatePerAcre: number }[];
}): {
  plannedUnits: number; capacityUnits: number; shortfallUnits: number;
  overLimit: { id: string; plannedRatePerAcre: number; maxManureRatePerAcre: number }[];
  enoughLand: boolean; citation: string; reason: string;
} {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  const produced = requireNonNegative(input.manureUnitsPerYear, 'manureUnitsPerYear');
  if (!Array.isArray(input.fields)) throw new RuleInputError('fields', 'must be a list');
  let planned = 0;
  let capacity = 0;
  const overLimit: { id: string; plannedRatePerAcre: number; maxManureRatePerAcre: number }[] = [];
  input.fields.forEach((f, i) => {
    if (typeof f !== 'object' || f === null) throw new RuleInputError(`fields[${i}]`, 'must be an object');
    if (typeof f.id !== 'string' || f.id === '') throw new RuleInputError(`fields[${i}].id`, 'must be a non-empty string');
    const acres = requireNonNegative(f.acres, `fields[${i}].acres`);
    const plannedRate = requireNonNegative(f.plannedRatePerAcre, `fields[${i}].plannedRatePerAcre`);
    const limit = requireNonNegative(f.maxManureRatePerAcre, `fields[${i}].maxManureRatePerAcre`);
    planned += acres * plannedRate;
    capacity += acres * limit;
    if (plannedRate > limit) overLimit.push({ id: f.id, plannedRatePerAcre: plannedRate, maxManureRatePerAcre: limit });
  });
  const plannedUnits = clean(planned);
  const capacityUnits = clean(capacity);
  const shortfallUnits = Math.max(0, clean(produced - plannedUnits));
  const enoughLand = capacityUnits >= produced;
  const parts: string[] = [];
  parts.push(enoughLand
    ? `The fields can take ${capacityUnits} units a year at their limits, enough for the ${produced} produced.`
    : `The fields can take only ${capacityUnits} units a year at their limits, less than the ${produced} produced.`);
  if (shortfallUnits > 0) parts.push(`${shortfallUnits} units produced have no planned field.`);
  else parts.push(`The planned applications (${plannedUnits} units) use all the manure produced.`);
  if (overLimit.length > 0) parts.push(`Planned above the limit: ${overLimit.map((f) => f.id).join(', ')}.`);
  return { plannedUnits, capacityUnits, shortfallUnits, overLimit, enoughLand, citation: CITATION, reason: parts.join(' ') };
}
