import { describe, expect, it } from 'vitest';
import { applicationRatePerAcre, checkApplicationRecord, checkSeason, seasonTotals } from '@/lib/applications/check';
import { parseApplicationsCsv } from '@/lib/applications/csv';
import { planBalance, type BalanceFieldInput } from '@/lib/plans/balance';
import { RuleInputError } from '@/lib/rules';
import { applicationRecordSchema } from '@/lib/validation/application-records';

// DNR form 542-8002 records against the approved plan (IAC 567-65.111). Home 80 is corn at 200 bu:
// 240 lb N at 1.2 lb per bushel, over 45 lb of available N per 1,000 gallons, so at most 5.33 an acre.
const production = { nutrientUnit: 'thousand_gallons', manureAmount: 1_900_000, availableNitrogenPerUnit: 45, p2o5PerUnit: 30 };
const field = (over: Partial<BalanceFieldInput> = {}): BalanceFieldInput => ({
  key: 'f1', name: 'Home 80', acres: 80, crops: [{ year: 2027, crop: 'corn' }], optimumYield: 200, nitrogenRateLbPerAcre: 150, phosphorusIndex: 1.5, ...over,
});
const plan = planBalance({ production, fields: [field(), field({ key: 'f2', name: 'Hill 40', acres: 40, phosphorusIndex: 7 })] }, 2027);
const rec = (ratePerAcre: number, over: Partial<Parameters<typeof checkApplicationRecord>[0]> = {}) =>
  ({ fieldKey: 'f1', fieldName: 'Home 80', ratePerAcre, amountUnit: 'thousand_gallons' as const, ...over });

describe('an application’s rate', () => {
  it('is the amount over the acres, to hundredths', () => {
    expect(applicationRatePerAcre(426.4, 80)).toBe(5.33);
    expect(applicationRatePerAcre(100, 3)).toBe(33.33);
  });

  it('refuses zero and negative acres rather than dividing by them', () => {
    expect(() => applicationRatePerAcre(100, 0)).toThrow(RuleInputError);
    expect(() => applicationRatePerAcre(100, -5)).toThrow(/acres/);
  });
});

describe('an application against the approved plan', () => {
  it('allows a rate exactly at the field’s limit and flags one just above it', () => {
    expect(checkApplicationRecord(rec(5.33), plan)).toMatchObject({ status: 'within', message: null });
    expect(checkApplicationRecord(rec(5.34), plan)).toMatchObject({
      status: 'over_rate',
      message: 'Home 80: 5.34 thousand gallons per acre is more than the 5.33 the approved plan allows (nitrogen for corn).',
    });
  });

  it('flags any manure on a field whose phosphorus index allows none', () => {
    expect(checkApplicationRecord(rec(0.5, { fieldKey: 'f2', fieldName: 'Hill 40' }), plan).message).toBe(
      'Hill 40: 0.5 thousand gallons per acre applied, but the approved plan allows no manure on this field (its phosphorus index is too high).',
    );
  });

  it('finds the plan field by name when the record has no key, and flags a field the plan does not list', () => {
    expect(checkApplicationRecord(rec(4, { fieldKey: null, fieldName: ' home 80 ' }), plan).status).toBe('within');
    expect(checkApplicationRecord(rec(4, { fieldKey: null, fieldName: 'North 40' }), plan)).toMatchObject({ status: 'not_in_plan', message: 'North 40 is not a field of the approved plan.' });
  });

  it('flags a record with no approved plan, or in another unit than the plan’s manure', () => {
    expect(checkApplicationRecord(rec(4), null).status).toBe('no_plan');
    expect(checkApplicationRecord(rec(4, { amountUnit: 'tons' }), plan).status).toBe('unit_mismatch');
  });

  it('checks each record with the field’s season total up to it, and says where the field stands', () => {
    const checks = checkSeason([{ ...rec(4.75), amountApplied: 380 }, { ...rec(3.75), amountApplied: 300 }], plan);
    expect(checks.map((c) => c.status)).toEqual(['within', 'over_rate']);
    expect(checks[0]!.standing).toBe('Home 80 this season: 380 thousand gallons on its 80 acres, 4.75 per acre, within the 5.33 the approved plan allows (nitrogen for corn); 46.4 thousand gallons more would reach it.');
    expect(checks[1]!.message).toMatch(/^Home 80: with this application the season’s total is 680 thousand gallons, 8\.5 per acre of its 80 acres, more than the 5\.33/);
    // A record in another unit is not added to the season.
    expect(checkSeason([{ ...rec(4.75), amountApplied: 380 }, { ...rec(1, { amountUnit: 'tons' }), amountApplied: 80 }, { ...rec(0.5), amountApplied: 40 }], plan).map((c) => c.status)).toEqual(['within', 'unit_mismatch', 'within']);
  });

  it('flags a rate above the planned rate where no legal limit can be computed', () => {
    // Soybeans have no nitrogen factor: 45 lb N planned / 45 = 1 an acre, no limit.
    const soy = planBalance({ production, fields: [field({ key: 's', name: 'River 120', acres: 120, crops: [{ year: 2027, crop: 'soybeans' }], nitrogenRateLbPerAcre: 45 })] }, 2027);
    const over = checkApplicationRecord({ fieldKey: 's', fieldName: 'River 120', ratePerAcre: 12, amountUnit: 'thousand_gallons', amountApplied: 1440 }, soy);
    expect(over).toMatchObject({ status: 'over_planned', standing: 'River 120 this season: 1,440 thousand gallons on its 120 acres, 12 per acre, above the planned 1; limit to be checked.' });
    expect(over.message).toMatch(/^River 120: 12 thousand gallons per acre is above the 1 the approved plan plans for this field \(12 times the planned rate\)/);
    const within = checkApplicationRecord({ fieldKey: 's', fieldName: 'River 120', ratePerAcre: 1, amountUnit: 'thousand_gallons', amountApplied: 120 }, soy);
    expect(within).toMatchObject({ status: 'not_computed', standing: 'River 120 this season: 120 thousand gallons on its 120 acres, 1 per acre, within the planned 1; limit to be checked.' });
  });

  it('totals a season per field over the plan’s acres, against the planned rate and the limit', () => {
    const totals = seasonTotals([{ ...rec(3), amountApplied: 240, acres: 80 }, { ...rec(4), amountApplied: 160, acres: 40 }], plan);
    expect(totals).toEqual([expect.objectContaining({ fieldName: 'Home 80', appliedUnits: 400, appliedPerAcre: 5, plannedRatePerAcre: 3.33, maxRatePerAcre: 5.33, overPlanned: true, overLimit: false })]);
  });
});

