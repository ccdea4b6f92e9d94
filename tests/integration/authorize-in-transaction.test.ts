import { randomUUID } from 'node:crypto';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { feeLines, operations, plans } from '@/db/schema';
import * as policy from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { grantAccess, revokeAccess, listGrants } from '@/lib/auth/grants';
import { today } from '@/lib/clock';
import { recordPayment } from '@/lib/fees/payments';
import { startPlan } from '@/lib/plans/start';
import { withdrawPlan } from '@/lib/plans/withdraw';
import { addDays } from '@/lib/rules';
import { overrideDueDate } from '@/lib/schedule/apply';
import { approvedPlanFor, createOperation, createOwner, createReviewer, createUser } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// The access check of every write runs inside the transaction that makes the change: it reads the
// state the change is made on (under the same locks), not a state read a moment earlier.
vi.mock('@/lib/auth/policy', async (original) => {
  const real = await original<typeof import('@/lib/auth/policy')>();
  return { ...real, authorize: vi.fn(real.authorize) };
});

const T = today();
const ctx = { today: T, origin: 'https://mmp.test' };

describe(`writes authorize inside their transaction on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  const people = {} as Record<'vanzee' | 'preparer' | 'reviewer' | 'supervisor', Actor>;
  const operationId = async (name: string) => (await db().select().from(operations).where(eq(operations.name, name)))[0]!.id;
  /** The executor the check of `action` last ran on. */
  const checkedOn = (action: string) => {
    const calls = vi.mocked(policy.authorize).mock.calls.filter((c) => c[1] === action);
    return calls.at(-1)?.[3];
  };

  beforeAll(async () => {
    // Made here: Van Zee's Doon Sow Unit with a plan approved last year (its filing fee still due),
    // a preparer, a reviewer and a supervisor.
    people.vanzee = await createOwner({ name: 'Van Zee Pork Inc.' });
    people.preparer = await createUser('preparer');
    people.reviewer = await createReviewer();
    people.supervisor = await createReviewer('department_supervisor');
    const doon = await createOperation(people.vanzee, { name: 'Doon Sow Unit', countyFips: '19119', today: addDays(T, -300) });
    await approvedPlanFor(people.vanzee, doon.operationId, people.reviewer, { today: addDays(T, -300) });
  });

  it('starting a plan, granting and revoking access', async () => {
    const owner = people.vanzee;
    const doon = await operationId('Doon Sow Unit');
    await startPlan(owner, { operationId: doon, kind: 'annual_update' }, T);
    expect(checkedOn('plan.start')).toBeInstanceOf(PgTransaction);
    await grantAccess(owner, { operationId: doon, email: people.preparer.email });
    expect(checkedOn('operation.grant_access')).toBeInstanceOf(PgTransaction);
    const [grant] = await listGrants(owner, doon);
    await revokeAccess(owner, { operationId: doon, grantId: grant!.id });
    expect(checkedOn('operation.revoke_access')).toBeInstanceOf(PgTransaction);
  });

  it('withdrawing a plan', async () => {
    const owner = people.vanzee;
    const [draft] = await db().select().from(plans).where(and(eq(plans.operationId, await operationId('Doon Sow Unit')), eq(plans.status, 'draft')));
    await withdrawPlan(owner, { planId: draft!.id, version: draft!.version }).catch(() => undefined);
    expect(checkedOn('plan.withdraw')).toBeInstanceOf(PgTransaction);
  });

  it('recording a payment and moving a due date', async () => {
    const reviewer = people.reviewer;
    const [line] = await db().select().from(feeLines).where(inArray(feeLines.status, ['due'])).limit(1);
    await recordPayment(reviewer, { idempotencyKey: randomUUID(), feeLineId: line!.id, amount: 1, method: 'check', receivedOn: T, reference: '1001' } as never, ctx);
    expect(checkedOn('fee.record_payment')).toBeInstanceOf(PgTransaction);
    const supervisor = people.supervisor;
    await overrideDueDate(supervisor, { operationId: await operationId('Doon Sow Unit'), dueOn: addDays(T, 90), reason: 'Moved at the owner’s request' }, ctx);
    expect(checkedOn('due_date.override')).toBeInstanceOf(PgTransaction);
  });
});
