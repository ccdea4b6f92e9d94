import { describe, expect, it } from 'vitest';
import {
  RuleInputError, addDays, appealLastDay, deadlineKind, deadlineKindReading, earliestConstructionStart, effectiveDeadline,
  latestDesignStatementFiling, newOwnerOriginalMmpDue, periodEnd, reviewDeadline, structureConstructedOn, truckWashPartOfOperation,
} from '@/lib/rules';

// Iowa Code 4.1(34), read from its text: "the last day shall be included, unless the last day falls on
// Sunday, in which case the time prescribed shall be extended so as to include the whole of the
// following Monday" (general rule); and, for commencing a proceeding, filing, or perfecting or filing
// an appeal, "if the last day ... falls on a Saturday, a Sunday, a day designated as a holiday ... the
// time shall be extended to include the next day which is not a Saturday, Sunday, or such day" (filing
// rule). The portal reads the department's 60-day review as general and the owner's filings and an
// appeal as filings (to be confirmed by the department).

describe('deadlineKind: which rule of Iowa Code 4.1(34) governs each deadline', () => {
  it('Iowa Code 4.1(34): the department\'s 60-day review of IAC 567-65.110(4) is a general period', () => {
    expect(deadlineKind('department_review')).toBe('general');
  });
  it('Iowa Code 4.1(34): the new owner\'s original MMP, annual updates and an appeal are filings', () => {
    expect(deadlineKind('new_owner_original_mmp')).toBe('filing');
    expect(deadlineKind('annual_update')).toBe('filing');
    expect(deadlineKind('appeal')).toBe('filing');
  });
  it('the reading is flagged unconfirmed, with its source', () => {
    const r = deadlineKindReading();
    expect(r.confirmed).toBe(false);
    expect(r.source).toMatch(/4\.1/);
  });
  it('an unknown deadline is an input error naming the field', () => {
    expect(() => deadlineKind('hearing' as never)).toThrow(RuleInputError);
    expect(() => deadlineKind('hearing' as never)).toThrow(/^deadline /);
  });
});

describe('periodEnd: a Saturday day 60 and a Sunday day 60', () => {
  // Received 2025-03-04: day 60 is Saturday 2025-05-03.
  const saturday = reviewDeadline('2025-03-04');
  // Received 2025-01-01: day 60 is Sunday 2025-03-02.
  const sunday = reviewDeadline('2025-01-01');

  it('IAC 567-65.110(4) with Iowa Code 4.1(34) general rule: a Saturday day 60 is not moved', () => {
    expect(saturday).toBe('2025-05-03');
    const r = periodEnd(saturday, deadlineKind('department_review'));
    expect(r).toMatchObject({ day: '2025-05-03', extended: false, citation: 'Iowa Code 4.1(34)' });
    expect(r.reason).toMatch(/general rule/);
  });
  it('Iowa Code 4.1(34) filing rule: a Saturday last day moves to Monday', () => {
    const r = periodEnd(saturday, 'filing');
    expect(r).toMatchObject({ day: '2025-05-05', extended: true, citation: 'Iowa Code 4.1(34)' });
    expect(r.reason).toMatch(/filing rule/);
    expect(r.reason).toBe('The last day, Saturday, May 3, 2025, falls on a weekend, so under the filing rule of Iowa Code 4.1(34) it moves to Monday, May 5.');
  });
  it('Iowa Code 4.1(34) general rule: a Sunday day 60 moves to the whole of the following Monday', () => {
    expect(sunday).toBe('2025-03-02');
    const r = periodEnd(sunday, 'general');
    expect(r).toMatchObject({ day: '2025-03-03', extended: true });
    expect(r.reason).toMatch(/Sunday/);
  });
  it('Iowa Code 4.1(34) filing rule: a Sunday last day moves to Monday too', () => {
    expect(periodEnd(sunday, 'filing')).toMatchObject({ day: '2025-03-03', extended: true });
  });
});

