import { describe, it, expect } from 'vitest';
import { RuleInputError, isIsoDate, latestParameter, parameterOn, parameters, parameterValue } from '@/lib/rules';

describe('parameters', () => {
  it('every record has a valid effectiveFrom, a source and a confirmation flag', () => {
    expect(parameters.length).toBeGreaterThan(30);
    for (const p of parameters) {
      expect(isIsoDate(p.effectiveFrom)).toBe(true);
      expect(p.source.length).toBeGreaterThan(10);
      expect(typeof p.confirmed).toBe('boolean');
      expect(p.label.length).toBeGreaterThan(3);
      expect(p.citation, p.key).toMatch(/^(IAC 567-65\.11[01]|Iowa Code )/);
    }
  });
  it('keys are unique per effectiveFrom', () => {
    const seen = parameters.map((p) => `${p.key}@${p.effectiveFrom}`);
    expect(new Set(seen).size).toBe(seen.length);
  });
  it('the fee and distance figures match the rule texts', () => {
    expect(parameterValue('fee.mmp_filing_cents')).toBe(25000);
    expect(parameterValue('fee.mmp_filing_with_construction_permit_total_cents')).toBe(50000);
    expect(parameterValue('fee.annual_compliance_cents_per_animal_unit')).toBe(15);
    expect(parameterValue('distance.stockpile_tile_inlet_ft')).toBe(200);
    expect(parameterValue('distance.stockpile_designated_area_ft')).toBe(400);
    expect(parameterValue('distance.stockpile_increased_ft')).toBe(800);
    expect(parameterValue('distance.open_feedlot_adjacent_less_than_ft')).toBe(1250);
    expect(parameterValue('date.open_feedlot_adjacency_constructed_on_or_after')).toBe('2002-07-17');
  });
  it('flags as unconfirmed: the holiday list, P-index bands, crop N factors and indemnity schedule', () => {
    for (const key of ['holidays.iowa_code_4_1_34', 'p_index.bands', 'crop.nitrogen_factors', 'indemnity.fee_schedule',
      'computing_time.deadline_kinds', 'reading.approved_plan_in_force', 'appeal.notice'] as const) {
      expect(latestParameter(key).confirmed).toBe(false);
    }
    expect(latestParameter('fee.mmp_filing_cents').confirmed).toBe(true);
  });
  it('parameterOn finds the version in force on a date, and refuses a date before any version', () => {
    expect(parameterOn('fee.mmp_filing_cents', '2025-06-01').value).toBe(25000);
    expect(() => parameterOn('fee.mmp_filing_cents', '1990-01-01')).toThrow(RuleInputError);
    expect(() => parameterOn('fee.mmp_filing_cents', '2025-02-30')).toThrow(/onDate/);
  });
});
