import { describe, expect, it } from 'vitest';
import { dueDateAtApproval } from '@/lib/schedule/at-approval-date';

// IAC 567-65.110(3)"b"(3): the date an operation approved after the department's schedule is given.
describe('the due date given at approval, from the department\'s staggering policy', () => {
  const base = { today: '2026-11-30', officeMonth: null, fieldOffice: 'Spencer', monthLoads: {} };
  it('by county group: the next occurrence of the month the field office\'s counties are due in', () => {
    const d = dueDateAtApproval({ ...base, policy: 'county_group', officeMonth: '2026-03', monthLoads: { '2027-03': 3 } });
    expect(d).toMatchObject({ dueOn: '2027-03-04', policy: 'county_group' });
    expect(d.why).toContain('Spencer field office group, March 2027');
  });
  it('by county group with no month on record for the office: the anniversary, saying why', () => {
    const d = dueDateAtApproval({ ...base, policy: 'county_group' });
    expect(d).toMatchObject({ dueOn: '2027-11-30', policy: 'approval_anniversary' });
    expect(d.why).toContain("no month is on record for the Spencer field office's counties");
  });
  it('evenly by month: never sooner than seven months after approval, in the least loaded month', () => {
    const loads = { '2027-06': 5, '2027-07': 2, '2027-08': 1, '2027-09': 1 };
    expect(dueDateAtApproval({ ...base, policy: 'even_by_month', monthLoads: loads }).dueOn).toBe('2027-10-01');
  });
});
