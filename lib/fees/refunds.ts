import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { feeLines, paymentCheckouts, payments } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { invalidateFigures } from '@/lib/cache/figures-cache';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError, notFoundError } from '@/lib/errors';
import { formatMoney } from '@/lib/format';
import { getPaymentProvider } from '@/lib/payments/provider';
import type { RefundInput } from '@/lib/validation/fees';

// Giving a payment back: a duplicate, or a check that crossed an online payment. The refund is a
// negative payment row naming the payment and the reason, so every sum of the line's payments is
// what the department still holds, and the ledger lists the refund under the payment. A payment that
// came through the online processor is refunded through it; any other is refunded by the
// department's own check, whose number is recorded. The fee is owed again for what was given back.

type RefundRecorded = { refundId: string; balanceCents: number; status: 'due' | 'paid'; providerReference: string | null; replayed: boolean };

function amountError(message: string) {
  return new AppError('VALIDATION', message, { amount: [message] });
}

/** What is left to refund on a payment: its amount less the refunds already recorded against it. */
async function refundable(db: Executor, paymentId: string): Promise<number> {
  const [row] = await queryRows<{ left: number }>(db, sql`select (p.amount_cents + coalesce((select sum(r.amount_cents) from payments r where r.refund_of_payment_id = p.id), 0))::int as "left" from payments p where p.id = ${paymentId}`);
  return Number(row?.left ?? 0);
}

/** What the department holds on a fee line: its payments less their refunds. */
async function paidOn(db: Executor, feeLineId: string): Promise<number> {
  const [row] = await queryRows<{ cents: number }>(db, sql`select coalesce(sum(amount_cents), 0)::int as cents from payments where fee_line_id = ${feeLineId}`);
  return Number(row?.cents ?? 0);
}

export async function refundPayment(actor: Actor, input: RefundInput, ctx: { today: string }): Promise<RefundRecorded> {
  const db = await getDb();
  const [ref] = await db
    .select({ operationId: feeLines.operationId, feeLineId: payments.feeLineId, checkoutId: payments.checkoutId, providerReference: payments.reference, amountCents: payments.amountCents })
    .from(payments)
    .innerJoin(feeLines, eq(feeLines.id, payments.feeLineId))
    .where(eq(payments.id, input.paymentId));
  if (!ref || ref.amountCents < 0) throw notFoundError();
  await authorize(actor, 'fee.refund_payment', { operationId: ref.operationId });
  if (input.refundedOn > ctx.today) throw new AppError('VALIDATION', 'A refund cannot be made in the future.', { refundedOn: ['The date cannot be after today'] });
  const online = ref.checkoutId !== null;
  if (!online && !input.reference) throw new AppError('VALIDATION', 'Give the number of the department’s refund check.', { reference: ['Give the number of the department’s refund check'] });

  // The same form sent twice: the first refund stands, and the processor is not asked again.
  const [earlier] = await db.select().from(payments).where(eq(payments.idempotencyKey, input.idempotencyKey));
  if (earlier) {
    if (earlier.refundOfPaymentId !== input.paymentId) throw new AppError('CONFLICT', 'This form was already used for another payment. Reload the page.');
    const [line] = await db.select({ amountCents: feeLines.amountCents, status: feeLines.status }).from(feeLines).where(eq(feeLines.id, ref.feeLineId));
    return { refundId: earlier.id, balanceCents: (line?.amountCents ?? 0) - (await paidOn(db, ref.feeLineId)), status: line?.status === 'paid' ? 'paid' : 'due', providerReference: earlier.reference, replayed: true };
  }
  const left = await refundable(db, input.paymentId);
  if (input.amount <= 0) throw amountError('The amount must be more than $0.00');
  if (input.amount > Number(left)) throw amountError(Number(left) > 0 ? `The amount is more than the ${formatMoney(Number(left))} of this payment not yet refunded.` : 'This payment has been refunded in full.');

  // Online: the processor gives the money back first; only then is the refund recorded.
  let providerReference: string | null = null;
  if (online) {
    const provider = getPaymentProvider();
    if (!provider || !ref.providerReference) throw new AppError('CONFLICT', 'Online payment is off, so the processor cannot refund this payment. Refund it by check once online payment is back.');
    try {
      providerReference = (await provider.refund({ providerReference: ref.providerReference, cents: input.amount })).refundReference;
    } catch {
      throw new AppError('CONFLICT', 'The payment processor did not refund the payment; nothing was recorded. Try again later.');
    }
  }

  const result = await db.transaction(async (tx): Promise<RefundRecorded> => {
    await authorize(actor, 'fee.refund_payment', { operationId: ref.operationId }, tx);
    const [line] = await tx.select().from(feeLines).where(eq(feeLines.id, ref.feeLineId)).for('update');
    if (!line) throw notFoundError();
    // Read again under the line's lock: two refunds at once cannot give back more than was paid.
    const stillLeft = await refundable(tx, input.paymentId);
    if (input.amount > Number(stillLeft)) throw amountError(`The amount is more than the ${formatMoney(Number(stillLeft))} of this payment not yet refunded.`);
    const [refund] = await tx
      .insert(payments)
      .values({
        feeLineId: line.id, amountCents: -input.amount, method: online ? 'card' : 'check', reference: providerReference ?? input.reference,
        receivedOn: input.refundedOn, recordedByUserId: actor.id, idempotencyKey: input.idempotencyKey, refundOfPaymentId: input.paymentId, reason: input.reason,
      })
      .returning({ id: payments.id });
    const paidCents = await paidOn(tx, line.id);
    const balance = line.amountCents - paidCents;
    // A paid fee is owed again for what was given back; a waived or void one stays as it is.
    const status = line.status === 'paid' && balance > 0 ? 'due' : line.status === 'due' && balance <= 0 ? 'paid' : line.status;
    if (status !== line.status) await tx.update(feeLines).set({ status }).where(eq(feeLines.id, line.id));
    if (online && ref.checkoutId) {
      const [net] = await queryRows<{ cents: number }>(tx, sql`select coalesce(sum(p.amount_cents + coalesce((select sum(r.amount_cents) from payments r where r.refund_of_payment_id = p.id), 0)), 0)::int as cents from payments p where p.checkout_id = ${ref.checkoutId} and p.refund_of_payment_id is null`);
      if (Number(net?.cents ?? 0) <= 0) await tx.update(paymentCheckouts).set({ status: 'refunded' }).where(eq(paymentCheckouts.id, ref.checkoutId));
    }
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'fee.payment_refunded',
      entityType: 'fee_line',
      entityId: line.id,
      before: { status: line.status, paidCents: paidCents + input.amount },
      after: { status, paidCents: paidCents, refundCents: input.amount, paymentId: input.paymentId, reason: input.reason, how: online ? 'processor' : 'check', reference: providerReference ?? input.reference },
    });
    return { refundId: refund!.id, balanceCents: balance, status: status === 'paid' ? 'paid' : 'due', providerReference, replayed: false };
  });
  invalidateFigures('fees:');
  invalidateFigures('compliance:');
  return result;
}
