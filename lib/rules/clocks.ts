// IAC 567-65.110(1)"d", (2), (4), (5) and Iowa Code 4.1(34): the day counts of the MMP process.
import { cited } from './cite';
import { addDays, dayOfWeek, isIsoDate, longDate, requireIsoDate, yearOf } from './dates';
import { RuleInputError, requireBoolean, requireNonNegative, requireOneOf } from './errors';
import { namedHolidays } from './holidays';
import { filingMoveSentence, filingUnmovedSentence, generalRuleSentence } from './period-words';
import type { DeadlineName, PeriodKind } from './parameters';
import { latestParameter, parameterValue } from './parameters';

const CODE_4_1_34 = 'Iowa Code 4.1(34)';

/** IAC 567-65.110(4): the department decides a complete MMP within 60 days of receiving it (raw last day). */
export const reviewDeadline = cited('IAC 567-65.110(4)', function reviewDeadline(completeReceivedOn: string): string {
  return addDays(completeReceivedOn, parameterValue('days.mmp_review'), 'completeReceivedOn');
});

/** IAC 567-65.110(1)"d": a new owner submits an original MMP within 60 days after acquiring (raw last day). */
export const newOwnerOriginalMmpDue = cited('IAC 567-65.110(1)"d"', function newOwnerOriginalMmpDue(acquiredOn: string): string {
  return addDays(acquiredOn, parameterValue('days.new_owner_original_mmp'), 'acquiredOn');
});

/**
 * IAC 567-65.110(2): the construction design statement with the MMP is filed at least 30 days before
 * construction begins; this is the latest day to file. Not extended by 4.1(34): counting backwards,
 * moving that day later would leave fewer than 30 days.
 */
export const latestDesignStatementFiling = cited('IAC 567-65.110(2)', function latestDesignStatementFiling(constructionBeginsOn: string): string {
  return addDays(constructionBeginsOn, -parameterValue('days.design_statement_before_construction'), 'constructionBeginsOn');
});

/**
 * IAC 567-65.110(2), the same rule read forwards: a design statement filed on `filedOn` allows construction
 * to begin 30 days later at the earliest.
 */
export const earliestConstructionStart = cited('IAC 567-65.110(2)', function earliestConstructionStart(filedOn: string): string {
  return addDays(filedOn, parameterValue('days.design_statement_before_construction'), 'filedOn');
});

/**
 * The last day to appeal a decision: `days` calendar days after the decision (raw last day; the appeal
 * is a filing under Iowa Code 4.1(34), so pass it to periodEnd with deadlineKind('appeal')). The days
 * and the text of the appeal paragraph are an administrator's parameter (appeal.notice).
 */
export const appealLastDay = cited('Iowa Code chapter 17A; 567 IAC chapter 7', function appealLastDay(decidedOn: string, days: number): string {
  const n = requireNonNegative(days, 'days');
  if (!Number.isInteger(n)) throw new RuleInputError('days', `must be a whole number of days, got ${days}`);
  return addDays(decidedOn, n, 'decidedOn');
});

/** A new owner's standing under IAC 567-65.110(1)"d" (the caller reads it from the records). */
export type NewOwnerRemovalFacts = {
  /** The day the new owner acquired the operation. */
  acquiredOn: string;
  /** The last day to submit the original MMP, after Iowa Code 4.1(34) (periodEnd of newOwnerOriginalMmpDue). */
  originalMmpDueOn: string;
  /** The day the new owner submitted an original MMP, or null while none has been submitted. */
  originalMmpSubmittedOn: string | null;
  today: string;
};

export type ManureRemovalResult = { allowed: boolean; citation: string; reason: string; until?: string };

/**
 * IAC 567-65.110(5): manure may not be removed from storage until the department has approved the plan.
 * The caller decides whether an approved plan is in force (reading.approved_plan_in_force: an approved
 * MMP stays in force until a later one is approved; a disapproved annual update does not withdraw it).
 * With `newOwner` (an owner who acquired the operation and has no approved plan of their own), the approved
 * plan is the previous owner's, and IAC 567-65.110(1)"d" limits it: the new owner may apply manure under it
 * only until submitting an original MMP, which is due within 60 days of acquiring; once that day has
 * passed with nothing submitted, or once the new owner's plan is submitted, the old plan no longer covers removal.
 */
export function manureRemoval(input: { approvedPlanInForce: boolean; newOwner?: NewOwnerRemovalFacts }): ManureRemovalResult {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  const inForce = requireBoolean(input.approvedPlanInForce, 'approvedPlanInForce');
  if (!inForce) {
    return { allowed: false, citation: 'IAC 567-65.110(5)', reason:
      'No approved manure management plan is in force for this operation, so manure may not be removed from storage until the department approves one.' };
  }
  if (input.newOwner === undefined) {
    return { allowed: true, citation: 'IAC 567-65.110(5)', reason:
      'An approved manure management plan is in force for this operation, so manure may be removed from storage and applied under it. ' +
      'An approved plan stays in force until a later one is approved; a disapproved annual update does not withdraw it.' };
  }
  return newOwnerRemoval(input.newOwner);
}

const CITE_1D = 'IAC 567-65.110(1)"d"';