describe('periodEnd: July 4, 2027 (a Sunday) under both rules', () => {
  it('Iowa Code 4.1(34) general rule: Sunday July 4, 2027 extends to Monday July 5, even though that Monday is the holiday observed', () => {
    expect(periodEnd('2027-07-04', 'general')).toMatchObject({ day: '2027-07-05', extended: true });
  });
  it('Iowa Code 4.1(34) filing rule: Sunday July 4, 2027 and the Monday after it are skipped: Tuesday July 6', () => {
    const r = periodEnd('2027-07-04', 'filing');
    expect(r).toMatchObject({ day: '2027-07-06', extended: true });
    expect(r.reason).toMatch(/Independence Day/);
    expect(effectiveDeadline('2027-07-04')).toBe('2027-07-06');
  });
  it('Iowa Code 4.1(34): Saturday July 4, 2026 stays under the general rule and moves to Monday July 6 under the filing rule', () => {
    expect(periodEnd('2026-07-04', 'general')).toMatchObject({ day: '2026-07-04', extended: false });
    expect(periodEnd('2026-07-04', 'filing')).toMatchObject({ day: '2026-07-06', extended: true });
  });
  it('Iowa Code 4.1(34): a weekday holiday (Thanksgiving, Thursday 2025-11-27) moves only a filing', () => {
    expect(periodEnd('2025-11-27', 'general')).toMatchObject({ day: '2025-11-27', extended: false });
    expect(periodEnd('2025-11-27', 'filing')).toMatchObject({ day: '2025-11-28', extended: true });
  });
  it('Iowa Code 4.1(34): a weekday that is no holiday stays under both rules', () => {
    for (const kind of ['general', 'filing'] as const) expect(periodEnd('2025-05-02', kind)).toMatchObject({ day: '2025-05-02', extended: false });
  });
});

describe('effectiveDeadline = periodEnd(lastDay, "filing").day', () => {
  it('Iowa Code 4.1(34): agrees with periodEnd on every day of two years', () => {
    for (let d = '2026-01-01'; d < '2028-01-01'; d = addDays(d, 1)) expect(effectiveDeadline(d)).toBe(periodEnd(d, 'filing').day);
  });
  it('Iowa Code 4.1(34): a date before 2000 is computed, not refused (the holiday list applies to every year accepted)', () => {
    expect(effectiveDeadline('1999-12-31')).toBe('1999-12-31');
    expect(effectiveDeadline('1999-12-25')).toBe('1999-12-27');
    expect(periodEnd('0001-01-07', 'general').day).toBe('0001-01-08');
  });
  it('bad input names the caller\'s field', () => {
    expect(() => periodEnd('2025-02-30', 'general')).toThrow(/^lastDay /);
    expect(() => periodEnd('2025-02-03', 'business' as never)).toThrow(/^kind /);
    expect(() => effectiveDeadline('2025-13-01')).toThrow(/^lastDay /);
  });
});

describe('IAC 567-65.110(2): the construction design statement, at least 30 days before construction begins', () => {
  it('IAC 567-65.110(2): filed on 2026-03-02, construction may begin on 2026-04-01 at the earliest (30 days later)', () => {
    expect(earliestConstructionStart('2026-03-02')).toBe('2026-04-01');
    expect(latestDesignStatementFiling(earliestConstructionStart('2026-03-02'))).toBe('2026-03-02');
  });
  it('IAC 567-65.110(2): counting backwards is never extended, even from a Sunday', () => {
    // Construction on Monday 2026-04-06: the last day to file is Saturday 2026-03-07, and stays a Saturday.
    expect(latestDesignStatementFiling('2026-04-06')).toBe('2026-03-07');
  });
});

describe('appeals', () => {
  it('Iowa Code 4.1(34) filing rule: the last day to appeal a decision of Friday 2027-06-04 with 30 days is Sunday 2027-07-04, moved to Tuesday 2027-07-06', () => {
    const last = appealLastDay('2027-06-04', 30);
    expect(last).toBe('2027-07-04');
    expect(periodEnd(last, deadlineKind('appeal')).day).toBe('2027-07-06');
  });
  it('a fractional or negative number of days is refused', () => {
    expect(() => appealLastDay('2027-06-04', 2.5)).toThrow(/^days /);
    expect(() => appealLastDay('2027-06-04', -1)).toThrow(/^days /);
  });
});

describe('clock and definition functions carry their citation', () => {
  it('each names the rule it implements', () => {
    expect(reviewDeadline.citation).toBe('IAC 567-65.110(4)');
    expect(newOwnerOriginalMmpDue.citation).toBe('IAC 567-65.110(1)"d"');
    expect(latestDesignStatementFiling.citation).toBe('IAC 567-65.110(2)');
    expect(effectiveDeadline.citation).toBe('Iowa Code 4.1(34)');
    expect(structureConstructedOn.citation).toBe('Iowa Code 459A.103(2)');
    expect(truckWashPartOfOperation.citation).toBe('Iowa Code 459A.103(4)');
  });
  it('their results keep their agreed shapes', () => {
    expect(structureConstructedOn({ excavationOn: '2020-05-01', formsInstalledOn: '2020-04-01' })).toBe('2020-04-01');
    expect(truckWashPartOfOperation({ commonOwnershipOrManagement: true, distanceFt: 1250 })).toBe(true);
  });
});
