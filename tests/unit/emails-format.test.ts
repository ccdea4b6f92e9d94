import { afterAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '@/lib/format';

const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('money in emails and pages', () => {
  it.each([
    [14880, '$148.80'],
    [25000, '$250.00'],
    [50000, '$500.00'],
    [5, '$0.05'],
    [0, '$0.00'],
    [125000, '$1,250.00'],
    [123456789, '$1,234,567.89'],
    [-500, '-$5.00'],
  ])('%i cents reads %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('refuses fractions of a cent instead of rounding them silently', () => {
    expect(() => formatMoney(148.8)).toThrow(/whole cents/);
  });

  it('writes animal units with thousands separators', () => {
    expect(formatNumber(2480)).toBe('2,480');
    expect(formatNumber(992.5)).toBe('992.5');
  });
});

// Legal dates are calendar days: the day printed must be the day stored, in any server time zone.
describe.each(['America/Chicago', 'UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'])('dates with TZ=%s', (zone) => {
  it('prints the stored calendar day, with no shift', () => {
    process.env.TZ = zone;
    expect(formatDate('2024-02-29')).toBe('February 29, 2024');
    expect(formatDate('2027-03-01')).toBe('March 1, 2027');
    expect(formatDate('2026-12-31')).toBe('December 31, 2026');
    expect(formatDate('2027-01-01')).toBe('January 1, 2027');
  });

  it('prints link expiry times in Iowa time with the zone named', () => {
    process.env.TZ = zone;
    expect(formatDateTime('2027-03-08T21:00:00Z')).toBe('March 8, 2027 at 3:00 PM CST');
    expect(formatDateTime(new Date('2027-07-01T05:30:00Z'))).toBe('July 1, 2027 at 12:30 AM CDT');
  });
});

describe('bad dates', () => {
  it('are refused rather than printed as some other day', () => {
    process.env.TZ = 'America/Chicago';
    // What a naive `new Date('2024-02-29')` would print in Iowa: the day before.
    expect(new Date('2024-02-29').getDate()).toBe(28);
    expect(() => formatDate('2025-02-29')).toThrow(/YYYY-MM-DD/);
    expect(() => formatDate('3/1/2027')).toThrow(/YYYY-MM-DD/);
    expect(() => formatDateTime('not a time')).toThrow(/valid instant/);
  });
});
