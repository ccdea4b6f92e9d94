import { describe, expect, it } from 'vitest';
import { overLimitWords, planBalance, type BalanceFieldInput } from '@/lib/plans/balance';
import type { CropFactor } from '@/lib/plans/reference-tables';

const CORN_N_ONLY: CropFactor = { crop: 'corn_grain', label: 'Corn', yieldUnit: 'bu', nLbPerYieldUnit: 1.2, p2o5LbPerYieldUnit: null, source: 'test', effectiveFrom: '2024-01-01', confirmed: false };

// IAC 567-65.111: the plan's arithmetic from what the plan states. Corn grain needs 1.2 lb N per
// bushel (the portal's unconfirmed factor); the manure has 45 lb of available N per 1,000 gallons.
const production = { nutrientUnit: 'thousand_gallons', manureAmount: 1_900_000, availableNitrogenPerUnit: 45, p2o5PerUnit: 30 };
const corn = (over: Partial<BalanceFieldInput> = {}): BalanceFieldInput => ({
  key: 'f1', name: 'Home 80', acres: 80, crops: [{ year: 2027, crop: 'corn' }], optimumYield: 200, nitrogenRateLbPerAcre: 150,
  legumeCreditLbPerAcre: 0, commercialNLbPerAcre: 0, carryoverCreditLbPerAcre: 0, phosphorusIndex: 1.5, ...over,
});

