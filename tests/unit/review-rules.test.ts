import { describe, expect, it } from 'vitest';
import { collectionStateOn } from '@/lib/fees/indemnity';
import type { ParameterVersion } from '@/lib/parameters/values';
import { planDeadline, receiptCutoffs } from '@/lib/reviews/deadlines';
import { addDays } from '@/lib/rules';
import { previewSchedule, type ScheduledOperation } from '@/lib/schedule/policies';
import { dollarsToCents } from '@/lib/validation/fees';
import { decisionSchema, reasonLines, returnIncompleteSchema } from '@/lib/validation/review';
import { parseWorklistFilters } from '@/lib/validation/review-worklist';

describe('worklist buckets from receipt cutoffs (IAC 567-65.110(4), Iowa Code 4.1(34))', () => {
  it('puts every receipt in the same bucket as its own effective deadline would, every day of two years', () => {
    for (let today = '2026-01-01'; today <= '2027-12-31'; today = addDays(today, 1)) {
      const cut = receiptCutoffs(today);
      for (let back = 40; back <= 75; back++) {
        const received = addDays(today, -back);
        const left = planDeadline(received, today).daysLeft;
        expect(received <= cut.overdueReceivedOnOrBefore, `${received} overdue on ${today}`).toBe(left < 0);
        expect(received <= cut.dueSoonReceivedOnOrBefore, `${received} due soon on ${today}`).toBe(left <= 7);
      }
    }
  });
});

describe('review forms', () => {
  const planId = '3f6c2a8e-1b7d-4e52-9a0c-5d8e7f1a2b3c';
  it('refuses a disapproval without reasons and an "other" deficiency without detail', () => {
    expect(decisionSchema.safeParse({ planId, version: 2, decision: 'disapproved', reasons: '   ' }).error?.issues[0]?.path).toEqual(['reasons']);
    expect(decisionSchema.safeParse({ planId, version: '2', decision: 'approved', reasons: '' }).success).toBe(true);
    expect(returnIncompleteSchema.safeParse({ planId, version: 1, codes: [] }).success).toBe(false);
    expect(returnIncompleteSchema.safeParse({ planId, version: 1, codes: ['OTHER'], details: {} }).error?.issues[0]?.path).toEqual(['details', 'OTHER']);
    expect(returnIncompleteSchema.safeParse({ planId, version: 1, codes: ['NOT_A_CODE'] }).success).toBe(false);
  });
  it('splits reasons into lines and reads dollars as integer cents', () => {
    expect(reasonLines('- Field 7: P-index 16.2\n\n • Stockpile 2 within 150 ft of a tile inlet ')).toEqual(['Field 7: P-index 16.2', 'Stockpile 2 within 150 ft of a tile inlet']);
    expect(dollarsToCents.parse('$1,250.5')).toBe(125050);
    expect(dollarsToCents.parse('148.80')).toBe(14880);
    expect(dollarsToCents.safeParse('0.00').success).toBe(false);
    expect(dollarsToCents.safeParse('-5').success).toBe(false);
    expect(dollarsToCents.safeParse('1.005').success).toBe(false);
  });
  it('ignores filter values that do not parse, so an old link still opens', () => {
    expect(parseWorklistFilters(new URLSearchParams('county=19167&kind=nonsense&page=-4&mine=1&bucket=overdue'))).toEqual({
      county: '19167', kind: undefined, office: undefined, channel: undefined, reviewer: undefined, status: undefined, mine: '1', bucket: 'overdue', page: 1,
    });
  });
});

describe('due-date policies (IAC 567-65.110(3)"b"(3))', () => {
  const op = (i: number, office: number, approved: string | null): ScheduledOperation => ({
    operationId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Op ${i}`, countyName: `County ${i % 5}`,
    fieldOfficeId: office, fieldOffice: `Office ${office}`, firstApprovedOn: approved, currentDueOn: null,
  });
  const ops = Array.from({ length: 30 }, (_, i) => op(i, (i % 2) + 1, '2024-02-29'));
  it('spreads evenly: no month has more than one above another', () => {
    const p = previewSchedule(ops, { policy: 'even_by_month', startMonth: '2027-01' }, '2026-11-30');
    const counts = p.byMonth.map((m) => m.count);
    expect(counts).toHaveLength(12);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(p.missing).toEqual([]);
  });
  it('by county group: an office without a month leaves its operations without a date', () => {
    const p = previewSchedule(ops, { policy: 'county_group', months: { '1': 4 } }, '2026-11-30');
    expect(p.missing).toHaveLength(15);
    expect(p.assignments.filter((a) => a.dueOn).every((a) => a.dueOn!.startsWith('2027-04-'))).toBe(true);
  });
  it('anniversary of a February 29 approval falls on February 28 in a common year', () => {
    const p = previewSchedule([op(1, 1, '2024-02-29'), op(2, 1, null)], { policy: 'approval_anniversary' }, '2026-11-30');
    expect(p.assignments.map((a) => a.dueOn)).toEqual(['2027-02-28', null]);
    expect(p.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('indemnity fund (Iowa Code 459.503A)', () => {
  const v = <K extends 'indemnity.fund_balance_cents' | 'indemnity.fund_suspend_above_cents' | 'indemnity.fund_resume_below_cents'>(key: K, value: number, effectiveFrom: string) =>
    ({ key, value, effectiveFrom, source: 's', confirmed: true, origin: 'staff', setByName: null, createdAt: null }) as ParameterVersion<K>;
  const limits = { suspend: [v('indemnity.fund_suspend_above_cents', 300_000_000, '2003-01-01')], resume: [v('indemnity.fund_resume_below_cents', 200_000_000, '2003-01-01')] };
  it('suspends above $3 million, stays suspended between the limits, resumes below $2 million', () => {
    const balance = [
      v('indemnity.fund_balance_cents', 300_000_000, '2024-01-01'), // exactly $3M: not above
      v('indemnity.fund_balance_cents', 300_000_001, '2024-06-01'),
      v('indemnity.fund_balance_cents', 200_000_000, '2025-01-01'), // exactly $2M: not below
      v('indemnity.fund_balance_cents', 199_999_999, '2025-06-01'),
    ];
    const on = (d: string) => collectionStateOn({ balance, ...limits }, d).collecting;
    expect([on('2024-03-01'), on('2024-07-01'), on('2025-03-01'), on('2025-07-01')]).toEqual([true, false, false, true]);
  });
});
