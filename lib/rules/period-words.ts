// Iowa Code 4.1(34): the one sentence that says why a last day moved (or did not), so the dashboard,
// the calendar feed, the API and every letter explain a moved deadline once and in the same words.
import { dayOfWeek, longDate, weekdayName } from './dates';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'Monday, January 18' (the year is said once, with the last day). */
function weekdayMonthDay(iso: string): string {
  const [, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${weekdayName(iso)}, ${MONTHS[m - 1]} ${d}`;
}

const isWeekend = (iso: string) => dayOfWeek(iso) === 0 || dayOfWeek(iso) === 6;

// A holiday's own name when the list names it ("Independence Day"); a caller's bare list says only "a holiday".
const named = (name: string | undefined) => (name && name !== 'a holiday' ? ` (${name})` : '');

function joinClauses(clauses: string[]): string {
  if (clauses.length <= 1) return clauses.join('');
  return `${clauses.slice(0, -1).join(', ')}, and ${clauses[clauses.length - 1]}`;
}

/**
 * Iowa Code 4.1(34), filing rule: "The last day, Saturday, January 16, 2027, falls on a weekend, and
 * Monday, January 18 is a holiday (Martin Luther King Jr. Day), so under the filing rule of Iowa Code
 * 4.1(34) it moves to Tuesday, January 19." `skipped` are the closed days from the last day on, in order.
 */
export function filingMoveSentence(lastDay: string, skipped: string[], closed: Map<string, string>, movedTo: string): string {
  const first = isWeekend(lastDay)
    ? `falls on a weekend${closed.has(lastDay) ? ` and is a holiday${named(closed.get(lastDay))}` : ''}`
    : `is a holiday${named(closed.get(lastDay))}`;
  const later: string[] = [];
  let inWeekend = isWeekend(lastDay);
  for (const day of skipped.slice(1)) {
    if (isWeekend(day)) {
      // Saturday then Sunday is one weekend: said once.
      if (!inWeekend) later.push('the weekend follows');
      inWeekend = true;
      continue;
    }
    inWeekend = false;
    later.push(`${weekdayMonthDay(day)} is a holiday${named(closed.get(day))}`);
  }
  const target = movedTo.slice(0, 4) === lastDay.slice(0, 4) ? weekdayMonthDay(movedTo) : longDate(movedTo);
  return `The last day, ${longDate(lastDay)}, ${joinClauses([first, ...later])}, so under the filing rule of Iowa Code 4.1(34) it moves to ${target}.`;
}

/** Iowa Code 4.1(34), general rule: a Sunday last day moves to Monday; nothing else moves it. */
export function generalRuleSentence(lastDay: string, movedTo: string | null): string {
  if (movedTo === null) {
    return `The last day, ${longDate(lastDay)}, is not a Sunday, so the general rule of Iowa Code 4.1(34) does not move it (only a Sunday moves this deadline; a Saturday or a holiday does not).`;
  }
  const target = movedTo.slice(0, 4) === lastDay.slice(0, 4) ? weekdayMonthDay(movedTo) : longDate(movedTo);
  return `The last day, ${longDate(lastDay)}, falls on a Sunday, so under the general rule of Iowa Code 4.1(34) it moves to ${target}.`;
}

/** Iowa Code 4.1(34), filing rule, when the last day is an open weekday. */
export function filingUnmovedSentence(lastDay: string): string {
  return `The last day, ${longDate(lastDay)}, is not a Saturday, Sunday or holiday, so the filing rule of Iowa Code 4.1(34) does not move it.`;
}
