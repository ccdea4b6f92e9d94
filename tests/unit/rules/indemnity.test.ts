import { describe, expect, it } from 'vitest';
import { indemnityCollection, indemnityFeeCents } from '@/lib/rules';

// Iowa Code 459.503A: "The indemnity fee ... shall be waived ... if, at the end of any three-month period,
// unobligated and unencumbered moneys in the manure storage indemnity fund ... exceed three million
// dollars. The department shall reinstate the indemnity fee ... if [those moneys] are less than two
// million dollars." Read at each calendar quarter end; the state applies from the next day.

const limits = { suspendAboveCents: [{ effectiveFrom: '2003-01-01', cents: 300_000_000 }], resumeBelowCents: [{ effectiveFrom: '2003-01-01', cents: 200_000_000 }] };
const on = (onDate: string, balances: [string, number][]) =>
  indemnityCollection({ onDate, fundBalances: balances.map(([effectiveFrom, dollars]) => ({ effectiveFrom, cents: dollars * 100 })), ...limits });

describe('indemnityCollection: the fund at the end of a three-month period (Iowa Code 459.503A)', () => {
  it('Iowa Code 459.503A: no balance recorded: the fee is collected', () => {
    expect(on('2026-05-01', [])).toMatchObject({ collecting: true, since: null, citation: 'Iowa Code 459.503A' });
  });
  it('Iowa Code 459.503A: a balance above $3,000,000 entered mid-quarter waives nothing until the quarter ends', () => {
    const balances: [string, number][] = [['2026-02-10', 3_100_000]];
    expect(on('2026-03-15', balances).collecting).toBe(true);
    expect(on('2026-03-31', balances).collecting).toBe(true);
    const after = on('2026-04-01', balances);
    expect(after).toMatchObject({ collecting: false, since: { quarterEnd: '2026-03-31', balanceCents: 310_000_000 } });
    expect(after.reason).toMatch(/waived/);
  });
  it('Iowa Code 459.503A: a balance above the limit during a quarter but below it at the quarter end waives nothing', () => {
    expect(on('2026-07-01', [['2026-04-10', 3_500_000], ['2026-06-01', 2_900_000]]).collecting).toBe(true);
  });
  it('Iowa Code 459.503A: exactly $3,000,000 does not exceed three million dollars', () => {
    expect(on('2026-04-01', [['2026-03-01', 3_000_000]]).collecting).toBe(true);
  });
  it('Iowa Code 459.503A: once waived, a quarter-end balance between $2M and $3M keeps it waived; below $2M reinstates it', () => {
    const balances: [string, number][] = [['2026-03-01', 3_200_000], ['2026-05-01', 2_500_000], ['2026-08-01', 1_900_000]];
    expect(on('2026-07-01', balances).collecting).toBe(false);
    expect(on('2026-09-30', balances).collecting).toBe(false);
    expect(on('2026-10-01', balances)).toMatchObject({ collecting: true, since: { quarterEnd: '2026-09-30' } });
  });
  it('Iowa Code 459.503A: exactly $2,000,000 is not less than two million dollars', () => {
    expect(on('2026-07-01', [['2026-03-01', 3_200_000], ['2026-05-01', 2_000_000]]).collecting).toBe(false);
  });
  it('effective-dated limits: the limit in force at the quarter end decides', () => {
    const r = indemnityCollection({
      onDate: '2026-04-01',
      fundBalances: [{ effectiveFrom: '2026-02-01', cents: 350_000_000 }],
      suspendAboveCents: [...limits.suspendAboveCents, { effectiveFrom: '2026-03-01', cents: 400_000_000 }],
      resumeBelowCents: limits.resumeBelowCents,
    });
    expect(r.collecting).toBe(true);
  });
  it('bad input names the field', () => {
    expect(() => indemnityCollection({ onDate: '2026-02-30', fundBalances: [], ...limits })).toThrow(/^onDate /);
    expect(() => indemnityCollection({ onDate: '2026-02-01', fundBalances: [{ effectiveFrom: '2026-01-01', cents: -1 }], ...limits })).toThrow(/fundBalances\[0\]\.cents/);
  });
});

describe('indemnityFeeCents: animal units x cents per animal unit, to the nearest cent, halves up (Iowa Code 459.503)', () => {
  it('Iowa Code 459.503: 1,000 AU at 1.5 cents is $15.00', () => {
    expect(indemnityFeeCents({ animalUnitCapacity: 1000, centsPerAnimalUnit: 1.5 })).toEqual({ cents: 1500, citation: 'Iowa Code 459.503' });
  });
  it('Iowa Code 459.503: a half cent rounds up (0.3 AU at 5 cents = 1.5 cents -> 2)', () => {
    expect(indemnityFeeCents({ animalUnitCapacity: 0.3, centsPerAnimalUnit: 5 }).cents).toBe(2);
  });
  it('Iowa Code 459.503: 499.8 AU at 3 cents = 1,499.4 cents -> 1,499', () => {
    expect(indemnityFeeCents({ animalUnitCapacity: 499.8, centsPerAnimalUnit: 3 }).cents).toBe(1499);
  });
  it('a rate finer than a thousandth of a cent, or negative, is refused', () => {
    expect(() => indemnityFeeCents({ animalUnitCapacity: 10, centsPerAnimalUnit: 1.0005 })).toThrow(/^centsPerAnimalUnit /);
    expect(() => indemnityFeeCents({ animalUnitCapacity: 10, centsPerAnimalUnit: -1 })).toThrow(/^centsPerAnimalUnit /);
  });
});
