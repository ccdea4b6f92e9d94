import { describe, expect, it } from 'vitest';
import { deadlineOf, deadlineRulesSentence, deadlineWords, latestLastDayPassedBy } from '@/lib/deadlines';
import { planDeadline, receiptCutoffs } from '@/lib/reviews/deadlines';

// Iowa Code 4.1(34) as the worklist, the compliance counts and the emails apply it: the department's
// review is a general period (only a Sunday last day moves, to Monday); an owner's filing moves past a
// Saturday, Sunday or holiday.

describe('the worklist buckets follow the general rule for the department\'s review', () => {
  it('IAC 567-65.110(4) + Iowa Code 4.1(34) general: received 2025-03-04, day 60 Saturday 2025-05-03 is the deadline, so on Sunday the plan is overdue', () => {
    expect(planDeadline('2025-03-04', '2025-05-04')).toMatchObject({ day60: '2025-05-03', effectiveDeadline: '2025-05-03', daysLeft: -1, extended: false });
    expect(receiptCutoffs('2025-05-04').overdueReceivedOnOrBefore >= '2025-03-04').toBe(true);
    // On the Saturday itself it is due today, not overdue.
    expect(receiptCutoffs('2025-05-03').overdueReceivedOnOrBefore < '2025-03-04').toBe(true);
  });
  it('Iowa Code 4.1(34) general: a Sunday day 60 (received 2025-01-01) runs to Monday, so on Monday it is not yet overdue', () => {
    expect(planDeadline('2025-01-01', '2025-03-03')).toMatchObject({ day60: '2025-03-02', effectiveDeadline: '2025-03-03', daysLeft: 0, extended: true });
    expect(receiptCutoffs('2025-03-03').overdueReceivedOnOrBefore < '2025-01-01').toBe(true);
    expect(receiptCutoffs('2025-03-04').overdueReceivedOnOrBefore >= '2025-01-01').toBe(true);
  });
});

describe('owner filings follow the filing rule', () => {
  it('Iowa Code 4.1(34) filing: an update due Saturday 2026-11-28 has passed only once Monday 2026-11-30 is over', () => {
    expect(latestLastDayPassedBy('annual_update', '2026-11-30') < '2026-11-28').toBe(true);
    expect(latestLastDayPassedBy('annual_update', '2026-12-01') >= '2026-11-28').toBe(true);
  });
  it('names the moved day, the rule and the unconfirmed reading in words an email can print', () => {
    const d = deadlineOf('new_owner_original_mmp', '2027-07-04', '2027-07-01');
    expect(d).toMatchObject({ day: '2027-07-06', extended: true, kind: 'filing', daysLeft: 5, readingConfirmed: false });
    expect(deadlineWords(d)).toBe('July 4, 2027, extended to July 6, 2027 (Iowa Code 4.1(34), filing rule; reading to be confirmed by the department)');
    expect(deadlineWords(deadlineOf('department_review', '2027-07-03'))).toBe('July 3, 2027');
  });
});

describe('which rule of Iowa Code 4.1(34) moves which deadline', () => {
  it('the review follows the general rule; the owners’ deadlines follow the filing rule (lib/rules deadlineKind)', () => {
    const s = deadlineRulesSentence();
    expect(s).toContain('the department’s review of a complete plan follows its general rule (a last day on a Sunday runs to Monday; a Saturday or a holiday does not move it)');
    expect(s).toContain('a new owner’s original plan, the annual update and an appeal follow its filing rule (a last day on a Saturday, Sunday or holiday runs to the next day that is none of these)');
  });
});
