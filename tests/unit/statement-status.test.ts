import { describe, expect, it } from 'vitest';
import { statementStatusWords, type StatementSummary } from '@/lib/plans/statement-check';

// What the owner's plan page and the reviewer read of an emailed statement of intent (DNR form
// 542-8167): who confirmed which figures and when, or plainly that no one has.
const requested = new Date('2027-02-01T15:00:00Z');
const base: StatementSummary = {
  id: 'st-1', agreementKey: 'ag-1', landownerName: 'Ruth Meyer', landownerEmail: 'ruth@example.com', fieldName: 'North 80',
  acres: 80, commercialNLbPerAcre: 40, commercialP2o5LbPerAcre: null, confirmedName: null,
  requestedAt: requested.toISOString(), confirmedAt: null, expiresAt: new Date(requested.getTime() + 30 * 86_400_000).toISOString(),
};
const row = { acres: 80, commercialNLbPerAcre: 40, commercialP2o5LbPerAcre: null, statementId: 'st-1' };
const soon = new Date(requested.getTime() + 86_400_000);

describe('statementStatusWords', () => {
  it('says a statement the landowner has not confirmed is not confirmed, with where and when it was sent', () => {
    const words = statementStatusWords(row, [base], soon);
    expect(words).toContain('emailed to ruth@example.com on February 1, 2027');
    expect(words).toContain('not yet confirmed');
    expect(words).toContain('March 3, 2027');
    expect(words).not.toMatch(/confirmed by/);
  });

  it('says an unconfirmed link has expired once it has', () => {
    expect(statementStatusWords(row, [base], new Date(requested.getTime() + 31 * 86_400_000))).toContain('not confirmed, and the link expired on March 3, 2027');
  });

  it('names who confirmed, when, and the figures they confirmed', () => {
    const confirmed = { ...base, confirmedName: 'Ruth A. Meyer', confirmedAt: '2027-02-03T16:30:00Z' };
    const words = statementStatusWords(row, [confirmed], soon);
    expect(words).toContain('confirmed by Ruth A. Meyer');
    expect(words).toContain('on February 3, 2027 at 10:30 AM CST');
    expect(words).toContain('80 acres; commercial fertilizer 40 lb N and P2O5 not stated per acre');
    expect(words).not.toContain('different figures');
  });

  it('says when the plan no longer states the figures the landowner confirmed', () => {
    const confirmed = { ...base, confirmedName: 'Ruth A. Meyer', confirmedAt: '2027-02-03T16:30:00Z' };
    expect(statementStatusWords({ ...row, commercialNLbPerAcre: 0 }, [confirmed], soon)).toContain('The plan now states different figures, which the landowner has not confirmed.');
  });

  it('never calls a statement missing from the plan confirmed', () => {
    expect(statementStatusWords({ ...row, statementId: 'other' }, [base], soon)).toBe('Statement of intent by emailed link: its record is not on this plan, so it is not confirmed.');
  });
});
