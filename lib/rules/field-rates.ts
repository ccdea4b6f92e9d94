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
