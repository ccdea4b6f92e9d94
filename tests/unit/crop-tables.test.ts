import { describe, expect, it } from 'vitest';
import { cropKey, defaultReferenceTables, findCountyYield, findCropFactor } from '@/lib/plans/reference-tables';
import { fieldsStep } from '@/lib/validation/plan-fields';

// The crop tables the plan's arithmetic reads: a crop as an owner writes it finds its row; every
// shipped row says it is not the department's; a bad figure on the field table is a field error.

describe('crop tables', () => {
  it('matches a crop however the owner writes it', () => {
    expect(['Corn', 'corn grain', ' CORN ', 'corn_grain'].map(cropKey)).toEqual(['corn_grain', 'corn_grain', 'corn_grain', 'corn_grain']);
    expect(cropKey('Soybeans')).toBe('soybean');
    expect(findCropFactor(defaultReferenceTables(), 'Soybeans')?.p2o5LbPerYieldUnit).toBe(0.8);
    expect(findCropFactor(defaultReferenceTables(), 'sorghum')).toBeUndefined();
  });

  it('ships every row unconfirmed and no county yields (the department imports Appendix A)', () => {
    const t = defaultReferenceTables();
    expect(t.crops.every((c) => !c.confirmed && c.source.length > 20)).toBe(true);
    expect(t.countyYields).toEqual([]);
    const withYield = { ...t, countyYields: [{ countyFips: '19167', crop: 'corn_grain', yield: 201, unit: 'bu' as const, years: '2019-2023', source: 'DNR', effectiveFrom: '2025-01-01', confirmed: true }] };
    expect(findCountyYield(withYield, '19167', 'Corn')?.yield).toBe(201);
    expect(findCountyYield(withYield, '19141', 'Corn')).toBeUndefined();
  });
});

const row = (over: Record<string, unknown> = {}) => ({
  key: 'f1', name: 'Home 80', countyFips: '19167', acres: '80', tenure: 'owned', crops: [{ year: '2027', crop: 'corn' }], optimumYield: '200',
  nitrogenRateLbPerAcre: '150', phosphorusIndex: '3', applicationMethod: 'injected', applicationTiming: 'fall', ...over,
});
const errors = (over: Record<string, unknown>) => {
  const r = fieldsStep.safeParse({ fields: [row(over)] });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.slice(2).join('.'), i.message]));
};

describe('the field table’s new figures', () => {
  it('reads the previous crop, its manure and the stated P2O5 removal', () => {
    const r = fieldsStep.parse({ fields: [row({ previousCrop: 'soybeans', previousCropManured: 'true', p2o5RemovalLbPerAcre: '62', yieldSource: 'county_average' })] });
    expect(r.fields[0]).toMatchObject({ previousCrop: 'soybeans', previousCropManured: true, p2o5RemovalLbPerAcre: 62, yieldSource: 'county_average' });
    expect(fieldsStep.parse({ fields: [row({ previousCropManured: 'false' })] }).fields[0]!.previousCropManured).toBe(false);
    expect(fieldsStep.parse({ fields: [row({ previousCropManured: '' })] }).fields[0]!.previousCropManured).toBeUndefined();
  });

  it('names the limit of an absurd removal and asks for the basis of the owner’s own yield', () => {
    expect(errors({ p2o5RemovalLbPerAcre: '-5' })).toEqual({ p2o5RemovalLbPerAcre: 'The P2O5 removal must be between 0 and 400 pounds per acre a year' });
    expect(errors({ p2o5RemovalLbPerAcre: '900' })).toEqual({ p2o5RemovalLbPerAcre: 'The P2O5 removal must be between 0 and 400 pounds per acre a year' });
    expect(errors({ yieldSource: 'own_records' })).toEqual({ yieldBasis: 'Say which years and records the yield comes from' });
    expect(errors({ yieldSource: 'own_records', yieldBasis: 'Yield monitor 2021-2025' })).toEqual({});
  });
});
