import { describe, expect, it } from 'vitest';
import { periodEnd } from '@/lib/rules';

// Iowa Code 4.1(34): the one sentence every screen, feed and API answer uses to say why a deadline moved.
describe('periodEnd reason: a moved deadline explained once and correctly', () => {
  it('a Saturday last day before a Monday holiday names the weekend once and the holiday by its name', () => {
    const r = periodEnd('2027-01-16', 'filing');
    expect(r.day).toBe('2027-01-19');
    expect(r.reason).toBe(
      'The last day, Saturday, January 16, 2027, falls on a weekend, and Monday, January 18 is a holiday (Martin Luther King Jr. Day), ' +
        'so under the filing rule of Iowa Code 4.1(34) it moves to Tuesday, January 19.',
    );
    expect(r.reason).not.toMatch(/so are|is a Saturday/);
  });
  it('a Friday holiday followed by a weekend says the weekend follows', () => {
    expect(periodEnd('2025-07-04', 'filing').reason).toBe(
      'The last day, Friday, July 4, 2025, is a holiday (Independence Day), and the weekend follows, so under the filing rule of Iowa Code 4.1(34) it moves to Monday, July 7.',
    );
  });
  it('a holiday on a weekend says both', () => {
    expect(periodEnd('2027-07-04', 'filing').reason).toMatch(/^The last day, Sunday, July 4, 2027, falls on a weekend and is a holiday \(Independence Day\), and Monday, July 5 is a holiday/);
  });
  it('a move into the next year gives that year', () => {
    // Saturday December 30, 2028, then Sunday, then New Year's Day on Monday January 1, 2029.
    expect(periodEnd('2028-12-30', 'filing').reason).toMatch(/, and Monday, January 1 is a holiday \(New Year.s Day\), so .* it moves to Tuesday, January 2, 2029\.$/);
  });
  it('the general rule says only a Sunday moves it, and which rule it is', () => {
    expect(periodEnd('2027-01-16', 'general').reason).toBe(
      'The last day, Saturday, January 16, 2027, is not a Sunday, so the general rule of Iowa Code 4.1(34) does not move it (only a Sunday moves this deadline; a Saturday or a holiday does not).',
    );
    expect(periodEnd('2027-01-17', 'general').reason).toBe(
      'The last day, Sunday, January 17, 2027, falls on a Sunday, so under the general rule of Iowa Code 4.1(34) it moves to Monday, January 18.',
    );
  });
  it('a caller-supplied holiday list without names says only "a holiday"', () => {
    expect(periodEnd('2027-01-15', 'filing', ['2027-01-15']).reason).toBe(
      'The last day, Friday, January 15, 2027, is a holiday, and the weekend follows, so under the filing rule of Iowa Code 4.1(34) it moves to Monday, January 18.',
    );
  });
});
