import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dueDateAssignments, operations, ownerships, planCounties, plans, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { loadFiledDocument } from '@/lib/plans/document/read-filed';
import { getCopyOfRecord } from '@/lib/plans/copy-of-record';
import { getFilingReceipt } from '@/lib/plans/filing-receipt';
import { getSentLetterPdf } from '@/lib/reviews/letter';
import { seedDatabase } from '@/lib/demo';
import { effectiveDeadline, reviewDeadline } from '@/lib/rules';
import { databaseLabel, useTestDb } from './support/test-db';
import { pdfPages, popplerMissing } from '../support/poppler';

const TODAY = '2026-11-30';

describe(`demo seed on ${databaseLabel}`, () => {
  const t = useTestDb();

  it('loads a realistic demo once, and a second run adds nothing', async () => {
    const { db } = t.get();
    expect(await seedDatabase(db, { demo: true, today: TODAY })).toEqual({ reference: true, demo: 'loaded' });
    expect(await seedDatabase(db, { demo: true, today: TODAY })).toEqual({ reference: true, demo: 'present' });

    const roles = await db.select({ role: users.role, n: sql<number>`count(*)::int` }).from(users).groupBy(users.role);
    const byRole = Object.fromEntries(roles.map((r) => [r.role, r.n]));
    expect(byRole.owner).toBeGreaterThanOrEqual(3);
    expect(byRole.department_staff).toBeGreaterThanOrEqual(1);
    expect(byRole.department_supervisor).toBe(1);
    expect(byRole.admin).toBe(1);
    const officials = await db.select({ county: users.countyFips }).from(users).where(eq(users.role, 'county_official'));
    expect(new Set(officials.map((o) => o.county)).size).toBe(2);

    const ops = await db.select({ county: operations.countyFips }).from(operations);
    expect(ops.length).toBeGreaterThanOrEqual(12);
    expect(new Set(ops.map((o) => o.county)).size).toBeGreaterThanOrEqual(6);
    const [ownerCount] = await db.select({ n: sql<number>`count(distinct owner_id)::int` }).from(sql`ownerships`);
    expect(ownerCount?.n).toBeGreaterThanOrEqual(3);
  });

  it('has a plan in every status, an overdue update and a review near its 60-day limit', async () => {
    const { db } = t.get();
    const rows = await db.select().from(plans);
    const statuses = new Set(rows.map((p) => p.status));
    for (const s of ['draft', 'submitted', 'incomplete', 'under_review', 'approved', 'disapproved', 'withdrawn']) {
      expect(statuses, `status ${s}`).toContain(s);
    }
    const overdue = await db.select().from(dueDateAssignments).where(sql`${dueDateAssignments.dueOn} < ${TODAY}`);
    expect(overdue.length).toBeGreaterThanOrEqual(1);

    const open = rows.filter((p) => p.status === 'under_review' && p.completeReceivedOn);
    const daysLeft = open.map((p) => (Date.parse(p.decisionDueOn!) - Date.parse(TODAY)) / 86_400_000);
    expect(daysLeft.some((d) => d >= 0 && d <= 7)).toBe(true); // near the limit
    expect(daysLeft.some((d) => d < 0)).toBe(true); // past it
    // IAC 567-65.110(4): every stored decision-due date is the received date + 60 days.
    for (const p of open) {
      expect(p.decisionDueOn).toBe(reviewDeadline(p.completeReceivedOn!));
      expect(effectiveDeadline(p.decisionDueOn!) >= p.decisionDueOn!).toBe(true);
    }
    const disapproved = rows.find((p) => p.status === 'disapproved');
    expect(disapproved?.decisionReasons).toMatch(/phosphorus index/);
    const touched = await db.select().from(planCounties).where(eq(planCounties.relation, 'land_applied_in'));
    expect(touched.length).toBeGreaterThan(rows.length);
  });

  it('gives owner.hansen a filing receipt for every plan she filed, each decided plan its letter, and Rock Valley’s filings their copy of record', async () => {
    const { db } = t.get();
    const [user] = await db.select().from(users).where(eq(users.email, 'owner.hansen@example.com'));
    const hansen: Actor = { id: user!.id, role: user!.role, name: user!.name, email: user!.email, countyFips: user!.countyFips, partyId: user!.partyId };
    const mine = await db
      .select({ id: plans.id, decision: plans.decision, operationName: operations.name })
      .from(plans)
      .innerJoin(operations, eq(operations.id, plans.operationId))
      .innerJoin(ownerships, and(eq(ownerships.operationId, plans.operationId), isNull(ownerships.releasedOn)))
      .where(and(eq(ownerships.ownerId, user!.partyId!), isNotNull(plans.receivedOn)));
    expect(mine.length).toBeGreaterThanOrEqual(4);
    const numbers = new Set<string>();
    let copies = 0;
    let letters = 0;
    for (const plan of mine) {
      const receipt = await getFilingReceipt(hansen, plan.id);
      expect(receipt.confirmationNumber).toMatch(/^MMP-\d{4}-\d{6}$/);
      numbers.add(receipt.confirmationNumber!);
      // What she filed is read from the frozen submission, as for a plan filed in the portal.
      expect((await loadFiledDocument(db, plan.id))?.source).toBe('submission');
      // Rock Valley's filings carry their copy of record, stored under the hash of its bytes, with the same receipt number.
      if (plan.operationName === 'Rock Valley Finisher Site') {
        const copy = await getCopyOfRecord(hansen, plan.id);
        expect(copy.confirmationNumber).toBe(receipt.confirmationNumber);
        expect(createHash('sha256').update(copy.pdf).digest('hex')).toBe(copy.sha256);
        copies++;
      }
      // A decided plan has its letter as sent, stored with the decision under the hash of its bytes.
      if (plan.decision) {
        const letter = await getSentLetterPdf(hansen, plan.id);
        expect(createHash('sha256').update(letter.pdf).digest('hex')).toBe(letter.sha256);
        if (!popplerMissing) expect(pdfPages(letter.pdf)[0]).toContain(`Decision letter ${letter.referenceNumber}`);
        letters++;
      }
    }
    expect(numbers.size).toBe(mine.length);
    expect(copies).toBe(2);
    expect(letters).toBeGreaterThanOrEqual(1);
    // Every received plan of the demo has its receipt, not only hers.
    const received = await db.select({ id: plans.id }).from(plans).where(isNotNull(plans.receivedOn));
    const [withSubmission] = await db.select({ n: sql<number>`count(distinct plan_id)::int` }).from(sql`plan_submissions`).where(inArray(sql`plan_id`, received.map((r) => r.id)));
    expect(withSubmission?.n).toBe(received.length);
  });
});
