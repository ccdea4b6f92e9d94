// Formatters for what people read (emails and pages). Pure: no clock, and no dependence on the
// process time zone. Legal dates are calendar dates ('YYYY-MM-DD') and are never passed through
// Date, so '2027-03-01' reads "March 1, 2027" wherever the server runs.
import { isIsoDate } from '@/lib/rules/dates';

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** A calendar date 'YYYY-MM-DD' as "March 1, 2027". */
export function formatDate(iso: string): string {
  if (!isIsoDate(iso)) throw new RangeError(`formatDate needs a calendar date written YYYY-MM-DD, got ${String(iso)}`);
  const month = MONTHS[Number(iso.slice(5, 7)) - 1];
  return `${month} ${Number(iso.slice(8, 10))}, ${Number(iso.slice(0, 4))}`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Integer cents as dollars: 14880 -> "$148.80", 125000 -> "$1,250.00", -500 -> "-$5.00". */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`formatMoney needs whole cents, got ${String(cents)}`);
  const abs = Math.abs(cents);
  const dollars = groupThousands(String(Math.floor(abs / 100)));
  const rest = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${dollars}.${rest}`;
}

// One formatter for the process, made once: making an Intl formatter builds ICU's tables (outside
// the JavaScript heap), and a page formats dozens of figures.
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A count such as animal units: 2480 -> "2,480", 992.5 -> "992.5" (at most two decimals). */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An instant in Iowa time: "March 8, 2027 at 3:00 PM CST" (link expiries and the like). */
export function formatDateTime(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`formatDateTime needs a valid instant, got ${String(instant)}`);
  const parts = DATE_TIME.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')} at ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`;
}

/** "1 day", "30 days". */
export function pluralDays(n: number): string {
  return `${formatNumber(n)} ${Math.abs(n) === 1 ? 'day' : 'days'}`;
}

/** "Lyon", "Lyon and Sioux", "Lyon, O'Brien and Sioux". */
export function andList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "The board of supervisors of Audubon County has" / "The boards of supervisors of Lyon and Sioux counties have". */
export function countyBoardsHave(countyNames: string[]): string {
  const names = [...new Set(countyNames)];
  return names.length === 1
    ? `The board of supervisors of ${names[0]} County has`
    : `The boards of supervisors of ${andList(names)} counties have`;
}

/** "Pay the fee", "Pay both fees", "Pay all 3 fees": the button that pays every fee at once. */
export function payAllWords(n: number): string {
  if (n === 1) return 'Pay the fee';
  return n === 2 ? 'Pay both fees' : `Pay all ${formatNumber(n)} fees`;
}

/** A sentence's words for use inside another (in parentheses, before a citation): no closing full stop. */
export function clause(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}

/** Words ending in exactly one full stop, however the source ended them ("…acre." never becomes "…acre.."). */
export function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t.replace(/\.{2,}$/, '.') : `${t}.`;
}
