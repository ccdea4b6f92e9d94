import { countiesReceivingPlan } from '@/lib/rules';

export type PlanCounty = { fips: string; relation: 'located_in' | 'land_applied_in' };

/**
 * IAC 567-65.110(3)"b"(1)-(2): a plan goes to the county where the operation is located and to each
 * county where its manure is land-applied (every field's county).
 */
export function derivePlanCounties(operationCountyFips: string, fields: readonly { countyFips: unknown }[]): PlanCounty[] {
  const applied = [...new Set(fields.map((f) => f.countyFips).filter((c): c is string => typeof c === 'string' && /^19\d{3}$/.test(c)))];
  return [{ fips: operationCountyFips, relation: 'located_in' as const }, ...applied.map((fips) => ({ fips, relation: 'land_applied_in' as const }))];
}

/** Each county once, with how the plan touches it, named and sorted. */
export function countiesForDisplay(
  list: PlanCounty[],
  countyName: (fips: string) => string,
): { fips: string; name: string; located: boolean; applied: boolean; citation: string }[] {
  const { counties, citation } = countiesReceivingPlan({
    locatedIn: list.filter((c) => c.relation === 'located_in').map((c) => c.fips),
    landAppliedIn: list.filter((c) => c.relation === 'land_applied_in').map((c) => c.fips),
  });
  return counties
    .map((fips) => ({
      fips,
      name: countyName(fips),
      located: list.some((c) => c.fips === fips && c.relation === 'located_in'),
      applied: list.some((c) => c.fips === fips && c.relation === 'land_applied_in'),
      citation,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function relationWords(c: { located: boolean; applied: boolean }): string {
  if (c.located && c.applied) return 'operation located here; manure applied here';
  return c.located ? 'operation located here' : 'manure applied here';
}
