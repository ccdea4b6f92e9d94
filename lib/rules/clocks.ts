// IAC 567-65.110(1)"d", (2), (4), (5) and Iowa Code 4.1(34): the day counts of the MMP process.
import { addDays, dayOfWeek, isIsoDate, requireIsoDate, yearOf } from './dates';
import { RuleInputError } from './errors';
import { iowaStateHolidays } from './holidays';
import { parameterValue } from './parameters';

/** IAC 567-65.110(4): the department decides a complete MMP within 60 days of receiving it (raw last day). */
export function reviewDeadline(completeReceivedOn: string): string {
  return addDays(completeReceivedOn, parameterValue('days.mmp_review'), 'completeReceivedOn');
}

/** IAC 567-65.110(1)"d": a new owner submits an original MMP within 60 days after acquiring (raw last day). */
export function newOwnerOriginalMmpDue(acquiredOn: string): string {
  return addDays(acquiredOn, parameterValue('days.new_owner_original_mmp'), 'acquiredOn');
}

/**
 * IAC 567-65.110(2): the construction design statement with the MMP is filed at least 30 days before
 * construction begins; this is the latest day to file. Not extended by effectiveDeadline: 4.1(34) moves
 * a last day forward, which here would leave fewer than 30 days.
 */
export function latestDesignStatementFiling(constructionBeginsOn: string): string {
  return addDays(constructionBeginsOn, -parameterValue('days.design_statement_before_construction'), 'constructionBeginsOn');
}

/** IAC 567-65.110(5): manure may not be removed from storage until the department has approved the plan. */
export function manureRemovalAllowed(planStatus: string): boolean {
  if (typeof planStatus !== 'string') throw new RuleInputError('planStatus', `must be a string, got ${String(planStatus)}`);
  return planStatus === 'approved';
}

/**
 * Iowa Code 4.1(34): a last day that falls on a Saturday, Sunday or holiday extends to the next day that
 * is none of these. `holidays` replaces the default list (iowaStateHolidays of the year and the next);
 * pass [] to skip only weekends.
 */
export function effectiveDeadline(lastDay: string, holidays?: string[]): string {
  requireIsoDate(lastDay, 'lastDay');
  let list: string[];
  if (holidays === undefined) {
    const year = yearOf(lastDay, 'lastDay');
    list = [...iowaStateHolidays(year), ...(year < 9998 ? iowaStateHolidays(year + 1) : [])];
  } else {
    if (!Array.isArray(holidays)) throw new RuleInputError('holidays', 'must be a list of YYYY-MM-DD dates');
    holidays.forEach((h, i) => {
      if (!isIsoDate(h)) throw new RuleInputError(`holidays[${i}]`, `must be a calendar date written YYYY-MM-DD, got ${String(h)}`);
    });
    list = holidays;
  }
  const closed = new Set(list);
  let day = lastDay;
  while (dayOfWeek(day) === 0 || dayOfWeek(day) === 6 || closed.has(day)) day = addDays(day, 1, 'lastDay');
  return day;
}