describe('the plan balance', () => {
  it('gives each field its planned manure rate and its nitrogen limit, and the operation its balance', () => {
    const b = planBalance({ production, fields: [corn(), corn({ key: 'f2', name: 'Quarter 160', acres: 160, nitrogenRateLbPerAcre: 200 })] }, 2027);
    // 200 bu x 1.2 = 240 lb N; 240 / 45 = 5.33 thousand gallons an acre at most.
    expect(b.fields[0]).toMatchObject({ plannedRatePerAcre: 3.33, limit: { maxManureRatePerAcre: 5.33, limitedBy: 'nitrogen' }, overLimit: false });
    expect(b.producedUnits).toBe(1900);
    // Planned: 80 x 3.33 + 160 x 4.44 = 976.8; capacity 240 x 5.33 = 1,279.2, short of the 1,900 produced; 923.2 units have no field.
    expect(b.balance?.plannedUnits).toBeCloseTo(976.8, 1);
    expect(b.balance?.enoughLand).toBe(false);
    expect(b.balance?.shortfallUnits).toBeCloseTo(923.2, 1);
    expect(b.balance?.capacityUnits).toBeCloseTo(1279.2, 1);
    expect(b.incomplete).toEqual([]);
    expect(b.unconfirmed).toMatch(/567-65\.111/);
  });

  it('names a field planned above its limit, and credits lower the limit', () => {
    const b = planBalance({ production, fields: [corn({ nitrogenRateLbPerAcre: 230, legumeCreditLbPerAcre: 40 })] }, 2027);
    // (240 - 40) / 45 = 4.44 at most; 230 / 45 = 5.11 planned.
    expect(b.fields[0]).toMatchObject({ plannedRatePerAcre: 5.11, limit: { maxManureRatePerAcre: 4.44 }, overLimit: true });
    expect(overLimitWords(b)[0]).toMatch(/^Home 80: the planned 5\.11 thousand gallons of manure per acre is more than the 4\.44/);
    expect(b.balance?.overLimit.map((f) => f.id)).toEqual(['Home 80']);
  });

  it('a high phosphorus index takes no manure at all; at exactly 2 nitrogen binds; a medium one is limited by twice the rotation’s P2O5 removal', () => {
    const high = planBalance({ production, fields: [corn({ phosphorusIndex: 7 })] }, 2027).fields[0]!;
    expect(high).toMatchObject({ limit: { maxManureRatePerAcre: 0, limitedBy: 'no_manure' }, overLimit: true });
    const edge = planBalance({ production, fields: [corn({ phosphorusIndex: 2 })] }, 2027).fields[0]!;
    expect(edge.limit?.limitedBy).toBe('nitrogen');
    expect(edge.p2o5Removal).toBeNull();
    // Stated removal 60 lb/acre: at most 2 x 60 = 120 lb P2O5 / 30 lb per 1,000 gallons = 4 thousand gallons, below nitrogen's 5.33.
    const stated = planBalance({ production, fields: [corn({ phosphorusIndex: 2.5, p2o5RemovalLbPerAcre: 60 })] }, 2027).fields[0]!;
    expect(stated).toMatchObject({ limit: { maxManureRatePerAcre: 4, limitedBy: 'phosphorus' }, p2o5Removal: { lbPerAcre: 60, from: 'as the plan states' } });
    // Not stated: the crop table's 0.37 lb P2O5 per bushel x 200 bu = 74 lb; 148 / 30 = 4.93, and the table's figure is flagged unconfirmed.
    const table = planBalance({ production, fields: [corn({ phosphorusIndex: 5 })] }, 2027);
    expect(table.fields[0]).toMatchObject({ limit: { maxManureRatePerAcre: 4.93, limitedBy: 'phosphorus' }, p2o5Removal: { lbPerAcre: 74 } });
    expect(table.fields[0]!.p2o5Removal!.from).toMatch(/0\.37 lb P2O5 per bu removed x 200 bu per acre/);
    expect(table.unconfirmed).toMatch(/PM 1688/);
    // No removal figure anywhere: named as missing, never a default.
    const none = planBalance({ production, fields: [corn({ phosphorusIndex: 2.5 })] }, 2027, { crops: [{ ...CORN_N_ONLY }], countyYields: [] });
    expect(none.fields[0]!.limit).toBeNull();
    expect(none.fields[0]!.missing).toMatch(/medium phosphorus index: its limit needs the crop rotation’s P2O5 removal/);
    expect(none.incomplete).toEqual(['Home 80']);
    // The manure's P2O5 is needed too.
    const noP = planBalance({ production: { ...production, p2o5PerUnit: null }, fields: [corn({ phosphorusIndex: 3, p2o5RemovalLbPerAcre: 60 })] }, 2027).fields[0]!;
    expect(noP.missing).toMatch(/needs the manure’s P2O5 per unit/);
  });

  it('takes the commercial nitrogen of a landowner’s statement of intent when the field states none', () => {
    const field = corn({ commercialNLbPerAcre: null, nitrogenRateLbPerAcre: 200 });
    const b = planBalance({ production, fields: [field], agreements: [{ fieldKey: 'f1', commercialNLbPerAcre: 60 }] }, 2027).fields[0]!;
    // (240 - 60) / 45 = 4 at most; 200 / 45 = 4.44 planned: over.
    expect(b).toMatchObject({ commercialFromStatement: true, limit: { maxManureRatePerAcre: 4 }, overLimit: true });
    const own = planBalance({ production, fields: [corn({ commercialNLbPerAcre: 0 })], agreements: [{ fieldKey: 'f1', commercialNLbPerAcre: 60 }] }, 2027).fields[0]!;
    expect(own).toMatchObject({ commercialFromStatement: false, limit: { maxManureRatePerAcre: 5.33 } });
  });

  it('reads the department’s crop table when it has one, and says nothing is unconfirmed when every row used is confirmed', () => {
    const confirmed = { ...CORN_N_ONLY, nLbPerYieldUnit: 1.1, confirmed: true, source: 'DNR table' };
    const b = planBalance({ production, fields: [corn()] }, 2027, { crops: [confirmed], countyYields: [] });
    // 200 x 1.1 = 220 / 45 = 4.89.
    expect(b.fields[0]!.limit!.maxManureRatePerAcre).toBe(4.89);
    expect(b.unconfirmed).toBeNull();
  });

  it('refuses zero available nitrogen and never lets the remaining need fall below zero', () => {
    const zero = planBalance({ production: { ...production, availableNitrogenPerUnit: 0 }, fields: [corn()] }, 2027).fields[0]!;
    expect(zero).toMatchObject({ limit: null, plannedRatePerAcre: null });
    expect(zero.missing).toMatch(/no available nitrogen per unit of manure/);
    const credited = planBalance({ production, fields: [corn({ legumeCreditLbPerAcre: 200, commercialNLbPerAcre: 100, nitrogenRateLbPerAcre: 10 })] }, 2027).fields[0]!;
    expect(credited).toMatchObject({ limit: { maxManureRatePerAcre: 0 }, overLimit: true });
  });

  it('never fills a missing figure with a default', () => {
    const b = planBalance({ production: { ...production, availableNitrogenPerUnit: null }, fields: [corn({ optimumYield: null })] }, 2027);
    expect(b.fields[0]).toMatchObject({ plannedRatePerAcre: null, limit: null, overLimit: false });
    expect(b.fields[0]!.missing).toBe('Home 80: the plan gives no optimum yield and no available nitrogen per unit of manure, so its limit cannot be computed.');
    const soy = planBalance({ production, fields: [corn({ crops: [{ year: 2027, crop: 'soybeans' }] })] }, 2027).fields[0]!;
    expect(soy.missing).toMatch(/no nitrogen usage factor for soybeans/);
    expect(planBalance({ production: { ...production, manureAmount: null }, fields: [corn()] }, 2027).balance).toBeNull();
  });

  it('solid manure is counted in tons', () => {
    const b = planBalance({ production: { ...production, nutrientUnit: 'tons', manureAmount: 600, availableNitrogenPerUnit: 10 }, fields: [corn()] }, 2027);
    expect(b.unit).toBe('tons');
    expect(b.producedUnits).toBe(600);
    expect(b.fields[0]).toMatchObject({ plannedRatePerAcre: 15, limit: { maxManureRatePerAcre: 24 } });
  });
});
