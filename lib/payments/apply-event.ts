import 'server-only';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { feeLines, operations, parties, paymentCheckouts, paymentWebhookEvents, payments, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { getLogger } from '@/lib/log';
import { formatMoney } from '@/lib/format';
import { enqueueEmail, type EmailRecipient } from '@/lib/notifications/outbox';
import { paidOnLine } from './paid-sql';
import type { PaymentEvent, PaymentProvider } from './types';

// A processor's event, after its signature was checked, applied to the ledger in one transaction.
// Each event id is applied once (a replay changes nothing); a checkout is paid once; a payment that
// would pay a line beyond its balance (paid meanwhile by check, or by a second checkout) is refused
// whole and refunded, never recorded in part.

export type EventOutcome = 'applied' | 'replayed' | 'unknown_checkout' | 'mismatch' | 'already_settled' | 'cancelled' | 'refused';

export function receiptNumberFor(checkoutId: string, paidOn: string): string {
  return `MMP-${paidOn.slice(0, 4)}-${checkoutId.slice(0, 8).toUpperCase()}`;
}

export async function applyPaymentEvent(provider: PaymentProvider, event: PaymentEvent, ctx: { today: string; origin: string }): Promise<{ outcome: EventOutcome; refund?: { checkoutId: string; cents: number; providerReference: string } }> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentWebhookEvents)
      .values({ provider: provider.name, eventId: event.id, type: event.type, checkoutId: event.checkoutId, outcome: 'received' })
      .onConflictDoNothing()
      .returning({ eventId: paymentWebhookEvents.eventId });
    if (!fresh) return { outcome: 'replayed' as const };
    const done = async (outcome: EventOutcome, extra?: { refund: { checkoutId: string; cents: number; providerReference: string } }) => {
      await tx.update(paymentWebhookEvents).set({ outcome }).where(and(eq(paymentWebhookEvents.provider, provider.name), eq(paymentWebhookEvents.eventId, event.id)));
      return { outcome, ...extra };
    };
    const [checkout] = await tx.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, event.checkoutId)).for('update');
    if (!checkout) return done('unknown_checkout');
    if (checkout.provider !== provider.name || checkout.providerReference !== event.providerReference) return done('mismatch');
    if (checkout.status !== 'open') return done('already_settled');
    if (event.type === 'checkout.cancelled') {
      await tx.update(paymentCheckouts).set({ status: 'cancelled', completedAt: new Date() }).where(eq(paymentCheckouts.id, checkout.id));
      return done('cancelled');
    }
    const refusal = await refusalReason(tx, checkout, event);
    if (refusal) {
      await tx.update(paymentCheckouts).set({ status: 'refused', refusalReason: refusal, completedAt: new Date() }).where(eq(paymentCheckouts.id, checkout.id));
      await recordAudit(tx, { actorUserId: null, action: 'payment.refused', entityType: 'payment_checkout', entityId: checkout.id, after: { reason: refusal, amountCents: event.amountCents, providerReference: event.providerReference } });
      return done('refused', { refund: { checkoutId: checkout.id, cents: event.amountCents, providerReference: event.providerReference } });
    }
    await recordCheckoutPayments(tx, checkout, event, ctx);
    return done('applied');
  });
  if (result.refund) await refundRefused(provider, result.refund);
  return result;
}

/** Why the money of this event cannot be applied, or null. Locks the lines it would pay. */
async function refusalReason(tx: Executor, checkout: typeof paymentCheckouts.$inferSelect, event: PaymentEvent): Promise<string | null> {
  if (event.amountCents !== checkout.totalCents) return `The processor took ${formatMoney(event.amountCents)}, not the ${formatMoney(checkout.totalCents)} of this checkout.`;
  for (const l of checkout.lines) {
    const [line] = await tx.select({ status: feeLines.status, amountCents: feeLines.amountCents, paidCents: paidOnLine }).from(feeLines).where(eq(feeLines.id, l.feeLineId)).for('update');
    if (!line) return 'A fee of this checkout no longer exists.';
    const balance = line.status === 'due' ? line.amountCents - line.paidCents : 0;
    if (balance <= 0) return 'A fee of this checkout was paid in full meanwhile: nothing was owed on it.';
    if (l.cents > balance) return `A fee of this checkout has only ${formatMoney(balance)} left to pay: ${formatMoney(l.cents)} would overpay it.`;
  }
  return null;
}

