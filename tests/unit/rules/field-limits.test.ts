import { describe, expect, it } from 'vitest';
import { RuleInputError, fieldManureLimit, manureBalance, phosphorusLimitedRate } from '@/lib/rules';

// Written from IAC 567-65.111 and the P-index bands of the facts sheet: "medium >2–5 with
// phosphorus no more than twice crop removal; high >5–15 no manure until reduced; very high >15
// none"; very low and low are nitrogen-based. Rates are manure units (1,000 gal or tons) per acre.

// 180 bu corn x 1.2 lb N/bu = 216 lb N; less 36 lb of credits = 180 lb; at 30 lb available N per
// 1,000 gal that is 6 (1,000 gal) per acre.
const nitrogen = { optimumYield: 180, nNeedPerYieldUnit: 1.2, legumeCreditLbPerAcre: 20, commercialNLbPerAcre: 10, carryoverCreditLbPerAcre: 6, availableNPerManureUnit: 30 };

describe('phosphorusLimitedRate (IAC 567-65.111)', () => {
  it('IAC 567-65.111: at most twice the P2O5 removed, divided by the P2O5 in a unit of manure', () => {
    // Removal 60 lb P2O5/acre: at most 120 lb; at 40 lb P2O5 per 1,000 gal, 3 (1,000 gal) per acre.
    expect(phosphorusLimitedRate({ p2o5RemovalLbPerAcre: 60, p2o5PerManureUnit: 40 })).toEqual({ maxP2o5LbPerAcre: 120, maxManureRatePerAcre: 3, citation: 'IAC 567-65.111' });
  });
  it('IAC 567-65.111: commercial P2O5 planned on the field (a landowner’s statement) counts against the same limit, never below zero', () => {
    // 120 lb allowed, 40 lb of it commercial: 80 lb from manure / 40 = 2 per acre.
    expect(phosphorusLimitedRate({ p2o5RemovalLbPerAcre: 60, p2o5PerManureUnit: 40, commercialP2o5LbPerAcre: 40 })).toEqual({ maxP2o5LbPerAcre: 80, maxManureRatePerAcre: 2, citation: 'IAC 567-65.111' });
    expect(phosphorusLimitedRate({ p2o5RemovalLbPerAcre: 60, p2o5PerManureUnit: 40, commercialP2o5LbPerAcre: 200 }).maxManureRatePerAcre).toBe(0);
    expect(() => phosphorusLimitedRate({ p2o5RemovalLbPerAcre: 60, p2o5PerManureUnit: 40, commercialP2o5LbPerAcre: -5 })).toThrow(/^commercialP2o5LbPerAcre /);
  });
  it('IAC 567-65.111: no removal, no phosphorus-limited manure', () => {
    expect(phosphorusLimitedRate({ p2o5RemovalLbPerAcre: 0, p2o5PerManureUnit: 40 }).maxManureRatePerAcre).toBe(0);
  });
  it('refuses manure with no P2O5 (a rate would be infinite) and negative figures, naming the field', () => {
    expect(() => phosphorusLimitedRate({ p2o5RemovalLbPerAcre: 60, p2o5PerManureUnit: 0 })).toThrow(/^p2o5PerManureUnit /);
    expect(() => phosphorusLimitedRate({ p2o5RemovalLbPerAcre: -1, p2o5PerManureUnit: 40 })).toThrow(RuleInputError);
    expect(() => phosphorusLimitedRate({ p2o5RemovalLbPerAcre: Number.NaN, p2o5PerManureUnit: 40 })).toThrow(/^p2o5RemovalLbPerAcre /);
  });
});

