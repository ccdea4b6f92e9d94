import { getEnv } from './env';

// The one place that answers "what day is it" for legal dates: a calendar date in America/Chicago.
// In test mode (MMP_TEST_CLOCK=1) the date can be set, so a journey can reach day 60 of a review.
const ZONE = 'America/Chicago';
const KEY = Symbol.for('mmp.clock.override');
type ClockHolder = { [KEY]?: string | null };

const formatter = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date of an instant in Iowa, as 'YYYY-MM-DD'. */
export function iowaDateOf(instant: Date): string {
  return formatter.format(instant);
}

/** Today's date in Iowa ('YYYY-MM-DD'), or the test date when one is set. */
export function today(): string {
  const override = (globalThis as ClockHolder)[KEY];
  if (override) return override;
  const env = getEnv();
  if (env.MMP_TEST_CLOCK && env.MMP_TODAY) return env.MMP_TODAY;
  return iowaDateOf(new Date());
}

export function testClockEnabled(): boolean {
  return getEnv().MMP_TEST_CLOCK;
}

/** Sets (or clears, with null) the portal's date. Refused unless the test clock is enabled. */
export function setToday(date: string | null): void {
  if (!testClockEnabled()) throw new Error('The date can only be set when MMP_TEST_CLOCK=1');
  if (date !== null && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error('date must be YYYY-MM-DD');
  (globalThis as ClockHolder)[KEY] = date;
}
