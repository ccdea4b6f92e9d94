// IAC 567-65.110(3)"b" and (6): county copies of an updated MMP and the indemnity fee exemption.
import { monthDayYear, requireIsoDate } from './dates';
import { RuleInputError, requireBoolean } from './errors';
import { parameterValue } from './parameters';

/**
 * IAC 567-65.110(3)"b"(1)-(2): an updated MMP goes to (hard copy) or is made available to (electronic)
 * the board of supervisors of each county where the operation is located and each county where its
 * manure is land-applied. Returns that set of counties, each once, sorted.
 */
export function countiesReceivingPlan(input: { locatedIn: string[]; landAppliedIn: string[] }): {
  counties: string[];
  citation: string;
} {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  const all = new Set<string>();
  for (const field of ['locatedIn', 'landAppliedIn'] as const) {
    const list: unknown = input[field];
    if (!Array.isArray(list)) throw new RuleInputError(field, 'must be a list of counties');
    list.forEach((county, i) => {
      if (typeof county !== 'string' || county.trim() === '') throw new RuleInputError(`${field}[${i}]`, 'must be a county name');
      all.add(county.trim());
    });
  }
  if (input.locatedIn.length === 0) throw new RuleInputError('locatedIn', 'must name at least one county');
  return { counties: [...all].sort(), citation: 'IAC 567-65.110(3)"b"' };
}

/**
 * IAC 567-65.110(6): everyone required to submit an MMP also pays the manure storage indemnity fee
 * (Iowa Code 459.503), except operations constructed prior to May 31, 1995 (strictly before) that were
 * not required to obtain a construction permit.
 */
export function indemnityFeeExempt(input: { constructedOn: string; constructionPermitRequired: boolean }): {
  exempt: boolean;
  citation: string;
  reason: string;
} {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  requireIsoDate(input.constructedOn, 'constructedOn');
  const permit = requireBoolean(input.constructionPermitRequired, 'constructionPermitRequired');
  const cutoff = parameterValue('date.indemnity_exempt_constructed_before');
  const before = input.constructedOn < cutoff;
  const exempt = before && !permit;
  const day = monthDayYear(cutoff);
  const reason = exempt
    ? `Constructed before ${day} without needing a construction permit, so no indemnity fee is owed.`
    : before
      ? `Constructed before ${day}, but it was required to obtain a construction permit, so the indemnity fee is owed.`
      : `Constructed on or after ${day}, so the indemnity fee is owed with the MMP.`;
  return { exempt, citation: 'IAC 567-65.110(6)', reason };
}
