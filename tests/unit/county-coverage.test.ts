import { describe, expect, it } from 'vitest';
import { coverageFrom } from '@/lib/plans/receipts';

// IAC 567-65.110(3)"b"(1): a hard copy reaches every county it touches. The review page now works the
// coverage out from the counties and receipts it has already read; it must say what the queries said.
const touched = [
  { fips: '19001', name: 'Adair' },
  { fips: '19003', name: 'Adams' },
  { fips: '19003', name: 'Adams' }, // located in and spreading in the same county
  { fips: '19167', name: 'Sioux' },
];

describe('which counties have a hard-copy plan', () => {
  it('lists each county once, by name, with its receipt or none', () => {
    const { coverage, covered } = coverageFrom(touched, [{ countyFips: '19003', receivedOn: '2026-11-02', receivedByName: 'J. Auditor' }]);
    expect(coverage).toEqual([
      { fips: '19001', name: 'Adair', receivedOn: null, receivedByName: null },
      { fips: '19003', name: 'Adams', receivedOn: '2026-11-02', receivedByName: 'J. Auditor' },
      { fips: '19167', name: 'Sioux', receivedOn: null, receivedByName: null },
    ]);
    expect(covered).toBe(false);
  });

  it('is covered once every county has its receipt, and a receipt for a county not touched counts for nothing', () => {
    const all = touched.map((c) => ({ countyFips: c.fips, receivedOn: '2026-11-03', receivedByName: 'Clerk' }));
    expect(coverageFrom(touched, all).covered).toBe(true);
    expect(coverageFrom(touched.slice(0, 1), [{ countyFips: '19003', receivedOn: '2026-11-03', receivedByName: 'Clerk' }]).covered).toBe(false);
  });

  it('a plan touching no county has nothing to wait for', () => {
    expect(coverageFrom([], [])).toEqual({ coverage: [], covered: true });
  });
});
