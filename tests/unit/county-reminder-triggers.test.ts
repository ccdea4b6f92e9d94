import { describe, expect, it } from 'vitest';
import { CATCH_UP_LIMIT_DAYS, coverageStart, earliestOpenAcquisition, reminderTriggers, supersededOnCatchUp } from '@/lib/jobs/triggers';
import { dailyRunDue, iowaHour, schedulerWanted } from '@/lib/jobs/schedule';

// The daily job's calendar: which due dates get a reminder on a given day.
describe('reminder triggers', () => {
  it('reminds 60, 30 and 7 days before a due date', () => {
    const t = reminderTriggers('2027-03-02', '2027-03-02'); // a Tuesday
    expect(t).toContainEqual({ kind: 'update_due_60', dueOn: '2027-05-01' });
    expect(t).toContainEqual({ kind: 'update_due_30', dueOn: '2027-04-01' });
    expect(t).toContainEqual({ kind: 'update_due_7', dueOn: '2027-03-09' });
  });

  it('sends the overdue notice the day after the effective deadline (Iowa Code 4.1(34))', () => {
    // Due Saturday 2027-03-06 or Sunday 03-07: the deadline runs to Monday 03-08, overdue Tuesday.
    const tuesday = reminderTriggers('2027-03-09', '2027-03-09').filter((x) => x.kind === 'update_overdue').map((x) => x.dueOn);
    expect(tuesday).toEqual(['2027-03-08', '2027-03-07', '2027-03-06']);
    // Nothing becomes overdue on a Sunday or a Monday: no deadline ends on a weekend.
    expect(reminderTriggers('2027-03-08', '2027-03-08').filter((x) => x.kind === 'update_overdue')).toEqual([]);
    // Memorial Day 2027 is Monday May 31: an update due Saturday May 29 is overdue Wednesday June 2.
    const wednesday = reminderTriggers('2027-06-02', '2027-06-02').filter((x) => x.kind === 'update_overdue').map((x) => x.dueOn);
    expect(wednesday).toEqual(['2027-06-01', '2027-05-31', '2027-05-30', '2027-05-29']);
  });

  it('covers every day missed since the last run, and the year before a first run', () => {
    expect(CATCH_UP_LIMIT_DAYS).toBe(366);
    expect(coverageStart('2027-03-10', null)).toBe('2026-03-09');
    expect(coverageStart('2027-03-10', '2027-03-10')).toBe('2027-03-10');
    expect(coverageStart('2027-03-10', '2027-03-08')).toBe('2027-03-09');
    // Three weeks down: every one of the 21 days is processed, not only the last week.
    expect(coverageStart('2027-03-31', '2027-03-09')).toBe('2027-03-10');
    expect(coverageStart('2027-03-10', '2020-01-01')).toBe('2026-03-09');
    const span = reminderTriggers('2027-03-09', '2027-03-10').filter((x) => x.kind === 'update_due_7').map((x) => x.dueOn);
    expect(span).toEqual(['2027-03-16', '2027-03-17']);
  });

  it('on a missed day, skips a reminder a later one has overtaken, so nobody gets three at once', () => {
    const today = '2027-03-10';
    // The 60-day day was missed; the due date is now 45 days off: the 60-day reminder still fits.
    expect(supersededOnCatchUp('update_due_60', '2027-04-24', today)).toBe(false);
    // Now 25 days off: the 30-day reminder (also in the missed days) is the one to send.
    expect(supersededOnCatchUp('update_due_60', '2027-04-04', today)).toBe(true);
    expect(supersededOnCatchUp('update_due_30', '2027-04-04', today)).toBe(false);
    expect(supersededOnCatchUp('update_due_30', '2027-03-15', today)).toBe(true);
    expect(supersededOnCatchUp('update_due_7', '2027-03-15', today)).toBe(false);
    // The due date has passed: the overdue notice speaks instead.
    expect(supersededOnCatchUp('update_due_7', '2027-03-09', today)).toBe(true);
    expect(supersededOnCatchUp('update_overdue', '2027-02-18', today)).toBe(false);
  });

  it('looks for new owners who acquired within the last 60 days (IAC 567-65.110(1)"d")', () => {
    expect(earliestOpenAcquisition('2027-03-02')).toBe('2027-01-01');
  });
});

describe('when the scheduler runs', () => {
  it('runs once per Iowa day, from 6 a.m.', () => {
    expect(dailyRunDue({ today: '2027-03-02', lastRun: '2027-03-01', hour: 6 })).toBe(true);
    expect(dailyRunDue({ today: '2027-03-02', lastRun: '2027-03-01', hour: 5 })).toBe(false);
    expect(dailyRunDue({ today: '2027-03-02', lastRun: '2027-03-02', hour: 14 })).toBe(false);
    expect(dailyRunDue({ today: '2027-03-02', lastRun: null, hour: 23 })).toBe(true);
    expect(iowaHour(new Date('2027-07-01T11:30:00Z'))).toBe(6); // CDT, UTC-5
    expect(iowaHour(new Date('2027-01-01T11:30:00Z'))).toBe(5); // CST, UTC-6
  });

  it('does not start in tests, during a build, with the test clock on, or when turned off', () => {
    expect(schedulerWanted({ NODE_ENV: 'production' })).toBe(true);
    expect(schedulerWanted({ NODE_ENV: 'production', MMP_JOBS: 'off' })).toBe(false);
    expect(schedulerWanted({ NODE_ENV: 'test' })).toBe(false);
    expect(schedulerWanted({ NODE_ENV: 'production', NEXT_PHASE: 'phase-production-build' })).toBe(false);
    expect(schedulerWanted({ NODE_ENV: 'production', MMP_TEST_CLOCK: '1' })).toBe(false);
  });
});
