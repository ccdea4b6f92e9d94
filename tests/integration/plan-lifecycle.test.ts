import { randomUUID } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, plans } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { PLAN_TRANSITIONS, type PlanEvent } from '@/lib/plans/lifecycle';
import { withdrawPlan } from '@/lib/plans/withdraw';
import { findPlanComplete } from '@/lib/reviews/completeness';
import { decidePlan } from '@/lib/reviews/decision';
import { addDays } from '@/lib/rules';
import { submitSigned } from '../support/signing';
import { createReviewer, ownerWithSubmittedPlan, planVersion } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// One plan walked through its lifecycle with the real commands: after each event the plan is in
// the status the transition table (lib/plans/lifecycle.ts) names, and the audit log's newest plan
// event is the one the table names. An event the table does not allow from the status is refused.

const TODAY = '2026-11-30';
const ctx = { today: TODAY, origin: 'https://mmp.test' };

describe(`a plan's lifecycle follows its transition table on ${databaseLabel}`, () => {
  const t = useTestDb();
  const standing = async (planId: string) => {
    const [row] = await t.get().db.select({ status: plans.status }).from(plans).where(eq(plans.id, planId));
    const [event] = await t.get().db.select({ action: auditEvents.action }).from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'plan'), eq(auditEvents.entityId, planId), like(auditEvents.action, 'plan.%')))
      .orderBy(desc(auditEvents.id)).limit(1);
    return { status: row!.status, audit: event!.action };
  };
  const expectAfter = async (planId: string, event: PlanEvent) =>
    expect(await standing(planId)).toEqual({ status: PLAN_TRANSITIONS[event].to, audit: PLAN_TRANSITIONS[event].audit });
  const refusedCode = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (err) {
      if (err instanceof AppError) return err.code;
      throw err;
    }
    return 'done';
  };

  it('submit, find complete, disapprove, resubmit, find complete, approve: each lands where the table says', async () => {
    const reviewer = await createReviewer();
    const { owner, planId } = await ownerWithSubmittedPlan({ today: addDays(TODAY, -30) });
    await expectAfter(planId, 'submit');

    await findPlanComplete(reviewer, { planId, version: await planVersion(planId) }, addDays(TODAY, -28));
    await expectAfter(planId, 'find_complete');
    await decidePlan(reviewer, { planId, version: await planVersion(planId), decision: 'disapproved', reasons: 'The P-index for Field 2 is missing.' }, { ...ctx, today: addDays(TODAY, -20) });
    await expectAfter(planId, 'disapprove');

    await submitSigned(owner, { planId, version: await planVersion(planId), idempotencyKey: randomUUID() }, { ...ctx, today: addDays(TODAY, -10) });
    await expectAfter(planId, 'resubmit');
    await findPlanComplete(reviewer, { planId, version: await planVersion(planId) }, addDays(TODAY, -9));
    await expectAfter(planId, 'find_complete');
    await decidePlan(reviewer, { planId, version: await planVersion(planId), decision: 'approved', reasons: '' }, ctx);
    await expectAfter(planId, 'approve');

    // Approved is final: no event of the table leads out of it, and the commands agree.
    expect(await refusedCode(() => withdrawPlan(owner, { planId, version: 0 }))).toBe('CONFLICT');
    expect(await refusedCode(async () => withdrawPlan(owner, { planId, version: await planVersion(planId) }))).toBe('CONFLICT');
    expect(await refusedCode(async () => findPlanComplete(reviewer, { planId, version: await planVersion(planId) }, TODAY))).toBe('CONFLICT');
    expect(await standing(planId)).toEqual({ status: 'approved', audit: 'plan.approved' });
  });

  it('a plan not yet found complete cannot be decided, and a submitted plan can be withdrawn', async () => {
    const reviewer = await createReviewer();
    const { owner, planId } = await ownerWithSubmittedPlan({ today: addDays(TODAY, -3) });
    expect(await refusedCode(async () => decidePlan(reviewer, { planId, version: await planVersion(planId), decision: 'approved', reasons: '' }, ctx))).toBe('VALIDATION');
    await expectAfter(planId, 'submit');
    await withdrawPlan(owner, { planId, version: await planVersion(planId) });
    await expectAfter(planId, 'withdraw');
  });
});
