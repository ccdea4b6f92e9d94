import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operations, planSubmissions, plans } from '@/db/schema';
import { today } from '@/lib/clock';
import { fileNoChangeUpdates, previewNoChange } from '@/lib/portfolio/no-change';
import { findPlanComplete } from '@/lib/reviews/completeness';
import { decidePlan } from '@/lib/reviews/decision';
import { createReviewer, ownerWithSubmittedPlan, planVersion } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';
import { batchSigningFor } from '../support/signing';

// A "no change" statement (IAC 567-65.110(3)"b"(3)) that cannot be filed is named with its reason
// and leaves nothing behind; a key already used for another filing is never reported as this one.
describe(`no-change filings that are refused on ${databaseLabel}`, () => {
  const t = useTestDb();
  const ctx = () => ({ today: today(), origin: 'http://portal.test' });

  async function approvedOperation() {
    const filed = await ownerWithSubmittedPlan({ today: today() });
    const reviewer = await createReviewer();
    await findPlanComplete(reviewer, { planId: filed.planId, version: await planVersion(filed.planId) }, today());
    await decidePlan(reviewer, { planId: filed.planId, version: await planVersion(filed.planId), decision: 'approved', reasons: '' }, ctx());
    return filed;
  }

  it('a contract producer with no active contractor is named, and no draft is left to block the next filing', async () => {
    const { db } = t.get();
    const { owner, operationId, operationName } = await approvedOperation();
    await db.update(operations).set({ contractProducer: true, activeContractorId: null }).where(eq(operations.id, operationId));
    const [preview] = await previewNoChange(owner, [operationId], today());
    expect(preview!.refusal).toMatch(/contract producer with no active contractor on record.*Iowa Code ch\. 202/);
    const result = await fileNoChangeUpdates(owner, [{ operationId, idempotencyKey: randomUUID() }], ctx(), await batchSigningFor(owner));
    expect(result.filed).toEqual([]);
    expect(result.refused).toEqual([{ operationId, name: operationName, reason: preview!.refusal }]);
    const drafts = await db.select({ id: plans.id }).from(plans).where(and(eq(plans.operationId, operationId), eq(plans.status, 'draft')));
    expect(drafts).toHaveLength(0);
  });

  it('a key already used for another operation’s filing is refused, not reported as filed', async () => {
    const a = await approvedOperation();
    const first = await fileNoChangeUpdates(a.owner, [{ operationId: a.operationId, idempotencyKey: 'shared-key-' + randomUUID() }], ctx(), await batchSigningFor(a.owner));
    expect(first.filed).toHaveLength(1);
    const [sub] = await t.get().db.select({ key: planSubmissions.idempotencyKey }).from(planSubmissions).where(eq(planSubmissions.id, first.filed[0]!.submissionId));
    // Another owner's operation, filed with the first filing's key: not a replay of it.
    const b = await approvedOperation();
    const again = await fileNoChangeUpdates(b.owner, [{ operationId: b.operationId, idempotencyKey: sub!.key }], ctx(), await batchSigningFor(b.owner));
    expect(again.filed).toEqual([]);
    expect(again.refused[0]!.reason).toMatch(/already used for another filing/);
  });
});