describe('the application form’s schema', () => {
  const schema = applicationRecordSchema('2027-10-20');
  const base = {
    operationId: '00000000-0000-4000-8000-000000000001', fieldName: 'Home 80', cropYear: '2027', appliedOn: '2027-10-19', method: 'injected', amountApplied: '400',
    amountUnit: 'thousand_gallons', acres: '80', applicatorName: 'Karen Hansen', weatherDayBefore: 'Dry', weatherDayOf: 'Dry', weatherDayAfter: 'Rain',
  };
  const errors = (over: Record<string, string>) => {
    const r = schema.safeParse({ ...base, ...over });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts a record without a certification number or commercial fertilizer', () => {
    expect(schema.safeParse(base).success).toBe(true);
  });

  it('names the field and its limit for zero acres, a future date, words for a number and an absurd rate', () => {
    expect(errors({ acres: '0' })).toEqual({ acres: 'Acres covered must be more than 0' });
    expect(errors({ appliedOn: '2027-10-21' })).toEqual({ appliedOn: 'The date applied cannot be in the future' });
    expect(errors({ appliedOn: '2026-09-30' })).toEqual({});
    expect(errors({ appliedOn: '2025-09-30' })).toEqual({ cropYear: 'Manure applied in 2025 is for the 2025 or 2026 crop; check the crop year' });
    expect(errors({ amountApplied: 'lots' })).toEqual({ amountApplied: 'Enter a number, using digits (for example 2,480)' });
    expect(errors({ amountApplied: '9000', acres: '80' })).toEqual({ amountApplied: 'That is more than 100 units per acre over 80 acres; check the amount and the acres' });
    expect(errors({ commercialNLbPerAcre: '600' })).toEqual({ commercialNLbPerAcre: 'The commercial nitrogen (N) applied must be between 0 and 500 pounds per acre' });
  });
});

describe('a season’s CSV', () => {
  it('names each bad row by line and column', () => {
    const text = [
      'field,crop_year,applied_on,method,amount,unit,acres,applicator,weather_day_before,weather_day_of,weather_day_after',
      'Home 80,2027,2027-10-01,Injected,400,1000 gallons,80,Karen Hansen,Dry,Dry,Dry',
      'River 120,2027,2027-10-02,sprayed,400,barrels,120,Karen Hansen,Dry,Dry,Dry',
    ].join('\n');
    const r = parseApplicationsCsv(new TextEncoder().encode(text), '2027-10-20');
    expect(r.records).toHaveLength(1);
    expect(r.problems).toEqual([
      { row: 3, column: 'method', message: 'Choose how the manure was applied' },
      { row: 3, column: 'unit', message: 'Choose 1,000 gallons (liquid) or tons (solid)' },
    ]);
  });
});
