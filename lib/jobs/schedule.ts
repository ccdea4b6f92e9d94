// When the daily job runs: once per Iowa calendar day, from 6 a.m. Iowa time so reminders arrive in
// the morning. Pure, so the decision is tested without timers.
export const RUN_FROM_HOUR = 6;
export const DAILY_CRON = `0 ${RUN_FROM_HOUR} * * *`;
export const ZONE = 'America/Chicago';

const hourFormat = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', hourCycle: 'h23' });

/** The hour (0-23) of an instant in Iowa. */
export function iowaHour(instant: Date): number {
  return Number(hourFormat.format(instant));
}

export function dailyRunDue(input: { today: string; lastRun: string | null; hour: number }): boolean {
  return input.lastRun !== input.today && input.hour >= RUN_FROM_HOUR;
}

/**
 * Whether this process should schedule jobs: not in tests, not while `next build` collects pages,
 * not with the test clock on (browser journeys set the date and must not race a job), and not when
 * MMP_JOBS=off.
 */
export function schedulerWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.MMP_JOBS === 'off' || env.MMP_JOBS === '0') return false;
  if (env.NODE_ENV === 'test' || env.VITEST) return false;
  if (env.NEXT_PHASE === 'phase-production-build') return false;
  if (env.MMP_TEST_CLOCK === '1' || env.MMP_TEST_CLOCK === 'true') return false;
  return true;
}
