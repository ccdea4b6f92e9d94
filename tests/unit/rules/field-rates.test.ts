import { describe, it, expect } from 'vitest';
import { manureNitrogenRate, phosphorusIndexBand } from '@/lib/rules';

describe('manureNitrogenRate (IAC 567-65.111)', () => {
  it('IAC 567-65.111: remaining N need = yield x N need per unit − credits; rate = need / available N per unit', () => {
    expect(manureNitrogenRate({ optimumYield: 180, nNeedPerYieldUnit: 1.2, legumeCreditLbPerAcre: 50, commercialNLbPerAcre: 20,
      carryoverCreditLbPerAcre: 6, availableNPerManureUnit: 40 })).toEqual({ remainingNeedLbPerAcre: 140, maxManureRatePerAcre: 3.5, citation: 'IAC 567-65.111' });
  });
  it('IAC 567-65.111: no floating noise (180 bu x 1.1 = 198 lb)', () => {
    expect(manureNitrogenRate({ optimumYield: 180, nNeedPerYieldUnit: 1.1, availableNPerManureUnit: 33 }))
      .toEqual({ remainingNeedLbPerAcre: 198, maxManureRatePerAcre: 6, citation: 'IAC 567-65.111' });
  });
  it('IAC 567-65.111: remaining need never goes below zero, so no manure rate', () => {
    const r = manureNitrogenRate({ optimumYield: 50, nNeedPerYieldUnit: 1, legumeCreditLbPerAcre: 100, availableNPerManureUnit: 20 });
    expect(r.remainingNeedLbPerAcre).toBe(0);
    expect(r.maxManureRatePerAcre).toBe(0);
  });
  it('rejects zero available N per manure unit', () => {
    expect(() => manureNitrogenRate({ optimumYield: 50, nNeedPerYieldUnit: 1, availableNPerManureUnit: 0 })).toThrow(/availableNPerManureUnit/);
  });
});

describe('phosphorusIndexBand (IAC 567-65.111; bands unconfirmed)', () => {
  const cases: [number, string, string][] = [
    [0, 'very_low', 'nitrogen_based'], [1, 'very_low', 'nitrogen_based'], [1.01, 'low', 'nitrogen_based'],
    [2, 'low', 'nitrogen_based'], [2.01, 'medium', 'phosphorus_limited'], [5, 'medium', 'phosphorus_limited'],
    [5.01, 'high', 'none'], [15, 'high', 'none'], [15.01, 'very_high', 'none'], [40, 'very_high', 'none'],
  ];
  for (const [p, band, manure] of cases) {
    it(`IAC 567-65.111: P-index ${p} → ${band}, ${manure}`, () => {
      expect(phosphorusIndexBand(p)).toEqual({ band, manure, citation: 'IAC 567-65.111' });
    });
  }
});
