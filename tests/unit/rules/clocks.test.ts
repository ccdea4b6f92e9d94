import { describe, it, expect } from 'vitest';
import {
  addDays, dayOfWeek, daysBetween, effectiveDeadline, iowaStateHolidays, isIsoDate, latestDesignStatementFiling,
  manureRemoval, newOwnerOriginalMmpDue, reviewDeadline,
} from '@/lib/rules';

describe('calendar-day counts (Iowa Code 4.1(34): first day excluded, last included)', () => {
  const cases = [
    { title: 'IAC 567-65.110(4): received 2024-01-01 → day 60 is 2024-03-01 (leap year)', from: '2024-01-01', to: '2024-03-01' },
    { title: 'IAC 567-65.110(4): received 2025-01-01 → day 60 is 2025-03-02 (common year)', from: '2025-01-01', to: '2025-03-02' },
    { title: 'IAC 567-65.110(4): month end, received 2025-01-31 → 2025-04-01', from: '2025-01-31', to: '2025-04-01' },
    { title: 'IAC 567-65.110(4): across the year end, received 2025-11-15 → 2026-01-14', from: '2025-11-15', to: '2026-01-14' },
    { title: 'IAC 567-65.110(4): received on leap day 2028-02-29 → 2028-04-29', from: '2028-02-29', to: '2028-04-29' },
    { title: 'IAC 567-65.110(4): century rule, 2100 is not a leap year (2100-01-01 → 2100-03-02)', from: '2100-01-01', to: '2100-03-02' },
  ];
  for (const c of cases) {
    it(c.title, () => {
      expect(reviewDeadline(c.from)).toBe(c.to);
      expect(daysBetween(c.from, c.to)).toBe(60);
    });
  }
  it('IAC 567-65.110(1)"d": new owner acquiring 2024-01-01 → original MMP due 2024-03-01', () => {
    expect(newOwnerOriginalMmpDue('2024-01-01')).toBe('2024-03-01');
    expect(newOwnerOriginalMmpDue('2025-01-01')).toBe('2025-03-02');
  });
  it('IAC 567-65.110(2): design statement at least 30 days before construction begins (2025-03-31 → 2025-03-01)', () => {
    expect(latestDesignStatementFiling('2025-03-31')).toBe('2025-03-01');
  });
  it('IAC 567-65.110(2): 30 days before 2024-03-30 lands on leap day 2024-02-29', () => {
    expect(latestDesignStatementFiling('2024-03-30')).toBe('2024-02-29');
  });
  it('addDays and daysBetween are inverse, negative counts go backwards', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2025-03-02', '2025-01-01')).toBe(-60);
  });
});

describe('IAC 567-65.110(5): manure may not be removed until the department has approved the plan', () => {
  it('IAC 567-65.110(5): with an approved plan in force, removal is allowed, and the answer cites the subrule', () => {
    expect(manureRemoval({ approvedPlanInForce: true })).toMatchObject({ allowed: true, citation: 'IAC 567-65.110(5)' });
    expect(manureRemoval({ approvedPlanInForce: true }).reason).toMatch(/stays in force until a later one is approved/);
  });
  it('IAC 567-65.110(5): with no approved plan in force, removal is not allowed', () => {
    const r = manureRemoval({ approvedPlanInForce: false });
    expect(r).toMatchObject({ allowed: false, citation: 'IAC 567-65.110(5)' });
    expect(r.reason).toMatch(/may not be removed/);
  });
  it('IAC 567-65.110(5): a status string is not an answer the rule accepts', () => {
    expect(() => manureRemoval({ approvedPlanInForce: 'approved' as never })).toThrow(/approvedPlanInForce/);
  });
  const sold = { acquiredOn: '2026-03-02', originalMmpDueOn: '2026-05-01', originalMmpSubmittedOn: null };
  it('IAC 567-65.110(1)"d": a new owner removes under the previous owner\'s plan through the due day of the original plan', () => {
    const r = manureRemoval({ approvedPlanInForce: true, newOwner: { ...sold, today: '2026-05-01' } });
    expect(r).toMatchObject({ allowed: true, until: '2026-05-01', citation: 'IAC 567-65.110(1)"d"' });
    expect(r.reason).toContain('due by Friday, May 1, 2026');
  });
  it('IAC 567-65.110(1)"d": the day after the due day, with nothing submitted, the old plan no longer covers removal', () => {
    const r = manureRemoval({ approvedPlanInForce: true, newOwner: { ...sold, today: '2026-05-02' } });
    expect(r).toMatchObject({ allowed: false, citation: 'IAC 567-65.110(1)"d" and (5)' });
    expect(r.until).toBeUndefined();
  });
  it('IAC 567-65.110(1)"d": once the new owner submits an original plan, removal waits for its approval', () => {
    const r = manureRemoval({ approvedPlanInForce: true, newOwner: { ...sold, originalMmpSubmittedOn: '2026-03-20', today: '2026-03-21' } });
    expect(r.allowed).toBe(false);
    expect(r.reason).toContain('submitted an original manure management plan on Friday, March 20, 2026');
  });
  it('IAC 567-65.110(5): a new owner with no approved plan before them has nothing to remove under', () => {
    expect(manureRemoval({ approvedPlanInForce: false, newOwner: { ...sold, today: '2026-03-10' } }).allowed).toBe(false);
  });
});

