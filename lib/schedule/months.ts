import { isIsoDate } from '@/lib/rules';

// Calendar months for the due-date schedule. These build month labels and dates within a month
// (a due date is a day the department chooses, not a count of days the law runs), so day-count
// arithmetic is not involved; dates are validated with lib/rules.

export function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** The month `n` months after the month of `iso` ('YYYY-MM-DD' or 'YYYY-MM'). */
export function addMonths(iso: string, n: number): string {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7)) - 1 + n;
  return monthKey(y + Math.floor(m / 12), (((m % 12) + 12) % 12) + 1);
}

/** A day of a month, clamped to the 28th so every month has it. */
export function dayOf(month: string, day: number): string {
  const d = Math.min(Math.max(1, Math.round(day)), 28);
  return `${month}-${String(d).padStart(2, '0')}`;
}

/** The first occurrence of month `m` (1-12) strictly after the month of `today`. */
export function nextOccurrenceOfMonth(today: string, m: number): string {
  const thisMonth = Number(today.slice(5, 7));
  const year = Number(today.slice(0, 4)) + (m > thisMonth ? 0 : 1);
  return monthKey(year, m);
}

/** The first anniversary of `iso` that falls after `today` (Feb 29 is kept as Feb 28 in other years). */
export function nextAnniversary(iso: string, today: string): string {
  const md = iso.slice(5);
  for (let year = Number(today.slice(0, 4)); ; year++) {
    let candidate = `${year}-${md}`;
    if (!isIsoDate(candidate)) candidate = `${year}-02-28`;
    if (candidate > today) return candidate;
  }
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const MONTH_LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function monthLabel(key: string, long = false): string {
  const names = long ? MONTH_LONG : MONTH_NAMES;
  return `${names[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;
}
