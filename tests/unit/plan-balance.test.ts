import { describe, expect, it } from 'vitest';
import { BALANCE_READINGS, landownerStatementWords, overLimitWords, planBalance, unplacedManureWords, uncheckedWords, type BalanceFieldInput } from '@/lib/plans/balance';
import type { CropFactor } from '@/lib/plans/reference-tables';
import { balanceFigures } from '@/lib/reviews/field-checks';

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
    expect(stated).toMatchObject({ limit: { maxManureRatePerAcre: 4, limitedBy: 'phosphorus' }, p2o5Removal: { lbPerAcre: 60, from: 'as the plan states', years: 1, yearsStated: false } });
    // The years between applications were not asked of older plans: read as every year (the lowest limit), and said so.
    expect(stated.p2o5Removal!.yearsWords).toBe('manure every year: the years between applications are not stated, so the lowest limit is used');
    // Not stated: the crop table's 0.37 lb P2O5 per bushel x 200 bu = 74 lb; 148 / 30 = 4.93, and the table's figure is flagged unconfirmed.
    const table = planBalance({ production, fields: [corn({ phosphorusIndex: 5 })] }, 2027);
    expect(table.fields[0]).toMatchObject({ limit: { maxManureRatePerAcre: 4.93, limitedBy: 'phosphorus' }, p2o5Removal: { lbPerAcre: 74 } });
    expect(table.fields[0]!.p2o5Removal!.from).toMatch(/0\.37 lb P2O5 per bu removed x 200 bu per acre/);
    expect(table.unconfirmed).toMatch(/PM 1688/);
    // No removal figure anywhere: named as missing, never a default.
    const none = planBalance({ production, fields: [corn({ phosphorusIndex: 2.5 })] }, 2027, { crops: [{ ...CORN_N_ONLY }], countyYields: [] });
    expect(none.fields[0]!.limit).toBeNull();
    expect(none.fields[0]!.missing).toMatch(/medium phosphorus index: its limit needs the crop rotation’s P2O5 removal/);
    // Still counted in the operation's balance at its planned use, its limit to be checked.
    expect(none.incomplete).toEqual([]);
    expect(none.fields[0]!.limitToBeChecked).toBe(true);
    expect(none.unchecked.names).toEqual(['Home 80']);
    // The manure's P2O5 is needed too.
    const noP = planBalance({ production: { ...production, p2o5PerUnit: null }, fields: [corn({ phosphorusIndex: 3, p2o5RemovalLbPerAcre: 60 })] }, 2027).fields[0]!;
    expect(noP.missing).toMatch(/needs the manure’s P2O5 per unit/);
  });

  it('always counts a landowner’s statement of intent on its field: its commercial N with the plan’s own, even a typed 0, and its P2O5 against the medium-P limit', () => {
    const field = corn({ commercialNLbPerAcre: null, nitrogenRateLbPerAcre: 200 });
    const b = planBalance({ production, fields: [field], agreements: [{ fieldKey: 'f1', commercialNLbPerAcre: 60 }] }, 2027).fields[0]!;
    // (240 - 60) / 45 = 4 at most; 200 / 45 = 4.44 planned: over.
    expect(b).toMatchObject({ commercialFromStatement: true, limit: { maxManureRatePerAcre: 4 }, overLimit: true });
    // The plan's own commercial N typed as 0 no longer loses the landowner's 60 lb credit (it did: 5.33).
    const own = planBalance({ production, fields: [corn({ commercialNLbPerAcre: 0 })], agreements: [{ fieldKey: 'f1', commercialNLbPerAcre: 60 }] }, 2027).fields[0]!;
    expect(own).toMatchObject({ commercialFromStatement: true, limit: { maxManureRatePerAcre: 4 } });
    // Both count: 20 of the plan's own + 60 of the landowner's: (240 - 80) / 45 = 3.56.
    const both = planBalance({ production, fields: [corn({ commercialNLbPerAcre: 20 })], agreements: [{ fieldKey: 'f1', commercialNLbPerAcre: 60 }] }, 2027).fields[0]!;
    expect(both.limit!.maxManureRatePerAcre).toBe(3.56);
    // A medium field, rotation removal stated 60 lb: 2 x 60 = 120 lb, less the landowner's 40 lb P2O5 = 80 / 30 = 2.67.
    const medium = planBalance({ production, fields: [corn({ phosphorusIndex: 3, p2o5RemovalLbPerAcre: 60 })], agreements: [{ fieldKey: 'f1', commercialNLbPerAcre: null, commercialP2o5LbPerAcre: 40 }] }, 2027).fields[0]!;
    expect(medium).toMatchObject({ limit: { maxManureRatePerAcre: 2.67, limitedBy: 'phosphorus' }, overLimit: true, statement: { nLbPerAcre: null, p2o5LbPerAcre: 40 } });
    expect(landownerStatementWords(medium)).toBe('Commercial P2O5 from the landowner’s statement of intent: 40 lb per acre, counted against the medium phosphorus-index limit');
  });

  it('measures a medium P-index field against the P2O5 its rotation removes over the years one application serves', () => {
    // Corn then soybeans, manure with 50 lb P2O5 per 1,000 gallons. Every year: 2 x (0.37 x 200 = 74) = 148 / 50 = 2.96.
    const rotation = { crops: [{ year: 2027, crop: 'corn' }, { year: 2028, crop: 'soybeans', yield: 60 }], phosphorusIndex: 4, nitrogenRateLbPerAcre: 200 };
    const p50 = { ...production, p2o5PerUnit: 50 };
    const yearly = planBalance({ production: p50, fields: [corn({ ...rotation, yearsBetweenApplications: 1 })] }, 2027).fields[0]!;
    expect(yearly).toMatchObject({ limit: { maxManureRatePerAcre: 2.96, limitedBy: 'phosphorus' }, overLimit: true, p2o5Removal: { lbPerAcre: 74, yearsWords: 'manure every year' } });
    // Once per rotation: 2 x (74 corn + 0.8 x 60 = 48 soybeans) = 244 / 50 = 4.88; the planned 4.44 is within.
    const once = planBalance({ production: p50, fields: [corn({ ...rotation, yearsBetweenApplications: 2 })] }, 2027).fields[0]!;
    expect(once).toMatchObject({ limit: { maxManureRatePerAcre: 4.88, limitedBy: 'phosphorus' }, overLimit: false, p2o5Removal: { lbPerAcre: 122, years: 2, yearsWords: 'manure once every 2 years' } });
    expect(once.p2o5Removal!.from).toBe('2027 corn: 0.37 lb P2O5 per bu removed x 200 bu per acre + 2028 soybeans: 0.8 lb P2O5 per bu removed x 60 bu per acre');
    // A stated yearly removal serves the same years: 61 lb a year x 2 = 122.
    const stated = planBalance({ production: p50, fields: [corn({ ...rotation, yearsBetweenApplications: 2, p2o5RemovalLbPerAcre: 61 })] }, 2027).fields[0]!;
    expect(stated).toMatchObject({ limit: { maxManureRatePerAcre: 4.88 }, p2o5Removal: { lbPerAcre: 122, from: '61 lb a year as the plan states x 2 years' } });
    // Without the soybean year's yield the removal is not guessed.
    const noYield = planBalance({ production: p50, fields: [corn({ ...rotation, crops: [{ year: 2027, crop: 'corn' }, { year: 2028, crop: 'soybeans' }], yearsBetweenApplications: 2 })] }, 2027).fields[0]!;
    expect(noYield.limit).toBeNull();
    expect(noYield.missing).toBe('Home 80 has a medium phosphorus index: its limit needs the crop rotation’s P2O5 removal, which the plan does not state (the plan gives no yield for soybeans in 2028): state it, or give each crop year’s yield.');
  });

  it('names the readings of the rule each limit rests on, to be confirmed: the rotation, every year when the years are blank, a statement on top of the plan’s own', () => {
    const rotation = { crops: [{ year: 2027, crop: 'corn' }, { year: 2028, crop: 'soybeans', yield: 60 }], phosphorusIndex: 4 };
    // A low P-index field with no statement rests on no reading.
    expect(planBalance({ production, fields: [corn()] }, 2027).readings).toEqual([]);
    const blankYears = planBalance({ production, fields: [corn(rotation)] }, 2027);
    expect(blankYears.fields[0]!.readings).toEqual([BALANCE_READINGS.rotation, BALANCE_READINGS.everyYear]);
    const twoYears = planBalance({ production, fields: [corn({ ...rotation, yearsBetweenApplications: 2 })] }, 2027);
    expect(twoYears.fields[0]!.readings).toEqual([BALANCE_READINGS.rotation]);
    const withStatement = planBalance({ production, fields: [corn(), corn({ key: 'f2', name: 'Rented 40', ...rotation, yearsBetweenApplications: 2 })], agreements: [{ fieldKey: 'f1', commercialNLbPerAcre: 30 }] }, 2027);
    expect(withStatement.fields[0]!.readings).toEqual([BALANCE_READINGS.statementWithOwn]);
    expect(withStatement.readings).toEqual([BALANCE_READINGS.statementWithOwn, BALANCE_READINGS.rotation]);
    // A high P-index field takes no manure whatever the statement says: no reading is named beside it.
    const high = planBalance({ production, fields: [corn({ phosphorusIndex: 9 })], agreements: [{ fieldKey: 'f1', commercialNLbPerAcre: 30 }] }, 2027);
    expect(high.fields[0]!.readings).toEqual([]);
  });

  it('shows the reviewer each field’s readings beside its figure, and the balance all of them', () => {
    const doc = {
      production: { nutrientUnit: 'thousand_gallons', manureAmount: 1_900_000, availableNitrogenPerUnit: 45, p2o5PerUnit: 30 },
      fields: [{ key: 'f1', name: 'Home 80', acres: 80, crops: [{ year: 2027, crop: 'corn' }, { year: 2028, crop: 'soybeans', yield: 60 }], optimumYield: 200, nitrogenRateLbPerAcre: 150, phosphorusIndex: 4 }],
      agreements: [],
    };
    const figures = balanceFigures(doc as never, 2027);
    expect(figures.find((f) => f.label === 'Home 80: manure rate against its limit')?.reading).toBe(`${BALANCE_READINGS.rotation}. ${BALANCE_READINGS.everyYear}`);
    expect(figures.find((f) => f.label === 'Manure balance')?.reading).toContain(BALANCE_READINGS.rotation);
  });

  it('counts every field in the operation’s balance: a soybean field with no nitrogen factor shows its planned use, limit to be checked', () => {
    // 2,880,000 gallons produced. Home 80 (corn) plans 3.33 x 80 = 266.4; Bottom 300 (soybeans) plans 120 / 45 = 2.67 x 300 = 801.
    const soy = corn({ key: 'f2', name: 'Bottom 300', acres: 300, crops: [{ year: 2027, crop: 'soybeans' }], optimumYield: 60, nitrogenRateLbPerAcre: 120 });
    const b = planBalance({ production: { ...production, manureAmount: 2_880_000 }, fields: [corn(), soy] }, 2027);
    expect(b.fields[1]).toMatchObject({ limit: null, limitToBeChecked: true, plannedRatePerAcre: 2.67 });
    expect(b.balance?.plannedUnits).toBeCloseTo(1067.4, 1);
    expect(b.balance?.shortfallUnits).toBeCloseTo(1812.6, 1);
    expect(uncheckedWords(b)).toBe('Counted at their planned use, limit to be checked: Bottom 300 (801 thousand gallons planned).');
    expect(unplacedManureWords(b)).toBe('1,812.6 of 2,880 thousand gallons of the manure produced a year have no planned field (IAC 567-65.111).');
    const all = planBalance({ production: { ...production, manureAmount: 266_400 }, fields: [corn()] }, 2027);
    expect(unplacedManureWords(all)).toBeNull();
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
