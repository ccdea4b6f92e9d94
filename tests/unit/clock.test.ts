import { afterEach, describe, expect, it, vi } from 'vitest';

// lib/clock reads configuration once; load a fresh copy per case with the environment it needs.
async function loadClock(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return import('@/lib/clock');
}

afterEach(() => {
  delete process.env.MMP_TEST_CLOCK;
  delete process.env.MMP_TODAY;
  (globalThis as Record<symbol, unknown>)[Symbol.for('mmp.clock.override')] = null;
  vi.useRealTimers();
});

describe('the portal clock', () => {
  it("answers the calendar date in Iowa, not UTC's (late evening in Des Moines is already tomorrow in UTC)", async () => {
    const clock = await loadClock({ MMP_TEST_CLOCK: undefined, MMP_TODAY: undefined });
    expect(clock.iowaDateOf(new Date('2026-12-01T03:30:00Z'))).toBe('2026-11-30'); // 9:30 pm CST
    expect(clock.iowaDateOf(new Date('2026-07-01T04:30:00Z'))).toBe('2026-06-30'); // 11:30 pm CDT
    expect(clock.iowaDateOf(new Date('2026-07-01T05:30:00Z'))).toBe('2026-07-01');
    vi.useFakeTimers({ now: new Date('2026-12-01T03:30:00Z') });
    expect(clock.today()).toBe('2026-11-30');
  });

  it('takes MMP_TODAY only in test mode, and lets a test move the date', async () => {
    const clock = await loadClock({ MMP_TEST_CLOCK: '1', MMP_TODAY: '2027-02-14' });
    expect(clock.today()).toBe('2027-02-14');
    clock.setToday('2027-03-01');
    expect(clock.today()).toBe('2027-03-01');
    clock.setToday(null);
    expect(clock.today()).toBe('2027-02-14');
    expect(() => clock.setToday('March 1')).toThrow(/YYYY-MM-DD/);
  });

  it('refuses to set the date outside test mode', async () => {
    const clock = await loadClock({ MMP_TEST_CLOCK: undefined, MMP_TODAY: undefined });
    expect(clock.testClockEnabled()).toBe(false);
    expect(() => clock.setToday('2027-03-01')).toThrow(/MMP_TEST_CLOCK/);
  });

  it('refuses a configuration that sets MMP_TODAY without test mode', async () => {
    const clock = await loadClock({ MMP_TEST_CLOCK: undefined, MMP_TODAY: '2027-02-14' });
    expect(() => clock.today()).toThrow(/MMP_TODAY needs MMP_TEST_CLOCK=1/);
  });
});
