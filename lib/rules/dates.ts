// Calendar-date arithmetic for the day counts of IAC 567-65.110 and Iowa Code 4.1(34).
// Dates are ISO 'YYYY-MM-DD' strings naming a calendar day (no time, no zone). Arithmetic converts
// them to a count of days since 1970-01-01 with integer-only civil-calendar formulas (equivalent to
// UTC Date math, without any dependence on the clock or the process time zone).
import { RuleInputError } from './errors';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days in a month (1-12) of a year, Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function parts(iso: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** True for a real calendar date written exactly 'YYYY-MM-DD' ('2025-02-30' and '2025-1-5' are not). */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && parts(value) !== null;
}

// Days since 1970-01-01 (proleptic Gregorian), after H. Hinnant's days_from_civil.
function toDayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function fromDayNumber(dayNumber: number): string {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 1 || year > 9999) throw new RuleInputError('date', `falls outside years 0001-9999`);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Validates an ISO date and returns its day number; throws RuleInputError naming `field`. */
export function requireIsoDate(value: unknown, field: string): number {
  const p = typeof value === 'string' ? parts(value) : null;
  if (!p) throw new RuleInputError(field, `must be a calendar date written YYYY-MM-DD, got ${String(value)}`);
  return toDayNumber(p.year, p.month, p.day);
}

/** Builds an ISO date from numbers (month 1-12); used for holiday rules. */
export function isoFromParts(year: number, month: number, day: number): string {
  return fromDayNumber(toDayNumber(year, month, day));
}

/**
 * The date `days` calendar days after (or, if negative, before) `iso`.
 * Counting per Iowa Code 4.1(34): the first day is excluded, the last included, so
 * addDays('2024-01-01', 60) is '2024-03-01' (leap year) and addDays('2025-01-01', 60) is '2025-03-02'.
 */
export function addDays(iso: string, days: number, field = 'date'): string {
  const start = requireIsoDate(iso, field);
  if (!Number.isSafeInteger(days)) throw new RuleInputError('days', `must be a whole number, got ${days}`);
  return fromDayNumber(start + days);
}

/** Calendar days from `fromIso` to `toIso` (to − from; negative when `toIso` is earlier). Iowa Code 4.1(34). */
export function daysBetween(fromIso: string, toIso: string): number {
  return requireIsoDate(toIso, 'toIso') - requireIsoDate(fromIso, 'fromIso');
}

/** Day of the week, 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday). Iowa Code 4.1(34). */
export function dayOfWeek(iso: string, field = 'date'): number {
  const n = requireIsoDate(iso, field);
  return (((n + 4) % 7) + 7) % 7;
}

/** The year of a valid ISO date. */
export function yearOf(iso: string, field = 'date'): number {
  requireIsoDate(iso, field);
  return Number(iso.slice(0, 4));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'Saturday, May 3, 2025': for the plain-English reasons of the clock rules (no locale, no clock). */
export function longDate(iso: string, field = 'date'): string {
  const weekday = WEEKDAYS[dayOfWeek(iso, field)] as string;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${weekday}, ${MONTHS[m - 1]} ${d}, ${y}`;
}

/** The name of the weekday of a date ('Saturday'). */
export function weekdayName(iso: string, field = 'date'): string {
  return WEEKDAYS[dayOfWeek(iso, field)] as string;
}

/** 'May 31, 1985'. */
export function monthDayYear(iso: string, field = 'date'): string {
  requireIsoDate(iso, field);
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}
