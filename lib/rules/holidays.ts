// Iowa Code 4.1(34): the holidays that extend a deadline, from the effective-dated holiday list.
import { RuleInputError } from './errors';
import { addDays, dayOfWeek, daysInMonth, isoFromParts } from './dates';
import type { HolidayRule } from './parameters';
import { parameterOn } from './parameters';

function ruleDate(year: number, rule: HolidayRule): string {
  if (rule.kind === 'fixed') return isoFromParts(year, rule.month, rule.day);
  if (rule.kind === 'nth_weekday') {
    const first = isoFromParts(year, rule.month, 1);
    const offset = (rule.weekday - dayOfWeek(first) + 7) % 7;
    return addDays(first, offset + 7 * (rule.n - 1));
  }
  const last = isoFromParts(year, rule.month, daysInMonth(year, rule.month));
  return addDays(last, -((dayOfWeek(last) - rule.weekday + 7) % 7));
}

/**
 * Iowa Code 4.1(34): the year's holidays, sorted — January 1, third Monday in January, February 12,
 * third Monday in February, last Monday in May, July 4, first Monday in September, November 11, fourth
 * Thursday in November, December 25, and the Monday after any of these that falls on a Sunday. A holiday
 * on a Saturday is not moved (the statute adds only the Monday after a Sunday holiday). Unconfirmed list,
 * applied to every year from 1 to 9998.
 */
export function iowaStateHolidays(year: number): string[] {
  return [...namedHolidays(year).keys()].sort();
}

/** The year's 4.1(34) holidays by date, with their names (an observed Monday names its holiday). */
export function namedHolidays(year: number): Map<string, string> {
  if (!Number.isInteger(year) || year < 1 || year > 9998) {
    throw new RuleInputError('year', `must be a whole year between 1 and 9998, got ${year}`);
  }
  const list = parameterOn('holidays.iowa_code_4_1_34', isoFromParts(year, 1, 1)).value;
  const days = new Map<string, string>();
  for (const rule of list.rules) {
    const day = ruleDate(year, rule);
    days.set(day, rule.name);
    if (list.mondayAfterSundayHoliday && dayOfWeek(day) === 0) {
      const monday = addDays(day, 1);
      if (!days.has(monday)) days.set(monday, `the Monday after ${rule.name}, which fell on a Sunday`);
    }
  }
  return days;
}
