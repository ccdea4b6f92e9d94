import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, feeLines, paymentCheckouts, payments } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { getFeeLine } from '@/lib/fees/ledger';
import { recordPayment } from '@/lib/fees/payments';
import { refundPayment } from '@/lib/fees/refunds';
import { startCheckout } from '@/lib/payments/checkout';
import { completeTestCheckout } from '@/lib/payments/test-checkout';
import { addDays } from '@/lib/rules';
import { createOperation, createOwner, createReviewer, createUser, submitOriginalPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// Staff give a payment back (a duplicate, a check that crossed an online payment): the ledger shows
// the refund under the payment, the fee is owed again for what was given back, online payments go
// back through the processor, and no one gives back more than was paid.
const T = today();

describe(`refunding a payment on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  let owner: Actor;
  let staff: Actor;
  let lines: string[];
  const refund = (who: Actor, over: Partial<Parameters<typeof refundPayment>[1]> & { paymentId: string }) =>
    refundPayment(who, { amount: 100, reason: 'Paid twice', reference: '', refundedOn: T, idempotencyKey: randomUUID(), ...over }, { today: T });

  beforeAll(async () => {
    owner = await createOwner({ name: 'Refund Farms LLC' });
    staff = await createReviewer();
    const { operationId } = await createOperation(owner, { name: 'Refund Finisher', today: addDays(T, -20) });
    await submitOriginalPlan(owner, operationId, { today: addDays(T, -20) });
    lines = (await db().select({ id: feeLines.id }).from(feeLines).where(and(eq(feeLines.operationId, operationId), eq(feeLines.status, 'due')))).map((l) => l.id);
    expect(lines.length).toBeGreaterThan(0);
  });

  it('a check refunded in part: the ledger lists the refund with its reason, and the fee is owed again for it', async () => {
    const line = lines[0]!;
    const before = await getFeeLine(staff, line);
    await recordPayment(staff, { feeLineId: line, amount: before.amountCents, method: 'check', reference: '4410', receivedOn: T, idempotencyKey: randomUUID() }, { today: T, origin: 'https://mmp.test' });
    const [paid] = await db().select().from(payments).where(eq(payments.feeLineId, line));
    expect((await getFeeLine(staff, line)).status).toBe('paid');

    await expect(refund(staff, { paymentId: paid!.id, amount: 2500 })).rejects.toMatchObject({ code: 'VALIDATION', fieldErrors: { reference: [expect.stringContaining('refund check')] } });
    await expect(refund(staff, { paymentId: paid!.id, amount: before.amountCents + 1, reference: 'R-1' })).rejects.toMatchObject({ code: 'VALIDATION', fieldErrors: { amount: [expect.stringContaining('not yet refunded')] } });
    await expect(refund(staff, { paymentId: paid!.id, refundedOn: addDays(T, 1), reference: 'R-1' })).rejects.toMatchObject({ code: 'VALIDATION' });

    const key = randomUUID();
    const done = await refund(staff, { paymentId: paid!.id, amount: 2500, reference: 'R-1', idempotencyKey: key });
    expect(done).toMatchObject({ status: 'due', balanceCents: 2500, replayed: false });
    // The same form sent again records nothing more.
    expect(await refund(staff, { paymentId: paid!.id, amount: 2500, reference: 'R-1', idempotencyKey: key })).toMatchObject({ replayed: true, balanceCents: 2500 });

    const after = await getFeeLine(staff, line);
    expect(after).toMatchObject({ status: 'due', paidCents: before.amountCents - 2500 });
    expect(after.payments.find((p) => p.refundOfPaymentId === paid!.id)).toMatchObject({ amountCents: -2500, reason: 'Paid twice', reference: 'R-1' });
    const audit = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'fee.payment_refunded'), eq(auditEvents.entityId, line)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(staff.id);

    // What is left of the payment can be refunded, no more.
    await expect(refund(staff, { paymentId: paid!.id, amount: before.amountCents - 2500 + 1, reference: 'R-2' })).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('an online payment goes back through the processor, and its checkout is marked refunded', async () => {
    const line = lines[1] ?? lines[0]!;
    const fee = await getFeeLine(staff, line);
    const opened = await startCheckout(owner, { feeLineIds: [line], idempotencyKey: randomUUID() }, { origin: 'https://mmp.test' });
    expect((await completeTestCheckout(owner, { checkoutId: opened.checkoutId, outcome: 'pay' })).outcome).toBe('applied');
    const [paid] = await db().select().from(payments).where(and(eq(payments.feeLineId, line), eq(payments.checkoutId, opened.checkoutId)));
    const owed = fee.amountCents - fee.paidCents;
    const done = await refund(staff, { paymentId: paid!.id, amount: owed });
    expect(done.providerReference).toMatch(/-R[0-9A-F]{6}$/);
    const [checkout] = await db().select().from(paymentCheckouts).where(eq(paymentCheckouts.id, opened.checkoutId));
    expect(checkout!.status).toBe('refunded');
    expect((await getFeeLine(staff, line)).status).toBe('due');
  });

  it('only department staff refund, and only within their reach', async () => {
    const [paid] = await db().select().from(payments).where(eq(payments.feeLineId, lines[0]!));
    await expect(refund(owner, { paymentId: paid!.id, reference: 'X' })).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|NOT_FOUND/) });
    const county = await createUser('county_official', { countyFips: '19153' });
    await expect(refund(county, { paymentId: paid!.id, reference: 'X' })).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|NOT_FOUND/) });
    await expect(refund(staff, { paymentId: randomUUID(), reference: 'X' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
