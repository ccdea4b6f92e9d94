import { describe, expect, it } from 'vitest';
import { deriveReviewClock } from '@/lib/plans/clock';

describe('the review clock, derived from append-only events (IAC 567-65.110(4))', () => {
  it('counts 60 days from receipt and keeps that start when the plan is found complete later', () => {
    const clock = deriveReviewClock(
      [
        { kind: 'received', occurredOn: '2026-03-02' },
        { kind: 'found_complete', occurredOn: '2026-03-12' },
      ],
      '2026-04-01',
    );
    expect(clock).toMatchObject({ state: 'running', receivedOn: '2026-03-02', completeReceivedOn: '2026-03-02', day60: '2026-05-01' });
    expect(clock.daysLeft).toBe(30);
  });

  it('moves a day 60 that falls on a weekend to the next business day (Iowa Code 4.1(34))', () => {
    // 2026-08-08 + 60 days = Wednesday 2026-10-07; 2026-08-01 + 60 = Wednesday 2026-09-30;
    // 2026-08-05 + 60 = Sunday 2026-10-04 -> Monday 2026-10-05.
    const clock = deriveReviewClock([{ kind: 'received', occurredOn: '2026-08-05' }, { kind: 'found_complete', occurredOn: '2026-08-06' }], '2026-10-01');
    expect(clock.day60).toBe('2026-10-04');
    expect(clock.effectiveDeadline).toBe('2026-10-05');
  });

  it('stops when returned incomplete, and a resubmission is a new receipt', () => {
    const events = [
      { kind: 'received' as const, occurredOn: '2026-01-05' },
      { kind: 'returned_incomplete' as const, occurredOn: '2026-01-09' },
    ];
    expect(deriveReviewClock(events, '2026-02-01')).toMatchObject({ state: 'stopped_incomplete', day60: null, daysLeft: null });
    const resubmitted = deriveReviewClock([...events, { kind: 'resubmitted', occurredOn: '2026-02-10' }, { kind: 'found_complete', occurredOn: '2026-02-11' }], '2026-02-11');
    expect(resubmitted).toMatchObject({ state: 'running', receivedOn: '2026-02-10', day60: '2026-04-11' });
  });

  it('counts across a leap day, and shows overdue as negative days left', () => {
    const clock = deriveReviewClock([{ kind: 'received', occurredOn: '2028-01-15' }, { kind: 'found_complete', occurredOn: '2028-01-20' }], '2028-03-20');
    expect(clock.day60).toBe('2028-03-15');
    expect(clock.daysLeft).toBe(-5);
  });

  it('has no running deadline once decided, and nothing before receipt', () => {
    expect(deriveReviewClock([], '2026-01-01').state).toBe('not_received');
    const decided = deriveReviewClock(
      [{ kind: 'received', occurredOn: '2026-01-05' }, { kind: 'found_complete', occurredOn: '2026-01-06' }, { kind: 'decided', occurredOn: '2026-02-01' }],
      '2026-06-01',
    );
    expect(decided).toMatchObject({ state: 'decided', day60: '2026-03-06', daysLeft: null });
  });

  it('IAC 567-65.110(4): a plan returned incomplete has no running clock, and its incomplete receipt never starts the 60 days', () => {
    const returned = [
      { kind: 'received' as const, occurredOn: '2026-01-05' },
      { kind: 'returned_incomplete' as const, occurredOn: '2026-01-09' },
    ];
    expect(deriveReviewClock(returned, '2026-03-20')).toMatchObject({ state: 'stopped_incomplete', day60: null, effectiveDeadline: null, daysLeft: null });
    // Found complete later without a resubmission: the complete plan is in hand from that day, so the
    // 60 days count from 2026-01-20, not from the incomplete receipt of 2026-01-05.
    const found = deriveReviewClock([...returned, { kind: 'found_complete', occurredOn: '2026-01-20' }], '2026-02-01');
    expect(found).toMatchObject({ state: 'running', completeReceivedOn: '2026-01-20', day60: '2026-03-21' });
    expect(found.day60).not.toBe('2026-03-06');
  });

  it('IAC 567-65.110(4): received, returned, resubmitted, found complete: the resubmission (the complete receipt) starts the 60 days', () => {
    const clock = deriveReviewClock(
      [
        { kind: 'received', occurredOn: '2026-01-05' },
        { kind: 'returned_incomplete', occurredOn: '2026-01-09' },
        { kind: 'resubmitted', occurredOn: '2026-02-02' },
        { kind: 'found_complete', occurredOn: '2026-02-10' },
      ],
      '2026-02-10',
    );
    expect(clock).toMatchObject({ state: 'running', receivedOn: '2026-02-02', completeReceivedOn: '2026-02-02', day60: '2026-04-03' });
  });

  it('Iowa Code 4.1(34), general rule: a Saturday day 60 is the deadline; a Sunday day 60 runs to Monday', () => {
    // 2025-03-04 + 60 = Saturday 2025-05-03: not moved.
    const saturday = deriveReviewClock([{ kind: 'received', occurredOn: '2025-03-04' }, { kind: 'found_complete', occurredOn: '2025-03-05' }], '2025-05-01');
    expect(saturday).toMatchObject({ day60: '2025-05-03', effectiveDeadline: '2025-05-03', daysLeft: 2 });
    expect(saturday.deadline).toMatchObject({ extended: false, kind: 'general' });
    const sunday = deriveReviewClock([{ kind: 'received', occurredOn: '2025-01-01' }, { kind: 'found_complete', occurredOn: '2025-01-02' }], '2025-03-01');
    expect(sunday).toMatchObject({ day60: '2025-03-02', effectiveDeadline: '2025-03-03' });
    expect(sunday.deadline?.reason).toMatch(/general rule/);
  });
});