describe('fieldManureLimit (IAC 567-65.111)', () => {
  it('IAC 567-65.111: P index exactly 2 is low: the nitrogen-based rate, P figures not needed', () => {
    const r = fieldManureLimit({ pIndex: 2, nitrogen });
    expect(r).toMatchObject({ maxManureRatePerAcre: 6, limitedBy: 'nitrogen', citation: 'IAC 567-65.111' });
    expect(r.reason).toMatch(/nitrogen-based/);
  });
  it('IAC 567-65.111: P index exactly 5 is medium: the lower of the N rate (6) and the P rate (3) binds', () => {
    const r = fieldManureLimit({ pIndex: 5, nitrogen, p2o5RemovalLbPerAcre: 60, p2o5PerManureUnit: 40 });
    expect(r).toMatchObject({ maxManureRatePerAcre: 3, limitedBy: 'phosphorus' });
    expect(r.reason).toMatch(/phosphorus/);
  });
  it('IAC 567-65.111: medium, where the nitrogen rate is the lower one, nitrogen binds', () => {
    // Twice 120 lb removal = 240 lb; at 20 lb per unit, 12 per acre, above the N rate of 6.
    expect(fieldManureLimit({ pIndex: 3, nitrogen, p2o5RemovalLbPerAcre: 120, p2o5PerManureUnit: 20 })).toMatchObject({ maxManureRatePerAcre: 6, limitedBy: 'nitrogen' });
  });
  it('IAC 567-65.111: a medium field needs both P figures; the missing one is named', () => {
    expect(() => fieldManureLimit({ pIndex: 4, nitrogen, p2o5PerManureUnit: 40 })).toThrow(/^p2o5RemovalLbPerAcre /);
    expect(() => fieldManureLimit({ pIndex: 4, nitrogen, p2o5RemovalLbPerAcre: 60 })).toThrow(/^p2o5PerManureUnit /);
  });
  it('IAC 567-65.111: above 5 (high) and above 15 (very high), no manure', () => {
    for (const pIndex of [5.01, 15, 15.01, 40]) {
      const r = fieldManureLimit({ pIndex, nitrogen });
      expect(r).toMatchObject({ maxManureRatePerAcre: 0, limitedBy: 'no_manure' });
      expect(r.reason).toMatch(/no manure/i);
    }
  });
  it('IAC 567-65.111: credits above the crop need leave no nitrogen-based manure at all', () => {
    expect(fieldManureLimit({ pIndex: 1, nitrogen: { ...nitrogen, legumeCreditLbPerAcre: 300 } }).maxManureRatePerAcre).toBe(0);
  });
  it('refuses zero available N on a field that may take manure, and a negative P index', () => {
    expect(() => fieldManureLimit({ pIndex: 1, nitrogen: { ...nitrogen, availableNPerManureUnit: 0 } })).toThrow(/^availableNPerManureUnit /);
    expect(() => fieldManureLimit({ pIndex: -1, nitrogen })).toThrow(/^pIndex /);
  });
});

describe('manureBalance (IAC 567-65.111)', () => {
  const fields = [
    { id: 'north-80', acres: 80, plannedRatePerAcre: 5, maxManureRatePerAcre: 6 },
    { id: 'creek-40', acres: 40, plannedRatePerAcre: 4, maxManureRatePerAcre: 3 },
  ];
  it('IAC 567-65.111: planned = acres x planned rate, capacity = acres x limit, and the fields above their limit in order', () => {
    const r = manureBalance({ manureUnitsPerYear: 600, fields });
    expect(r).toMatchObject({ plannedUnits: 560, capacityUnits: 600, shortfallUnits: 40, enoughLand: true, citation: 'IAC 567-65.111' });
    expect(r.overLimit).toEqual([{ id: 'creek-40', plannedRatePerAcre: 4, maxManureRatePerAcre: 3 }]);
    expect(r.reason).toMatch(/40 units produced have no planned field/);
  });
  it('IAC 567-65.111: more manure than the fields can take at their limits is not enough land', () => {
    const r = manureBalance({ manureUnitsPerYear: 601, fields });
    expect(r.enoughLand).toBe(false);
    expect(r.shortfallUnits).toBe(41);
  });
  it('IAC 567-65.111: planning more than is produced leaves no shortfall (never below zero)', () => {
    const r = manureBalance({ manureUnitsPerYear: 100, fields: [{ id: 'a', acres: 50, plannedRatePerAcre: 3, maxManureRatePerAcre: 3 }] });
    expect(r).toMatchObject({ plannedUnits: 150, capacityUnits: 150, shortfallUnits: 0, enoughLand: true, overLimit: [] });
  });
  it('IAC 567-65.111: a field planned exactly at its limit is not above it', () => {
    expect(manureBalance({ manureUnitsPerYear: 0, fields: [{ id: 'a', acres: 10, plannedRatePerAcre: 3, maxManureRatePerAcre: 3 }] }).overLimit).toEqual([]);
  });
  it('refuses negative acres, rates or production, naming the field', () => {
    expect(() => manureBalance({ manureUnitsPerYear: -1, fields })).toThrow(/^manureUnitsPerYear /);
    expect(() => manureBalance({ manureUnitsPerYear: 1, fields: [{ ...fields[0]!, acres: -2 }] })).toThrow(/^fields\[0\]\.acres /);
    expect(() => manureBalance({ manureUnitsPerYear: 1, fields: [fields[0]!, { ...fields[1]!, plannedRatePerAcre: Number.POSITIVE_INFINITY }] })).toThrow(/^fields\[1\]\.plannedRatePerAcre /);
  });
});
