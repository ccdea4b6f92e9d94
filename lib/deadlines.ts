// A deadline as every screen, email and feed shows it: the raw last day the rule counts to, the day
// it moved to under Iowa Code 4.1(34) (general or filing rule, per lib/rules deadlineKind), the rule
// that moved it, and whether that reading is confirmed. Pure: the caller passes today.
import { formatDate } from '@/lib/format';
import { addDays, daysBetween, deadlineKind, deadlineKindReading, latestParameter, periodEnd, type DeadlineName, type PeriodKind } from '@/lib/rules';

export type Deadline = {
  name: DeadlineName;
  /** The last day the rule itself counts to. */
  lastDay: string;
  /** The day it runs to after Iowa Code 4.1(34) (equal to lastDay when not moved). */
  day: string;
  extended: boolean;
  kind: PeriodKind;
  /** Iowa Code 4.1(34) */
  citation: string;
  /** Why the day moved or did not, in words. */
  reason: string;
  /** Days from today to `day` (negative once passed); null without a today. */
  daysLeft: number | null;
  /** The reading of which rule applies is flagged until the department confirms it. */
  readingConfirmed: boolean;
  readingSource: string;
};

export function deadlineOf(name: DeadlineName, lastDay: string, today?: string): Deadline {
  const kind = deadlineKind(name);
  const p = periodEnd(lastDay, kind);
  const reading = deadlineKindReading();
  return {
    name,
    lastDay,
    day: p.day,
    extended: p.extended,
    kind,
    citation: p.citation,
    reason: p.reason,
    daysLeft: today ? daysBetween(today, p.day) : null,
    readingConfirmed: reading.confirmed,
    readingSource: reading.source,
  };
}

const RULE_WORDS: Record<PeriodKind, string> = { general: 'general rule', filing: 'filing rule' };

/**
 * One line for emails and feeds: "May 3, 2025" or "May 3, 2025, extended to May 5, 2025 (Iowa Code
 * 4.1(34), filing rule; reading to be confirmed by the department)".
 */
export function deadlineWords(d: Deadline): string {
  if (!d.extended) return formatDate(d.lastDay);
  const flag = d.readingConfirmed ? '' : '; reading to be confirmed by the department';
  return `${formatDate(d.lastDay)}, extended to ${formatDate(d.day)} (${d.citation}, ${RULE_WORDS[d.kind]}${flag})`;
}

export function ruleWords(kind: PeriodKind): string {
  return RULE_WORDS[kind];
}

/** What an email needs to say about a moved deadline (plain data for the outbox), or null when not moved. */
export type DueExtension = { day: string; reason: string; readingConfirmed: boolean };

export function extensionOf(d: Deadline): DueExtension | null {
  return d.extended ? { day: d.day, reason: d.reason, readingConfirmed: d.readingConfirmed } : null;
}

/** The sentence an email adds after a moved due date. */
export function extensionSentence(e: DueExtension | null | undefined): string {
  if (!e) return '';
  return ` ${e.reason}${e.readingConfirmed ? '' : ' (This reading of Iowa Code 4.1(34) is to be confirmed by the department.)'}`;
}

/**
 * The latest last day whose deadline (after Iowa Code 4.1(34)) is before `day`: every last day up to it
 * has passed. The moved day never goes backwards as the last day moves forward, so a list query can
 * compare its raw dates against this one cutoff.
 */
export function latestLastDayPassedBy(name: DeadlineName, day: string): string {
  const kind = deadlineKind(name);
  let last = addDays(day, -1);
  // A weekend plus a run of holidays never moves a last day by more than ten days.
  for (let i = 0; i < 15; i++) {
    if (periodEnd(last, kind).day < day) return last;
    last = addDays(last, -1);
  }
  throw new Error(`no last day found whose deadline is before ${day}`);
}

const DEADLINE_WORDS: Record<DeadlineName, string> = {
  department_review: `the department’s review of a complete plan`,
  new_owner_original_mmp: `a new owner’s original plan`,
  annual_update: 'the annual update',
  appeal: 'an appeal',
};

const RULE_EFFECT: Record<PeriodKind, string> = {
  general: 'a last day on a Sunday runs to Monday; a Saturday or a holiday does not move it',
  filing: 'a last day on a Saturday, Sunday or holiday runs to the next day that is none of these',
};

/**
 * Which rule of Iowa Code 4.1(34) moves which deadline, from lib/rules deadlineKind, so a page that
 * states one rule also says which deadlines it governs and which follow the other.
 */
export function deadlineRulesSentence(): string {
  const names = Object.keys(DEADLINE_WORDS) as DeadlineName[];
  const parts = (['general', 'filing'] as const).flatMap((kind) => {
    const governed = names.filter((n) => deadlineKind(n) === kind).map((n) => DEADLINE_WORDS[n]);
    if (!governed.length) return [];
    const list = governed.length > 1 ? `${governed.slice(0, -1).join(', ')} and ${governed[governed.length - 1]}` : governed[0];
    return [`${list} ${governed.length > 1 ? 'follow' : 'follows'} its ${RULE_WORDS[kind]} (${RULE_EFFECT[kind]})`];
  });
  const reading = deadlineKindReading();
  const text = `Under Iowa Code 4.1(34), ${parts.join('; ')}.`;
  return reading.confirmed ? text : `${text} The department has yet to confirm this reading.`;
}

/** Whether every reading an owner's page rests on is confirmed (which rule moves a deadline; IAC 567-65.110(5)). */
export function readingsConfirmed(): boolean {
  return deadlineKindReading().confirmed && latestParameter('reading.approved_plan_in_force').confirmed;
}