function newOwnerRemoval(n: NewOwnerRemovalFacts): ManureRemovalResult {
  if (typeof n !== 'object' || n === null) throw new RuleInputError('newOwner', 'must be an object');
  const acquired = longDate(n.acquiredOn, 'newOwner.acquiredOn');
  const due = longDate(n.originalMmpDueOn, 'newOwner.originalMmpDueOn');
  requireIsoDate(n.today, 'newOwner.today');
  const changed = `This operation changed owners on ${acquired}. `;
  if (n.originalMmpSubmittedOn !== null) {
    const submitted = longDate(n.originalMmpSubmittedOn, 'newOwner.originalMmpSubmittedOn');
    return { allowed: false, citation: `${CITE_1D} and (5)`, reason: changed +
      `The new owner submitted an original manure management plan on ${submitted}, so manure is no longer applied under the previous owner's plan; ` +
      'manure may not be removed from storage until the department approves the new owner\'s plan.' };
  }
  if (n.today > n.originalMmpDueOn) {
    return { allowed: false, citation: `${CITE_1D} and (5)`, reason: changed +
      `The new owner's original manure management plan was due by ${due} and has not been submitted, so manure may no longer be applied ` +
      'under the previous owner\'s plan; manure may not be removed from storage until the department approves a plan.' };
  }
  return { allowed: true, citation: CITE_1D, until: n.originalMmpDueOn, reason: changed +
    'The new owner may apply manure under the previous owner\'s approved plan until submitting an original manure management plan, ' +
    `which is due by ${due}. If it is not submitted by then, manure may no longer be removed from storage under the previous owner's plan.` };
}

const DEADLINES = ['department_review', 'new_owner_original_mmp', 'annual_update', 'appeal'] as const satisfies readonly DeadlineName[];
const KINDS = ['general', 'filing'] as const satisfies readonly PeriodKind[];

/**
 * Iowa Code 4.1(34): which of its two rules governs a deadline. Reading used (unconfirmed, parameter
 * computing_time.deadline_kinds): the department's review is 'general'; the new owner's original MMP,
 * annual updates and an appeal are 'filing'.
 */
export function deadlineKind(deadline: DeadlineName): PeriodKind {
  const name = requireOneOf(deadline, DEADLINES, 'deadline');
  return parameterValue('computing_time.deadline_kinds')[name];
}

function holidayList(lastDay: string, holidays: string[] | undefined): Map<string, string> {
  if (holidays === undefined) {
    const year = yearOf(lastDay, 'lastDay');
    return new Map([...namedHolidays(year), ...(year < 9998 ? namedHolidays(year + 1) : [])]);
  }
  if (!Array.isArray(holidays)) throw new RuleInputError('holidays', 'must be a list of YYYY-MM-DD dates');
  holidays.forEach((h, i) => {
    if (!isIsoDate(h)) throw new RuleInputError(`holidays[${i}]`, `must be a calendar date written YYYY-MM-DD, got ${String(h)}`);
  });
  return new Map(holidays.map((h) => [h, 'a holiday']));
}

/**
 * Iowa Code 4.1(34), both rules. 'general' (first sentence): a last day on a Sunday extends to the
 * following Monday; nothing else moves it. 'filing' (second sentence: commencing a proceeding, filing,
 * or an appeal from a decision): a last day on a Saturday, Sunday or holiday extends to the next day
 * that is none of these. `holidays` replaces the default list (iowaStateHolidays of the year and the
 * next) for the filing rule; [] skips only weekends.
 */
export function periodEnd(lastDay: string, kind: PeriodKind, holidays?: string[]): {
  day: string; extended: boolean; citation: string; reason: string;
} {
  requireIsoDate(lastDay, 'lastDay');
  const rule = requireOneOf(kind, KINDS, 'kind');
  if (rule === 'general') {
    if (holidays !== undefined) holidayList(lastDay, holidays);
    if (dayOfWeek(lastDay, 'lastDay') !== 0) {
      return { day: lastDay, extended: false, citation: CODE_4_1_34, reason: generalRuleSentence(lastDay, null) };
    }
    const monday = addDays(lastDay, 1, 'lastDay');
    return { day: monday, extended: true, citation: CODE_4_1_34, reason: generalRuleSentence(lastDay, monday) };
  }
  const closed = holidayList(lastDay, holidays);
  let day = lastDay;
  const skipped: string[] = [];
  while (dayOfWeek(day) === 0 || dayOfWeek(day) === 6 || closed.has(day)) {
    skipped.push(day);
    day = addDays(day, 1, 'lastDay');
  }
  if (!skipped.length) return { day, extended: false, citation: CODE_4_1_34, reason: filingUnmovedSentence(lastDay) };
  return { day, extended: true, citation: CODE_4_1_34, reason: filingMoveSentence(lastDay, skipped, closed, day) };
}

/** Iowa Code 4.1(34), filing rule: periodEnd(lastDay, 'filing', holidays).day. */
export const effectiveDeadline = cited(CODE_4_1_34, function effectiveDeadline(lastDay: string, holidays?: string[]): string {
  return periodEnd(lastDay, 'filing', holidays).day;
});

/** Whether the reading of which rule governs each deadline is confirmed, and its source (for screens). */
export function deadlineKindReading(): { confirmed: boolean; source: string; note: string } {
  const p = latestParameter('computing_time.deadline_kinds');
  return { confirmed: p.confirmed, source: p.source, note: p.note ?? '' };
}
