import { and, desc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dueDateAssignments, emailOutbox } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { listOperationSummaries } from '@/lib/operations/queries';
import { addDays } from '@/lib/rules';
import { applySchedulePolicy } from '@/lib/schedule/apply';
import { previewSchedule } from '@/lib/schedule/policies';
import { listScheduleCandidates } from '@/lib/schedule/queries';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, createUser, setUpdateDueDate } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// IAC 567-65.110(3)"b"(3): "The department will stagger the dates by which the updated MMPs are due and
// will notify each confinement feeding operation owner of the date." A plan approved after the department
// applied its schedule must not leave the operation with no date and no reminder ever to come.
const TODAY = '2026-11-30';

describe(`a due date at approval (IAC 567-65.110(3)"b"(3)) on ${databaseLabel}`, () => {
  const t = useTestDb();
  let reviewer: Actor;
  let supervisor: Actor;
  let owner: Actor;
  const dueRows = async (operationId: string) =>
    t.get().db.select().from(dueDateAssignments).where(eq(dueDateAssignments.operationId, operationId)).orderBy(desc(dueDateAssignments.createdAt));
  const noticesTo = async (email: string) =>
    t.get().db.select().from(emailOutbox).where(and(like(emailOutbox.eventKey, 'due-date:%'), eq(emailOutbox.toAddress, email)));

  beforeAll(async () => {
    reviewer = await createReviewer();
    supervisor = await createUser('department_supervisor');
    owner = await createOwner({ name: 'Wall Lake Pork LLC' });
  });

  it('with no schedule applied yet: the anniversary of the approval, on the dashboard, and the owner is emailed the date', async () => {
    const { operationId } = await createOperation(owner, { name: 'Wall Lake Finisher', countyFips: '19161', today: addDays(TODAY, -40) });
    const approvedOn = addDays(TODAY, -20);
    await approvedPlanFor(owner, operationId, reviewer, { today: addDays(approvedOn, -10), draft: completeDraft(['19161', '19161']) });
    const [row] = await dueRows(operationId);
    expect(row).toMatchObject({ dueOn: '2027-11-10', policy: 'approval_anniversary' });
    expect(row!.reason).toContain('the department has not applied a staggering policy yet');
    const summary = (await listOperationSummaries(owner, TODAY)).find((o) => o.id === operationId)!;
    expect(summary.nextDueOn).toBe('2027-11-10');
    expect(summary.daysUntilDue).toBeGreaterThan(0);
    const [notice] = await noticesTo(owner.email);
    expect(notice).toMatchObject({ template: 'update-due-reminder' });
    expect(notice!.text).toContain('November 10, 2027');
  });

  it("after the department spreads dates evenly by month: the month around the approval's anniversary with the fewest updates due", async () => {
    const other = await createOwner({ name: 'Odebolt Farms' });
    for (const [name, fips] of [['Odebolt Finisher', '19161'], ['Lake View Sow Unit', '19161']] as const) {
      const { operationId } = await createOperation(other, { name, countyFips: fips, today: addDays(TODAY, -400) });
      await approvedPlanFor(other, operationId, reviewer, { today: addDays(TODAY, -390), draft: completeDraft([fips, fips]) });
    }
    const policy = { policy: 'even_by_month' as const, startMonth: '2027-01' };
    const { scheduled } = await listScheduleCandidates();
    await applySchedulePolicy(supervisor, { policy, previewHash: previewSchedule(scheduled, policy, TODAY).hash }, { today: TODAY, origin: 'https://mmp.test' });
    // Around the anniversary (June 2027 to May 2028), June already has two updates due: July is the first emptier month.
    for (const name of ['Ida Grove Finisher', 'Holstein Finisher']) {
      const { operationId } = await createOperation(other, { name, countyFips: '19093', today: addDays(TODAY, -60) });
      await setUpdateDueDate(operationId, '2027-06-10');
    }
    const { operationId } = await createOperation(owner, { name: 'Sac City Nursery', countyFips: '19161', today: addDays(TODAY, -30) });
    await approvedPlanFor(owner, operationId, reviewer, { today: addDays(TODAY, -10), draft: completeDraft(['19161', '19161']) });
    const [row] = await dueRows(operationId);
    expect(row).toMatchObject({ dueOn: '2027-07-01', policy: 'even_by_month' });
    expect(row!.reason).toContain('July 2027, the month around the anniversary of the approval with the fewest updates due');
    expect((await noticesTo(owner.email)).some((n) => n.text.includes('July 1, 2027'))).toBe(true);
  });

  it('an operation that already has a date keeps it, and a SAFO whose election is in force gets none', async () => {
    const { operationId } = await createOperation(owner, { name: 'Schaller Finisher', countyFips: '19161', today: addDays(TODAY, -60) });
    await setUpdateDueDate(operationId, '2027-06-15');
    await approvedPlanFor(owner, operationId, reviewer, { today: addDays(TODAY, -20), draft: completeDraft(['19161', '19161']) });
    expect((await dueRows(operationId)).map((r) => r.dueOn)).toEqual(['2027-06-15']);
    const safo = await createOperation(owner, { name: 'Early Nursery (SAFO)', countyFips: '19161', today: addDays(TODAY, -60), safoElect: true });
    await approvedPlanFor(owner, safo.operationId, reviewer, { today: addDays(TODAY, -20), draft: completeDraft(['19161', '19161']) });
    expect(await dueRows(safo.operationId)).toEqual([]);
  });
});
