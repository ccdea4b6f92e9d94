import { describe, expect, it } from 'vitest';
import { getPlanPage } from '@/lib/plans/view';
import { addDays } from '@/lib/rules';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, submitNoChangeUpdate } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// IAC 567-65.110(3)"b"(1): a county that has never had the operation's plan is sent the complete plan.
const TODAY = '2026-11-30';

describe(`counties named for the first time on ${databaseLabel}`, () => {
  useTestDb();
  it('an original plan names every county for the first time; an update to the same counties names none', async () => {
    const owner = await createOwner({ name: 'Rock Rapids Pork' });
    const reviewer = await createReviewer();
    const { operationId } = await createOperation(owner, { name: 'Rock Rapids Finisher', countyFips: '19119', today: addDays(TODAY, -300) });
    const original = await approvedPlanFor(owner, operationId, reviewer, { today: addDays(TODAY, -290), draft: completeDraft(['19119', '19167']) });
    expect((await getPlanPage(owner, original, TODAY)).firstTimeCounties.sort()).toEqual(['Lyon', 'Sioux']);
    const update = await submitNoChangeUpdate(owner, operationId, { today: addDays(TODAY, -5), channel: 'hard_copy' });
    expect((await getPlanPage(owner, update, TODAY)).firstTimeCounties).toEqual([]);
  });
});
