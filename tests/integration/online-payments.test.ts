import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, feeLines, operations, paymentCheckouts, payments } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { paymentWebhookSecret } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { getFeeLine } from '@/lib/fees/ledger';
import { recordPayment } from '@/lib/fees/payments';
import { startCheckout } from '@/lib/payments/checkout';
import { listPayerFees } from '@/lib/payments/payer-fees';
import { signPayload } from '@/lib/payments/signature';
import { completeTestCheckout } from '@/lib/payments/test-checkout';
import { receivePaymentWebhook } from '@/lib/payments/webhook';
import { addDays } from '@/lib/rules';
import { approvedPlanFor, createOperation, createOwner, createReviewer, createUser, submitNoChangeUpdate, submitOriginalPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// Paying fees online through the test provider: a contractor pays the Hull compliance fee once,
// whatever is clicked twice or replayed; bad signatures and overpayments change nothing.
const T = today();
const ctx = { origin: 'https://mmp.test' };

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe(`online payments on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  const actors = {} as Record<'contractor' | 'owner' | 'staff', Actor>;
  let hull: string;
  const paymentsOn = async (feeLineId: string) => db().select().from(payments).where(eq(payments.feeLineId, feeLineId));

  beforeAll(async () => {
    // Made here: Hull Contract Finisher's update filed two months ago, its compliance fee billed to
    // the active contractor and unpaid; an owner with two filing fees of her own; department staff.
    actors.contractor = await createUser('active_contractor', { name: 'Heartland Pork Partners' });
    actors.owner = await createOwner({ name: 'Hansen Family Farms LLC' });
    actors.staff = await createReviewer();
    const vanzee = await createOwner({ name: 'Van Zee Pork Inc.' });
    const hullOp = await createOperation(vanzee, { name: 'Hull Contract Finisher', countyFips: '19167', head: 4960, activeContractorId: actors.contractor.partyId!, today: addDays(T, -450) });
    await approvedPlanFor(vanzee, hullOp.operationId, actors.staff, { today: addDays(T, -450) });
    await submitNoChangeUpdate(vanzee, hullOp.operationId, { today: addDays(T, -60) });
    for (const name of ['Rock Valley Finisher Site', 'Iowa Falls Finisher']) {
      const { operationId } = await createOperation(actors.owner, { name, today: addDays(T, -20) });
      await submitOriginalPlan(actors.owner, operationId, { today: addDays(T, -20) });
    }
    const [row] = await db()
      .select({ id: feeLines.id })
      .from(feeLines)
      .innerJoin(operations, eq(operations.id, feeLines.operationId))
      .where(and(eq(operations.name, 'Hull Contract Finisher'), eq(feeLines.code, 'annual_compliance'), eq(feeLines.status, 'due')));
    hull = row!.id;
  });

  it('the contractor sees the Hull fee, owed and overdue, among the fees billed to it', async () => {
    const fees = await listPayerFees(actors.contractor, T);
    const line = fees.find((f) => f.id === hull)!;
    expect(line).toMatchObject({ operationName: 'Hull Contract Finisher', balanceCents: 29760, status: 'due' });
    expect(line.overdueDays).toBeGreaterThan(0);
    // An owner's own view holds only lines billed to her, never the contractor's.
    expect((await listPayerFees(actors.owner, T)).some((f) => f.id === hull)).toBe(false);
  });

  it('an owner cannot pay a line billed to the contractor', async () => {
    expect((await refusal(() => startCheckout(actors.owner, { feeLineIds: [hull], idempotencyKey: randomUUID() }, ctx))).code).toBe('NOT_FOUND');
  });

  it('a double click opens one checkout; paying twice records one payment; a replayed event changes nothing', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([
      startCheckout(actors.contractor, { feeLineIds: [hull], idempotencyKey: key }, ctx),
      startCheckout(actors.contractor, { feeLineIds: [hull], idempotencyKey: key }, ctx),
    ]);
    expect(a.checkoutId).toBe(b.checkoutId);
    // A path of this portal: the payer stays on the address they are using (127.0.0.1 or the public name).
    expect(a.redirectUrl).toBe(`/pay/test/${a.checkoutId}`);
    expect(await db().select().from(paymentCheckouts).where(eq(paymentCheckouts.idempotencyKey, key))).toHaveLength(1);

    expect((await completeTestCheckout(actors.contractor, { checkoutId: a.checkoutId, outcome: 'pay' })).outcome).toBe('applied');
    expect((await completeTestCheckout(actors.contractor, { checkoutId: a.checkoutId, outcome: 'pay' })).outcome).toBe('replayed');
    const made = await paymentsOn(hull);
    expect(made).toHaveLength(1);
    const [checkout] = await db().select().from(paymentCheckouts).where(eq(paymentCheckouts.id, a.checkoutId));
    expect(made[0]).toMatchObject({ amountCents: 29760, method: 'card', reference: checkout!.providerReference, checkoutId: a.checkoutId });
    expect(checkout!.providerReference).toMatch(/^TEST-/);
    const ledger = await getFeeLine(actors.staff, hull);
    expect(ledger).toMatchObject({ status: 'paid', paidCents: 29760 });
    const receipts = await db().select().from(emailOutbox).where(like(emailOutbox.eventKey, `checkout:${a.checkoutId}:%`));
    expect(receipts.map((r) => r.toAddress)).toContain(actors.contractor.email);

    // The same event sent again by the processor, correctly signed: nothing more is recorded.
    const event = JSON.stringify({ id: `evt_${a.checkoutId}_pay`, type: 'checkout.completed', checkoutId: a.checkoutId, providerReference: checkout!.providerReference, amountCents: 29760 });
    expect(await receivePaymentWebhook(event, signPayload(paymentWebhookSecret(), event, Date.now()))).toEqual({ outcome: 'replayed' });
    // A new event id for a checkout already paid: still nothing.
    const again = event.replace('_pay', '_again');
    expect(await receivePaymentWebhook(again, signPayload(paymentWebhookSecret(), again, Date.now()))).toEqual({ outcome: 'already_settled' });
    expect(await paymentsOn(hull)).toHaveLength(1);
  });

  it('a fully paid line cannot be paid again', async () => {
    const err = await refusal(() => startCheckout(actors.contractor, { feeLineIds: [hull], idempotencyKey: randomUUID() }, ctx));
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toMatch(/already paid/);
  });

  it('a webhook with a bad, stale or missing signature changes nothing', async () => {
    const [line] = await db().select({ id: feeLines.id }).from(feeLines).where(and(eq(feeLines.payerPartyId, actors.owner.partyId!), eq(feeLines.status, 'due'))).limit(1);
    const opened = await startCheckout(actors.owner, { feeLineIds: [line!.id], idempotencyKey: randomUUID() }, ctx);
    const [checkout] = await db().select().from(paymentCheckouts).where(eq(paymentCheckouts.id, opened.checkoutId));
    const body = JSON.stringify({ id: 'evt_forged', type: 'checkout.completed', checkoutId: checkout!.id, providerReference: checkout!.providerReference, amountCents: checkout!.totalCents });
    const forged = signPayload('x'.repeat(64), body, Date.now());
    expect(await receivePaymentWebhook(body, forged)).toEqual({ rejected: 'The signature does not match.' });
    expect(await receivePaymentWebhook(body, null)).toEqual({ rejected: 'The event is not signed.' });
    const stale = signPayload(paymentWebhookSecret(), body, Date.now() - 3_600_000);
    expect(await receivePaymentWebhook(body, stale)).toEqual({ rejected: 'The signature is too old.' });
    const tampered = signPayload(paymentWebhookSecret(), body, Date.now());
    expect(await receivePaymentWebhook(body.replace(String(checkout!.totalCents), '1'), tampered)).toEqual({ rejected: 'The signature does not match.' });
    expect(await paymentsOn(line!.id)).toHaveLength(0);
    const [still] = await db().select().from(paymentCheckouts).where(eq(paymentCheckouts.id, checkout!.id));
    expect(still!.status).toBe('open');
  });

  it('money for a line paid meanwhile by check is refused whole and refunded, never recorded as an overpayment', async () => {
    const [line] = await db().select().from(feeLines).where(and(eq(feeLines.payerPartyId, actors.owner.partyId!), eq(feeLines.status, 'due'))).limit(1);
    const opened = await startCheckout(actors.owner, { feeLineIds: [line!.id], idempotencyKey: randomUUID() }, ctx);
    await recordPayment(actors.staff, { feeLineId: line!.id, amount: line!.amountCents, method: 'check', reference: 'CHK 501', receivedOn: T, idempotencyKey: randomUUID() }, { today: T, origin: ctx.origin });
    expect((await completeTestCheckout(actors.owner, { checkoutId: opened.checkoutId, outcome: 'pay' })).outcome).toBe('refused');
    const made = await paymentsOn(line!.id);
    expect(made.map((p) => p.method)).toEqual(['check']);
    const [checkout] = await db().select().from(paymentCheckouts).where(eq(paymentCheckouts.id, opened.checkoutId));
    expect(checkout).toMatchObject({ status: 'refunded' });
    expect(checkout!.refusalReason).toMatch(/paid in full meanwhile/);
  });

  it('a clerk’s double click records one check payment', async () => {
    const [line] = await db().select().from(feeLines).where(and(eq(feeLines.payerPartyId, actors.owner.partyId!), eq(feeLines.status, 'due'))).limit(1);
    const input = { feeLineId: line!.id, amount: 100, method: 'check' as const, reference: 'CHK 77', receivedOn: T, idempotencyKey: randomUUID() };
    const [a, b] = await Promise.all([recordPayment(actors.staff, input, { today: T, origin: ctx.origin }), recordPayment(actors.staff, input, { today: T, origin: ctx.origin })]);
    expect(a.paymentId).toBe(b.paymentId);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(await paymentsOn(line!.id)).toHaveLength(1);
  });
});
