import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '@/db/schema';
import { runAction } from '@/lib/actions/run-action';
import { DENIED_ACTION } from '@/lib/auth/denials';
import { today } from '@/lib/clock';
import { route } from '@/lib/http/route-errors';
import { getFilingReceipt } from '@/lib/plans/filing-receipt';
import { withdrawPlan } from '@/lib/plans/withdraw';
import { decidePlan } from '@/lib/reviews/decision';
import { createOwner, ownerWithSubmittedPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// A refused request is in the audit log: who asked, for what, on which record, and the answer they
// got, although the request's own transaction rolled back and changed nothing.

describe(`refusals are audited on ${databaseLabel}`, () => {
  const t = useTestDb();
  const denials = (actorUserId: string) =>
    t.get().db.select().from(auditEvents).where(and(eq(auditEvents.action, DENIED_ACTION), eq(auditEvents.actorUserId, actorUserId))).orderBy(desc(auditEvents.id));

  it('a server action on another owner’s plan is answered “not found” and leaves an auth.denied event naming the plan', async () => {
    const { planId } = await ownerWithSubmittedPlan({ today: today() });
    const stranger = await createOwner();
    const result = await runAction(async () => {
      await withdrawPlan(stranger, { planId, version: 2 });
      return { ok: true as const, data: undefined };
    });
    expect(result).toMatchObject({ ok: false, code: 'NOT_FOUND', message: 'We can’t find that record.' });
    const [event] = await denials(stranger.id);
    expect(event).toMatchObject({ entityType: 'plan', entityId: planId, after: { capability: 'plan.withdraw', answer: 'not_found' } });
  });

  it('an owner deciding her own plan is answered “not allowed” and the refusal is recorded with the capability', async () => {
    const { owner, planId } = await ownerWithSubmittedPlan({ today: today() });
    const result = await runAction(async () => {
      await decidePlan(owner, { planId, version: 2, decision: 'approved', reasons: '' }, { today: today(), origin: 'https://mmp.test' });
      return { ok: true as const, data: undefined };
    });
    expect(result).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const [event] = await denials(owner.id);
    expect(event).toMatchObject({ entityType: 'plan', entityId: planId, after: { capability: 'plan.decide', answer: 'forbidden' } });
  });

  it('a download refused by a route handler answers 404 and is recorded as a read of the plan', async () => {
    const { planId } = await ownerWithSubmittedPlan({ today: today() });
    const stranger = await createOwner();
    const handler = route('test', async (request: Request) => {
      await getFilingReceipt(stranger, new URL(request.url).pathname.split('/')[3]!);
      return new Response('receipt');
    });
    const res = await handler(new Request(`https://mmp.test/api/plans/${planId}/receipt.pdf`));
    expect(res.status).toBe(404);
    const [event] = await denials(stranger.id);
    expect(event).toMatchObject({ entityType: 'plan', entityId: planId, after: { capability: 'plan.read', answer: 'not_found' } });
  });

  it('an ordinary refusal of bad input is not a denial and leaves no event', async () => {
    const owner = await createOwner();
    const result = await runAction(async () => {
      throw new (await import('@/lib/errors')).AppError('VALIDATION', 'Enter a name');
    });
    expect(result).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await denials(owner.id)).toEqual([]);
  });
});
