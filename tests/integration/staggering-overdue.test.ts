import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dueDateAssignments } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { listOperationSummaries } from '@/lib/operations/queries';
import { addDays } from '@/lib/rules';
import { applySchedulePolicy } from '@/lib/schedule/apply';
import { previewSchedule } from '@/lib/schedule/policies';
import { listScheduleCandidates } from '@/lib/schedule/queries';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, createUser, setUpdateDueDate } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// IAC 567-65.110(3)"b"(3): a new staggered schedule applies to dates not yet passed. An update that was due
// two weeks ago and not filed stays overdue, listed in the preview, unless the supervisor chooses to move it.
const TODAY = '2026-11-30';
const ctx = { today: TODAY, origin: 'https://mmp.test' };

describe(`staggering and overdue, unfiled updates on ${databaseLabel}`, () => {
  const t = useTestDb();
  let supervisor: Actor;
  let owner: Actor;
  const ids = {} as Record<'albers' | 'carroll', string>;
  const current = async (operationId: string) =>
    (await t.get().db.select().from(dueDateAssignments).where(eq(dueDateAssignments.operationId, operationId)).orderBy(desc(dueDateAssignments.createdAt), desc(dueDateAssignments.id)).limit(1))[0]!.dueOn;

  beforeAll(async () => {
    supervisor = await createUser('department_supervisor');
    const reviewer = await createReviewer();
    owner = await createOwner({ name: 'Albers Pork' });
    for (const [key, name, due] of [['albers', 'Albers Pork East', addDays(TODAY, -14)], ['carroll', 'Carroll Finisher', addDays(TODAY, 40)]] as const) {
      const { operationId } = await createOperation(owner, { name, countyFips: '19027', today: addDays(TODAY, -400) });
      await approvedPlanFor(owner, operationId, reviewer, { today: addDays(TODAY, -390), draft: completeDraft(['19027', '19027']) });
      await setUpdateDueDate(operationId, due);
      ids[key] = operationId;
    }
  });

  it('keeps a passed, unfiled date and lists it; the owner stays overdue', async () => {
    const policy = { policy: 'even_by_month' as const, startMonth: '2027-02' };
    const { scheduled } = await listScheduleCandidates();
    const preview = previewSchedule(scheduled, policy, TODAY);
    expect(preview.overdue.map((o) => [o.name, o.currentDueOn, o.kept])).toEqual([['Albers Pork East', addDays(TODAY, -14), true]]);
    expect(preview.assignments.find((a) => a.operationId === ids.albers)).toMatchObject({ dueOn: addDays(TODAY, -14), why: expect.stringContaining('Overdue since') });
    expect(await applySchedulePolicy(supervisor, { policy, previewHash: preview.hash }, ctx)).toEqual({ assigned: 1 });
    expect(await current(ids.albers)).toBe(addDays(TODAY, -14));
    expect(await current(ids.carroll)).not.toBe(addDays(TODAY, 40));
    const albers = (await listOperationSummaries(owner, TODAY)).find((o) => o.id === ids.albers)!;
    expect(albers.daysUntilDue).toBeLessThan(0);
  });

  it('moves it only when the supervisor chooses to, saying so', async () => {
    const policy = { policy: 'even_by_month' as const, startMonth: '2027-03', moveOverdue: true };
    const { scheduled } = await listScheduleCandidates();
    const preview = previewSchedule(scheduled, policy, TODAY);
    expect(preview.overdue.map((o) => o.kept ?? false)).toEqual([false]);
    expect(preview.assignments.find((a) => a.operationId === ids.albers)!.why).toContain('overdue and not filed, as chosen');
    expect(await applySchedulePolicy(supervisor, { policy, previewHash: preview.hash }, ctx)).toEqual({ assigned: 2 });
    expect(await current(ids.albers) > TODAY).toBe(true);
  });
});
