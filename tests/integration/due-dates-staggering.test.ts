import { eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, dueDateAssignments, emailOutbox, operations } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { applySchedulePolicy, overrideDueDate } from '@/lib/schedule/apply';
import { previewSchedule } from '@/lib/schedule/policies';
import { listDueDateHistory, listScheduleCandidates } from '@/lib/schedule/queries';
import { overrideSchema } from '@/lib/validation/due-dates';
import { addDays } from '@/lib/rules';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, createUser, setUpdateDueDate, submitOriginalPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const TODAY = '2026-11-30';
const ctx = { today: TODAY, origin: 'https://mmp.test' };

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe(`staggered annual update due dates (IAC 567-65.110(3)"b"(3)) on ${databaseLabel}`, () => {
  const t = useTestDb();
  let supervisor: Actor;
  let staff: Actor;
  let vanzee: Actor;
  const rows = async () => (await t.get().db.select({ n: sql<number>`count(*)::int` }).from(dueDateAssignments))[0]!.n;

  beforeAll(async () => {
    // Made here: nine operations in eight counties with plans approved on different days over the
    // last two years (each with the due date it was first given), an approved SAFO, and Sioux
    // Center, whose only plan is not yet approved.
    supervisor = await createUser('department_supervisor', { name: 'Morgan Lind' });
    staff = await createReviewer();
    vanzee = await createOwner({ name: 'Van Zee Pork Inc.' });
    const hansen = await createOwner({ name: 'Hansen Family Farms LLC' });
    const prairie = await createOwner({ name: 'Prairie Egg Cooperative' });
    const approved: [Actor, string, string, number][] = [
      [vanzee, 'Doon Sow Unit', '19119', 700], [vanzee, 'Hull Contract Finisher', '19167', 640], [vanzee, 'Cherokee Cattle Confinement', '19035', 580],
      [hansen, 'Rock Valley Finisher Site', '19167', 520], [hansen, 'Iowa Falls Finisher', '19083', 460], [prairie, 'Stanhope Layer Complex', '19079', 400],
      [prairie, 'Le Mars Finisher', '19149', 340], [prairie, 'Kalona Dairy', '19183', 280], [hansen, 'Clarion Finisher', '19197', 220],
    ];
    for (const [owner, name, countyFips, daysAgo] of approved) {
      const approvedOn = addDays(TODAY, -daysAgo);
      const { operationId } = await createOperation(owner, { name, countyFips, today: approvedOn });
      await approvedPlanFor(owner, operationId, staff, { today: approvedOn, draft: completeDraft([countyFips, countyFips]) });
      await setUpdateDueDate(operationId, addDays(approvedOn, 365));
    }
    const sutherland = await createOperation(hansen, { name: 'Sutherland Nursery (SAFO)', countyFips: '19141', today: addDays(TODAY, -500), safoElect: true });
    await approvedPlanFor(hansen, sutherland.operationId, staff, { today: addDays(TODAY, -500), draft: completeDraft(['19141', '19141']) });
    const siouxCenter = await createOperation(hansen, { name: 'Sioux Center Finisher II', countyFips: '19167', today: TODAY });
    await submitOriginalPlan(hansen, siouxCenter.operationId, { today: addDays(TODAY, -20) });
  });

  it('schedules every operation with an approved plan, except a SAFO whose election is in force', async () => {
    const { scheduled, excluded } = await listScheduleCandidates();
    expect(excluded.map((o) => o.name)).toEqual(['Sutherland Nursery (SAFO)']);
    expect(scheduled.map((o) => o.name)).not.toContain('Sioux Center Finisher II'); // not yet approved
    expect(scheduled).toHaveLength(9);
  });

  it('refuses a county-group policy that leaves operations without a date, changing nothing', async () => {
    const before = await rows();
    const policy = { policy: 'county_group' as const, months: { '1': 3 } };
    const preview = previewSchedule((await listScheduleCandidates()).scheduled, policy, TODAY);
    expect(preview.missing.length).toBeGreaterThan(0);
    const err = await refusal(() => applySchedulePolicy(supervisor, { policy, previewHash: preview.hash }, ctx));
    expect(err.message).toMatch(/without a due date/);
    expect(await rows()).toBe(before);
  });

  it('previews an even spread across months and applies it in one transaction, telling each owner', async () => {
    // Several of these dates have passed unfiled; the supervisor chooses to move them too (kept otherwise: staggering-overdue.test.ts).
    const policy = { policy: 'even_by_month' as const, startMonth: '2027-01', moveOverdue: true };
    const preview = previewSchedule((await listScheduleCandidates()).scheduled, policy, TODAY);
    expect(preview.missing).toEqual([]);
    expect(preview.byMonth.map((m) => m.count).reduce((a, b) => a + b, 0)).toBe(9);
    expect(Math.max(...preview.byMonth.map((m) => m.count))).toBe(1); // 9 operations over 12 months
    expect(preview.assignments.every((a) => a.dueOn! > TODAY)).toBe(true);

    expect((await refusal(() => applySchedulePolicy(staff, { policy, previewHash: preview.hash }, ctx))).code).toBe('FORBIDDEN');
    expect((await refusal(() => applySchedulePolicy(supervisor, { policy, previewHash: 'f'.repeat(64) }, ctx))).code).toBe('CONFLICT');

    const before = await rows();
    // Each approval above already gave its operation a date and told its owner (IAC 567-65.110(3)"b"(3)).
    const assignedAudits = async () => t.get().db.select().from(auditEvents).where(eq(auditEvents.action, 'due_date.assigned'));
    const dueNotices = async () => t.get().db.select().from(emailOutbox).where(like(emailOutbox.eventKey, 'due-date:%'));
    const auditsBefore = (await assignedAudits()).length;
    const noticeKeysBefore = new Set((await dueNotices()).map((n) => n.eventKey));
    expect(await applySchedulePolicy(supervisor, { policy, previewHash: preview.hash }, ctx)).toEqual({ assigned: 9 });
    expect(await rows()).toBe(before + 9);
    expect(await assignedAudits()).toHaveLength(auditsBefore + 9);
    const notices = (await dueNotices()).filter((n) => !noticeKeysBefore.has(n.eventKey));
    expect(new Set(notices.map((n) => n.eventKey)).size).toBe(9);
    expect(notices.map((n) => n.toAddress)).toContain(vanzee.email);
    // The newest row is each operation's due date now.
    const { scheduled } = await listScheduleCandidates();
    expect(scheduled.map((s) => s.currentDueOn).sort()).toEqual(preview.assignments.map((a) => a.dueOn).sort());
  });

  it('puts each operation on the anniversary of its first approval', async () => {
    const { scheduled } = await listScheduleCandidates();
    const preview = previewSchedule(scheduled, { policy: 'approval_anniversary', moveOverdue: true }, TODAY);
    for (const a of preview.assignments) {
      expect(a.dueOn! > TODAY).toBe(true);
      expect(a.dueOn!.slice(5)).toBe(a.firstApprovedOn!.slice(5));
    }
  });

  it('overrides one operation with a required reason; the history keeps every earlier date', async () => {
    const [op] = await t.get().db.select().from(operations).where(eq(operations.name, 'Doon Sow Unit'));
    expect(overrideSchema.safeParse({ operationId: op!.id, dueOn: '2027-06-15', reason: '' }).success).toBe(false);
    const past = await refusal(() => overrideDueDate(supervisor, { operationId: op!.id, dueOn: TODAY, reason: 'Owner asked for more time' }, ctx));
    expect(past.fieldErrors?.dueOn).toBeTruthy();
    await overrideDueDate(supervisor, { operationId: op!.id, dueOn: '2027-06-15', reason: 'Owner sold half the herd; new plan coming' }, ctx);
    const history = await listDueDateHistory(op!.id);
    expect(history[0]).toMatchObject({ dueOn: '2027-06-15', policy: 'individual_override', reason: 'Owner sold half the herd; new plan coming', assignedBy: 'Morgan Lind' });
    expect(history.length).toBeGreaterThanOrEqual(3); // first given, policy, override
  });
});
