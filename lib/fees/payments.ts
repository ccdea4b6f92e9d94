import 'server-only';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { feeLines, operations, parties, payments, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { invalidateFigures } from '@/lib/cache/figures-cache';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError, notFoundError } from '@/lib/errors';
import { formatMoney } from '@/lib/format';
import { enqueueEmail, type EmailRecipient } from '@/lib/notifications/outbox';
import type { PaymentInput } from '@/lib/validation/fees';

// Records a payment against one fee line, in one transaction with its audit event and the receipt
// to the payer. A payment can never be zero, negative or more than what is still owed; the line is
// marked paid when its balance reaches zero.

const paid = sql<number>`coalesce((select sum(p.amount_cents) from payments p where p.fee_line_id = fee_lines.id), 0)::int`;

function amountError(message: string) {
  return new AppError('VALIDATION', message, { amount: [message] });
}

type PaymentRecorded = { paymentId: string; receiptNumber: string; balanceCents: number; status: 'due' | 'paid'; replayed: boolean };

export async function recordPayment(
  actor: Actor,
  input: PaymentInput,
  ctx: { today: string; origin: string },
): Promise<PaymentRecorded> {
  const db = await getDb();
  const [ref] = await db.select({ operationId: feeLines.operationId }).from(feeLines).where(eq(feeLines.id, input.feeLineId));
  if (!ref) throw notFoundError();
  if (input.amount <= 0) throw amountError('The amount must be more than $0.00');
  if (input.receivedOn > ctx.today) {
    throw new AppError('VALIDATION', 'A payment cannot be received in the future.', { receivedOn: ['The date cannot be after today'] });
  }
  const result = await db.transaction(async (tx): Promise<PaymentRecorded> => {
    await authorize(actor, 'fee.record_payment', { operationId: ref.operationId }, tx);
    // The row lock makes two clerks recording at once see each other's payment.
    const [line] = await tx.select().from(feeLines).where(eq(feeLines.id, input.feeLineId)).for('update');
    if (!line) throw notFoundError();
    // The same form sent twice (a double click, a retry after a lost answer): the first payment stands.
    const [earlier] = await tx.select().from(payments).where(eq(payments.idempotencyKey, input.idempotencyKey));
    if (earlier) {
      if (earlier.feeLineId !== line.id) throw new AppError('CONFLICT', 'This form was already used for another fee. Reload the page.');
      const [{ paidCents: total } = { paidCents: 0 }] = await tx.select({ paidCents: paid }).from(feeLines).where(eq(feeLines.id, line.id));
      const balanceCents = line.amountCents - Number(total);
      return { paymentId: earlier.id, receiptNumber: `MMP-${earlier.receivedOn.slice(0, 4)}-${earlier.id.slice(0, 8).toUpperCase()}`, balanceCents, status: line.status === 'paid' ? 'paid' : 'due', replayed: true };
    }
    if (line.status !== 'due') throw new AppError('CONFLICT', `This fee is ${line.status === 'paid' ? 'already paid' : line.status}; nothing is owed on it.`);
    const [{ paidCents } = { paidCents: 0 }] = await tx.select({ paidCents: paid }).from(feeLines).where(eq(feeLines.id, line.id));
    const balance = line.amountCents - Number(paidCents);
    if (input.amount > balance) throw amountError(`The amount is more than the ${formatMoney(balance)} still owed on this fee.`);
    const [payment] = await tx
      .insert(payments)
      .values({ feeLineId: line.id, amountCents: input.amount, method: input.method, reference: input.reference || null, receivedOn: input.receivedOn, recordedByUserId: actor.id, idempotencyKey: input.idempotencyKey })
      .returning({ id: payments.id });
    const newBalance = balance - input.amount;
    const status = newBalance === 0 ? 'paid' : 'due';
    if (status === 'paid') await tx.update(feeLines).set({ status: 'paid' }).where(eq(feeLines.id, line.id));
    const receiptNumber = `MMP-${input.receivedOn.slice(0, 4)}-${payment!.id.slice(0, 8).toUpperCase()}`;
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'fee.payment_recorded',
      entityType: 'fee_line',
      entityId: line.id,
      before: { status: line.status, paidCents: Number(paidCents), balanceCents: balance },
      after: { status, paidCents: Number(paidCents) + input.amount, balanceCents: newBalance, paymentCents: input.amount, method: input.method, receiptNumber },
    });
    // What this payer still owes on the operation, for the receipt.
    const [owed] = await tx
      .select({ cents: sql<number>`coalesce(sum(${feeLines.amountCents} - ${paid}), 0)::int` })
      .from(feeLines)
      .where(and(eq(feeLines.operationId, line.operationId), eq(feeLines.payerPartyId, line.payerPartyId), eq(feeLines.status, 'due')));
    const [op] = await tx.select({ name: operations.name, facilityId: operations.facilityId }).from(operations).where(eq(operations.id, line.operationId));
    const [payer] = await tx.select({ name: parties.name, email: parties.email }).from(parties).where(eq(parties.id, line.payerPartyId));
    const accounts = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.partyId, line.payerPartyId), isNull(users.disabledAt), or(eq(users.role, 'owner'), eq(users.role, 'active_contractor'))));
    const recipients: EmailRecipient[] = [...(payer?.email ? [{ address: payer.email }] : []), ...accounts.map((a) => ({ address: a.email, userId: a.id }))];
    await enqueueEmail(tx, {
      eventKey: `payment:${payment!.id}:receipt`,
      recipients,
      template: 'fee-receipt',
      props: {
        payerName: payer?.name ?? 'Payer',
        operationName: op?.name ?? 'your operation',
        facilityId: op?.facilityId ?? 'not yet assigned',
        receiptNumber,
        paidOn: input.receivedOn,
        lines: [{ code: line.code, cents: input.amount, note: newBalance > 0 ? `${formatMoney(newBalance)} still owed on this fee` : null }],
        amountPaidCents: input.amount,
        method: input.method,
        reference: input.reference || null,
        balanceRemainingCents: Number(owed?.cents ?? 0),
        accountUrl: `${ctx.origin}${line.payerKind === 'active_contractor' ? '/contractor' : '/dashboard'}`,
      },
    });
    return { paymentId: payment!.id, receiptNumber, balanceCents: newBalance, status, replayed: false };
  });
  // The ledger's and the compliance page's totals include this line's balance.
  invalidateFigures('fees:');
  invalidateFigures('compliance:');
  return result;
}
