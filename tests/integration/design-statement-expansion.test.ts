import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operations, plans } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { loadOperationFacts } from '@/lib/plans/operation-facts';
import { startPlan } from '@/lib/plans/start';
import { addDays } from '@/lib/rules';
import { createOperation, createOwner } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// IAC 567-65.110(2), with 65.110(1)"b"(2): an owner who builds a new structure at an existing site without a
// construction permit files the construction design statement with the plan, as a new site does.
const TODAY = '2026-11-30';

describe(`the design statement for an expansion (IAC 567-65.110(2)) on ${databaseLabel}`, () => {
  const t = useTestDb();
  let owner: Actor;
  beforeAll(async () => {
    owner = await createOwner({ name: 'Orange City Pork' });
  });

  it('an existing site with an expansion recorded to begin after today is asked the design statement question, from the expansion date', async () => {
    const { operationId } = await createOperation(owner, { name: 'Orange City Finisher (new barn)', countyFips: '19167', today: TODAY, constructedOn: '2015-05-01' });
    const expansionOn = addDays(TODAY, 75);
    await t.get().db.update(operations).set({ lastExpandedOn: expansionOn }).where(eq(operations.id, operationId));
    const facts = await loadOperationFacts(t.get().db, operationId, TODAY);
    expect(facts).toMatchObject({ designStatementApplies: true, proposedConstructionOn: expansionOn });
    const { planId } = await startPlan(owner, { operationId, kind: 'original' }, TODAY);
    const [plan] = await t.get().db.select({ draft: plans.draftState }).from(plans).where(eq(plans.id, planId));
    expect((plan!.draft as { attachments?: unknown }).attachments).toEqual({ constructionPlanned: 'yes', constructionBeginsOn: expansionOn });
  });

  it('an existing site with no construction to come is not asked', async () => {
    const { operationId } = await createOperation(owner, { name: 'Alton Finisher', countyFips: '19167', today: TODAY, constructedOn: '2015-05-01' });
    expect(await loadOperationFacts(t.get().db, operationId, TODAY)).toMatchObject({ designStatementApplies: false, proposedConstructionOn: null });
  });
});
