import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@/db/schema/audit';
import { EDITABLE_STATUSES, PLAN_STATUSES, type PlanStatus } from '@/db/schema/codes';
import { ACTIONS } from '@/lib/auth/actions';
import { eventsFrom, isFinal, mayHappen, PLAN_EVENTS, PLAN_TRANSITIONS, statusesFor } from '@/lib/plans/lifecycle';

describe('the plan lifecycle table', () => {
  it('reaches every status from a draft, and ends only in approved or withdrawn', () => {
    const seen = new Set<PlanStatus>(['draft']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const s of [...seen]) {
        for (const e of eventsFrom(s)) {
          if (seen.has(PLAN_TRANSITIONS[e].to)) continue;
          seen.add(PLAN_TRANSITIONS[e].to);
          grew = true;
        }
      }
    }
    expect([...seen].sort()).toEqual([...PLAN_STATUSES].sort());
    expect(PLAN_STATUSES.filter(isFinal)).toEqual(['approved', 'withdrawn']);
  });

  it('says what may happen from each status', () => {
    expect(Object.fromEntries(PLAN_STATUSES.map((s) => [s, eventsFrom(s)]))).toEqual({
      draft: ['submit', 'withdraw'],
      submitted: ['find_complete', 'return_incomplete', 'withdraw'],
      incomplete: ['resubmit', 'withdraw'],
      under_review: ['approve', 'disapprove'],
      approved: [],
      disapproved: ['resubmit', 'withdraw'],
      withdrawn: [],
    });
  });

  it('a plan the owner may edit is exactly one the owner may file (again)', () => {
    expect([...EDITABLE_STATUSES].sort()).toEqual([...statusesFor('submit'), ...statusesFor('resubmit')].sort());
  });

  it('each event takes a capability on the plan and leaves a known audit event', () => {
    for (const e of PLAN_EVENTS) {
      expect(ACTIONS[PLAN_TRANSITIONS[e].capability].target, e).toBe('plan');
      expect(AUDIT_ACTIONS, e).toContain(PLAN_TRANSITIONS[e].audit);
    }
  });

  it('answers whether an event may happen from a status', () => {
    expect(mayHappen('under_review', 'withdraw')).toBe(false);
    expect(mayHappen('submitted', 'withdraw')).toBe(true);
    expect(mayHappen('not a status', 'submit')).toBe(false);
  });
});