describe('effectiveDeadline (Iowa Code 4.1(34))', () => {
  const cases = [
    { title: 'Iowa Code 4.1(34): a last day on a weekday that is no holiday stays (Fri 2025-05-02)', last: '2025-05-02', eff: '2025-05-02' },
    { title: 'Iowa Code 4.1(34): day 60 on a Saturday (received 2025-03-04, day 60 Sat 2025-05-03) → Monday 2025-05-05', last: reviewDeadline('2025-03-04'), eff: '2025-05-05' },
    { title: 'Iowa Code 4.1(34): day 60 on a Sunday (2025-01-01 + 60 = Sun 2025-03-02) → Monday 2025-03-03', last: reviewDeadline('2025-01-01'), eff: '2025-03-03' },
    { title: 'Iowa Code 4.1(34): day 60 on Thanksgiving (Thu 2025-11-27) → Friday 2025-11-28', last: reviewDeadline('2025-09-28'), eff: '2025-11-28' },
    { title: 'Iowa Code 4.1(34): July 4 on a Friday (2025) → Monday 2025-07-07', last: '2025-07-04', eff: '2025-07-07' },
    { title: 'Iowa Code 4.1(34): Sunday holiday 2023-01-01 and its Monday 2023-01-02 → Tuesday 2023-01-03', last: '2023-01-01', eff: '2023-01-03' },
    { title: 'Iowa Code 4.1(34): Saturday 2022-12-24, Sunday Christmas, observed Monday 12-26 → Tuesday 2022-12-27', last: '2022-12-24', eff: '2022-12-27' },
    { title: 'Iowa Code 4.1(34): Christmas 2021 on a Saturday is not moved to Friday 2021-12-24 → Friday stays', last: '2021-12-24', eff: '2021-12-24' },
    { title: 'Iowa Code 4.1(34): Saturday 2021-12-25 → Monday 2021-12-27', last: '2021-12-25', eff: '2021-12-27' },
    { title: 'Iowa Code 4.1(34): New Year on Saturday 2022-01-01: Friday 2021-12-31 before it stays', last: '2021-12-31', eff: '2021-12-31' },
    { title: 'Iowa Code 4.1(34): New Year on Saturday 2022-01-01 (not moved to Friday) → Monday 2022-01-03', last: '2022-01-01', eff: '2022-01-03' },
    { title: 'Iowa Code 4.1(34): across the year end, Saturday 2016-12-31, New Year Sunday, observed Monday 2017-01-02 → 2017-01-03', last: '2016-12-31', eff: '2017-01-03' },
    { title: 'Iowa Code 4.1(34): Lincoln\'s Birthday Sunday 2023-02-12 → observed Monday 02-13 → Tuesday 2023-02-14', last: '2023-02-12', eff: '2023-02-14' },
    { title: 'Iowa Code 4.1(34): Memorial Day (last Monday of May 2025-05-26) → Tuesday 2025-05-27', last: '2025-05-26', eff: '2025-05-27' },
  ];
  for (const c of cases) {
    it(c.title, () => expect(effectiveDeadline(c.last)).toBe(c.eff));
  }
  it('Iowa Code 4.1(34): an explicit holiday list replaces the default; [] skips only weekends', () => {
    expect(effectiveDeadline('2025-11-27', [])).toBe('2025-11-27');
    expect(effectiveDeadline('2025-05-02', ['2025-05-02', '2025-05-05'])).toBe('2025-05-06');
  });
});

describe('iowaStateHolidays (Iowa Code 4.1(34), unconfirmed list)', () => {
  it('Iowa Code 4.1(34): 2025 holidays', () => {
    expect(iowaStateHolidays(2025)).toEqual([
      '2025-01-01', '2025-01-20', '2025-02-12', '2025-02-17', '2025-05-26', '2025-07-04',
      '2025-09-01', '2025-11-11', '2025-11-27', '2025-12-25',
    ]);
  });
  it('Iowa Code 4.1(34): 2023 adds the Monday after Sunday holidays (Jan 1 → Jan 2, Feb 12 → Feb 13); Sat Nov 11 not moved', () => {
    const h = iowaStateHolidays(2023);
    expect(h).toContain('2023-01-02');
    expect(h).toContain('2023-02-13');
    expect(h).toContain('2023-11-11');
    expect(h).not.toContain('2023-11-10');
    expect(h).toHaveLength(12);
  });
  it('Iowa Code 4.1(34): Thanksgiving is the fourth Thursday of November', () => {
    expect(iowaStateHolidays(2024)).toContain('2024-11-28');
    expect(iowaStateHolidays(2026)).toContain('2026-11-26');
    expect(iowaStateHolidays(2028)).toContain('2028-11-23');
  });
  it('Iowa Code 4.1(34): 2022 Christmas on Sunday adds Monday 2022-12-26', () => {
    expect(iowaStateHolidays(2022)).toContain('2022-12-26');
  });
});

describe('date helpers', () => {
  it('isIsoDate accepts only real dates written YYYY-MM-DD', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    for (const bad of ['2025-02-29', '2025-02-30', '2025-1-5', '2025-13-01', '2025-00-10', '2025-04-31', '20250105', '2025-01-05T00:00:00Z', ' 2025-01-05', '', null, 20250105]) {
      expect(isIsoDate(bad)).toBe(false);
    }
  });
  it('dayOfWeek: 1970-01-01 Thursday, 2025-03-02 Sunday, 2000-01-01 Saturday', () => {
    expect(dayOfWeek('1970-01-01')).toBe(4);
    expect(dayOfWeek('2025-03-02')).toBe(0);
    expect(dayOfWeek('2000-01-01')).toBe(6);
  });
});
