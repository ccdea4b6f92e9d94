import { beforeAll, describe, expect, it } from 'vitest';
import { dueDateAssignments } from '@/db/schema';
import { grantAccess } from '@/lib/auth/grants';
import type { Actor } from '@/lib/auth/roles';
import { listCalendarEvents } from '@/lib/calendar/events';
import { nextStepFor } from '@/lib/operations/next-step';
import { listOperationSummaries } from '@/lib/operations/queries';
import { filedUpdateWords } from '@/lib/operations/update-filed';
import { listPortfolioPage } from '@/lib/portfolio/queries';
import { addDays } from '@/lib/rules';
import { parsePortfolioFilters } from '@/lib/validation/portfolio';
import { approvedPlanFor, createOperation, createOwner, createReviewer, createUser, submitNoChangeUpdate } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const TODAY = '2026-11-30';

// IAC 567-65.110(3)"b": once the annual update for the current due date is filed, the owner, the
// preparer and the owner's calendar stop counting down to that date (or calling it overdue).
describe(`an annual update already filed on ${databaseLabel}`, () => {
  const t = useTestDb();
  let owner: Actor, preparer: Actor;
  const ids = { filed: '', late: '' };

  // Made here: two operations approved last spring, both with an update due 30 days ago (Saturday, October 31, moved to November 2; the due
  // date assigned in June); the owner filed a "no change" update for one of them two days ago.
  beforeAll(async () => {
    owner = await createOwner({ name: 'Karen Hansen' });
    preparer = await createUser('preparer', { name: 'Jamie Becker' });
    const reviewer = await createReviewer();
    const spring = addDays(TODAY, -240);
    for (const [key, name] of [['filed', 'Rock Valley Finisher'], ['late', 'Doon Sow Unit']] as const) {
      const { operationId } = await createOperation(owner, { name, countyFips: '19167', today: spring });
      ids[key] = operationId;
      await approvedPlanFor(owner, operationId, reviewer, { today: spring });
      await t.get().db.insert(dueDateAssignments).values({ operationId, dueOn: addDays(TODAY, -30), policy: 'initial', reason: 'Set by a test', createdAt: new Date(`${addDays(TODAY, -180)}T12:00:00Z`) });
      await grantAccess(owner, { operationId, email: preparer.email });
    }
    await submitNoChangeUpdate(owner, ids.filed, { today: addDays(TODAY, -2) });
  });

  it('the owner’s dashboard says the update was received and is under review, not "overdue by 28 days"', async () => {
    const ops = await listOperationSummaries(owner, TODAY);
    const filed = ops.find((o) => o.id === ids.filed)!;
    const late = ops.find((o) => o.id === ids.late)!;
    expect(filed.updateFiled).toMatchObject({ receivedOn: addDays(TODAY, -2), status: 'submitted' });
    expect(filed.daysUntilDue).toBeNull();
    expect(filedUpdateWords(filed.updateFiled!)).toBe('Filed: received on November 28, 2026, under review');
    expect(nextStepFor(filed).text).not.toMatch(/overdue|file it now/i);
    // The operation with nothing filed is still overdue.
    expect(late.updateFiled).toBeNull();
    expect(late.daysUntilDue).toBeLessThan(0);
    expect(nextStepFor(late).text).toBe('Your annual update is overdue: file it now.');
  });

  it('the preparer’s "Overdue" count and filter list only the operation not yet filed', async () => {
    const page = await listPortfolioPage(preparer, TODAY, parsePortfolioFilters({ due: 'overdue' }));
    expect(page.counts.overdue).toBe(1);
    expect(page.rows.map((r) => r.name)).toEqual(['Doon Sow Unit']);
    const all = await listPortfolioPage(preparer, TODAY, parsePortfolioFilters({}));
    const filed = all.rows.find((r) => r.id === ids.filed)!;
    expect(filed.dueDaysLeft).toBeNull();
    expect(filed.updateFiled?.receivedOn).toBe(addDays(TODAY, -2));
    expect(filed.noChangeReady).toBe(false);
  });

  it('the owner’s calendar feed no longer shows "Annual MMP update due" for the filed update', async () => {
    const summaries = (await listCalendarEvents(owner, TODAY, 'https://mmp.test')).map((e) => e.summary);
    expect(summaries).toContain('Annual MMP update due: Doon Sow Unit');
    expect(summaries).not.toContain('Annual MMP update due: Rock Valley Finisher');
  });
});