async function recordCheckoutPayments(tx: Executor, checkout: typeof paymentCheckouts.$inferSelect, event: PaymentEvent, ctx: { today: string; origin: string }) {
  const receiptNumber = receiptNumberFor(checkout.id, ctx.today);
  const byOperation = new Map<string, { code: (typeof feeLines.$inferSelect)['code']; cents: number; note: string | null }[]>();
  for (const l of checkout.lines) {
    const [line] = await tx.select({ id: feeLines.id, operationId: feeLines.operationId, code: feeLines.code, amountCents: feeLines.amountCents, status: feeLines.status, paidCents: paidOnLine }).from(feeLines).where(eq(feeLines.id, l.feeLineId));
    const balance = line!.amountCents - line!.paidCents;
    await tx.insert(payments).values({
      feeLineId: l.feeLineId, amountCents: l.cents, method: 'card', reference: event.providerReference, receivedOn: ctx.today,
      recordedByUserId: null, idempotencyKey: `checkout:${checkout.id}:${l.feeLineId}`, checkoutId: checkout.id,
    });
    const after = balance - l.cents;
    if (after === 0) await tx.update(feeLines).set({ status: 'paid' }).where(eq(feeLines.id, l.feeLineId));
    await recordAudit(tx, {
      actorUserId: checkout.createdByUserId, action: 'fee.payment_recorded', entityType: 'fee_line', entityId: l.feeLineId,
      before: { status: line!.status, paidCents: line!.paidCents, balanceCents: balance },
      after: { status: after === 0 ? 'paid' : 'due', paidCents: line!.paidCents + l.cents, balanceCents: after, paymentCents: l.cents, method: 'card', receiptNumber, checkoutId: checkout.id, providerReference: event.providerReference },
    });
    const list = byOperation.get(line!.operationId) ?? [];
    list.push({ code: line!.code, cents: l.cents, note: after > 0 ? `${formatMoney(after)} still owed on this fee` : null });
    byOperation.set(line!.operationId, list);
  }
  await tx.update(paymentCheckouts).set({ status: 'paid', completedAt: new Date() }).where(eq(paymentCheckouts.id, checkout.id));
  const [payer] = await tx.select({ name: parties.name, email: parties.email }).from(parties).where(eq(parties.id, checkout.payerPartyId));
  const accounts = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.partyId, checkout.payerPartyId), isNull(users.disabledAt), or(eq(users.role, 'owner'), eq(users.role, 'active_contractor'))));
  const recipients: EmailRecipient[] = [...(payer?.email ? [{ address: payer.email }] : []), ...accounts.map((a) => ({ address: a.email, userId: a.id }))];
  for (const [operationId, lines] of byOperation) {
    const [op] = await tx.select({ name: operations.name, facilityId: operations.facilityId }).from(operations).where(eq(operations.id, operationId));
    const [owed] = await tx
      .select({ cents: sql<number>`coalesce(sum(${feeLines.amountCents} - ${paidOnLine}), 0)::int` })
      .from(feeLines)
      .where(and(eq(feeLines.operationId, operationId), eq(feeLines.payerPartyId, checkout.payerPartyId), eq(feeLines.status, 'due')));
    await enqueueEmail(tx, {
      eventKey: `checkout:${checkout.id}:${operationId}:receipt`,
      recipients,
      template: 'fee-receipt',
      props: {
        payerName: payer?.name ?? 'Payer', operationName: op?.name ?? 'your operation', facilityId: op?.facilityId ?? 'not yet assigned', receiptNumber,
        paidOn: ctx.today, lines, amountPaidCents: lines.reduce((s, l) => s + l.cents, 0), method: 'card', reference: event.providerReference,
        balanceRemainingCents: Number(owed?.cents ?? 0), accountUrl: `${ctx.origin}${accounts.some((a) => a.role === 'active_contractor') ? '/contractor' : '/fees'}`,
      },
    });
  }
}

/** Money taken for a refused checkout goes back to the payer; the outcome is kept on the checkout. */
async function refundRefused(provider: PaymentProvider, r: { checkoutId: string; cents: number; providerReference: string }) {
  try {
    const { refundReference } = await provider.refund({ providerReference: r.providerReference, cents: r.cents });
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.update(paymentCheckouts).set({ status: 'refunded' }).where(eq(paymentCheckouts.id, r.checkoutId));
      await recordAudit(tx, { actorUserId: null, action: 'payment.refunded', entityType: 'payment_checkout', entityId: r.checkoutId, after: { cents: r.cents, refundReference } });
    });
  } catch (err) {
    // The checkout stays 'refused': the department's ledger lists it for a refund by hand.
    getLogger('payments').error({ err, checkoutId: r.checkoutId }, 'refund of a refused payment failed');
  }
}
