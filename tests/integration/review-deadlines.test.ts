import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operations, planClockEvents, plans, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { findPlanComplete } from '@/lib/reviews/completeness';
import { listWorklistPage } from '@/lib/reviews/worklist';
import { addDays } from '@/lib/rules';
import { databaseLabel, useTestDb } from './support/test-db';

// IAC 567-65.110(4) with Iowa Code 4.1(34), end to end through the services: a plan found complete
// ten days after receipt keeps its received date; day 60 across month ends and leap years. The review
// is a general period: a day 60 on a Sunday runs to Monday (even a Monday holiday); a Saturday day 60
// is not moved; overdue starts the day after.
const CASES = [
  { name: 'Across February (2026)', receivedOn: '2026-01-01', day60: '2026-03-02', effective: '2026-03-02' },
  { name: 'Leap year (2028)', receivedOn: '2028-01-01', day60: '2028-03-01', effective: '2028-03-01' },
  { name: 'Day 60 on a Sunday', receivedOn: '2026-08-05', day60: '2026-10-04', effective: '2026-10-05' },
  { name: 'Day 60 on Independence Day, a Sunday: runs to Monday, the day observed', receivedOn: '2027-05-05', day60: '2027-07-04', effective: '2027-07-05' },
  { name: 'Day 60 on a Saturday: not moved', receivedOn: '2025-03-04', day60: '2025-05-03', effective: '2025-05-03' },
  { name: 'Day 60 on December 31 (year end)', receivedOn: '2026-11-01', day60: '2026-12-31', effective: '2026-12-31' },
];

describe(`review deadlines through the services on ${databaseLabel}`, () => {
  const t = useTestDb();
  let actor: Actor;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { db } = t.get();
    const [u] = await db.insert(users).values({ email: 'deadline.reviewer@example.com', name: 'Deadline Reviewer', role: 'department_staff' }).returning();
    actor = { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: null, partyId: null };
    for (const c of CASES) {
      const [op] = await db.insert(operations).values({ name: c.name, kind: 'confinement', countyFips: '19167' }).returning();
      const [plan] = await db
        .insert(plans)
        .values({ operationId: op!.id, kind: 'original', status: 'submitted', receivedOn: c.receivedOn, submittedOn: c.receivedOn })
        .returning();
      await db.insert(planClockEvents).values({ planId: plan!.id, kind: 'received', occurredOn: c.receivedOn });
      ids[c.name] = plan!.id;
    }
  });

  for (const c of CASES) {
    it(`${c.name}: received ${c.receivedOn}, found complete 10 days later, day 60 ${c.day60}, deadline ${c.effective}`, async () => {
      const foundOn = addDays(c.receivedOn, 10);
      const { decisionDueOn } = await findPlanComplete(actor, { planId: ids[c.name]!, version: 1 }, foundOn);
      expect(decisionDueOn).toBe(c.day60);
      const [row] = await t.get().db.select().from(plans).where(eq(plans.id, ids[c.name]!));
      expect(row).toMatchObject({ status: 'under_review', completeReceivedOn: c.receivedOn, decisionDueOn: c.day60 });

      const onDeadline = await listWorklistPage(actor, { page: 1, bucket: 'due_soon' }, c.effective);
      expect(onDeadline.rows.find((r) => r.planId === ids[c.name])).toMatchObject({ day60: c.day60, effectiveDueOn: c.effective, daysLeft: 0 });
      const dayAfter = await listWorklistPage(actor, { page: 1, bucket: 'overdue' }, addDays(c.effective, 1));
      expect(dayAfter.rows.find((r) => r.planId === ids[c.name])).toMatchObject({ daysLeft: -1 });
      const dayBefore60 = await listWorklistPage(actor, { page: 1, bucket: 'overdue' }, c.day60);
      expect(dayBefore60.rows.map((r) => r.planId)).not.toContain(ids[c.name]);
    });
  }
});
