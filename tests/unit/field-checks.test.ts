import { describe, expect, it } from 'vitest';
import { nitrogenFigures } from '@/lib/reviews/field-checks';
import type { FiledDocument as PlanDocument } from '@/lib/plans/document/types';

// IAC 567-65.111 (DNR form 542-4000): remaining crop N need = optimum yield x N per yield unit, less the
// legume credit, the commercial N planned and the manure N carry-over credit; the manure rate that
// supplies it = remaining need / available N per unit of manure. Corn grain uses 1.2 lb N/bu (an
// unconfirmed parameter).

type Field = PlanDocument['fields'][number];
const field = (over: Partial<Field>): Field => ({
  key: 'home-80', name: 'Home 80', countyFips: '19167', acres: 80, tenure: 'owned', crops: [{ year: 2027, crop: 'corn' }],
  optimumYield: 200, nitrogenRateLbPerAcre: 150, legumeCreditLbPerAcre: 40, commercialNLbPerAcre: 30, carryoverCreditLbPerAcre: 20,
  phosphorusIndex: 1.5, applicationMethod: 'injected', applicationTiming: 'fall', ...over,
});
const doc = (fields: Field[], availableNitrogenPerUnit?: number): PlanDocument => ({
  contacts: [], stockpiles: [], agreements: [], fields, soilLossPractices: '',
  production: {
    annualAnimalProduction: null, manureAmount: null, nutrientSource: null, totalNitrogenPerUnit: null, p2o5PerUnit: null,
    availableNitrogenPerUnit: availableNitrogenPerUnit ?? null, nutrientUnit: availableNitrogenPerUnit === undefined ? null : 'thousand_gallons',
  },
});

describe('field nitrogen checks use the plan\'s credits (IAC 567-65.111)', () => {
  it('IAC 567-65.111: 200 bu x 1.2 = 240 lb, less 40 + 30 + 20 of credits = 150 lb still needed; 4 lb available per 1,000 gal = 37.5', () => {
    const [f] = nitrogenFigures(doc([field({})], 4), 2027);
    expect(f!.value).toContain('150 lb N/acre remaining (240 lb for the yield, less legume credit 40, commercial nitrogen 30, manure carry-over credit 20)');
    expect(f!.value).toContain('at most 37.5 thousand gallons of manure per acre');
    expect(f!.flag).toBeUndefined();
    expect(f!.citation).toBe('IAC 567-65.111');
  });

  it('IAC 567-65.111: a planned rate above the need after credits is an error, though it is below the gross need', () => {
    const [f] = nitrogenFigures(doc([field({ nitrogenRateLbPerAcre: 160 })], 4), 2027);
    expect(f!.flag).toMatchObject({ level: 'error' });
    expect(f!.flag!.text).toContain('more than the 150 lb');
  });

  it('a missing available-nitrogen figure is a flag, not a substituted 1: no manure rate is shown', () => {
    const [f] = nitrogenFigures(doc([field({})]), 2027);
    expect(f!.flag).toMatchObject({ level: 'error' });
    expect(f!.flag!.text).toContain('no available nitrogen per unit of manure');
    expect(f!.value).not.toContain('at most');
    expect(f!.value).toContain('150 lb N/acre remaining');
  });

  it('credits not stated are flagged, and the need is computed without them', () => {
    const [f] = nitrogenFigures(doc([field({ legumeCreditLbPerAcre: null, carryoverCreditLbPerAcre: null })], 4), 2027);
    expect(f!.value).toContain('210 lb N/acre remaining');
    expect(f!.flag).toMatchObject({ level: 'warning' });
    expect(f!.flag!.text).toContain('states no legume credit, manure carry-over credit');
  });

  it('a missing optimum yield, or a crop with no nitrogen factor, is a flag rather than a silent skip', () => {
    const figures = nitrogenFigures(doc([field({ optimumYield: null }), field({ key: 'river-120', name: 'River 120', crops: [{ year: 2027, crop: 'sorghum' }] })], 4), 2027);
    expect(figures).toHaveLength(2);
    expect(figures[0]!.flag).toMatchObject({ level: 'error' });
    expect(figures[0]!.flag!.text).toContain('no optimum yield');
    expect(figures[1]!.flag!.text).toContain('no nitrogen usage factor for sorghum');
  });
});
