import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { feeLines, operations, paymentCheckouts } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError, notFoundError, pgErrorCode } from '@/lib/errors';
import { FEE_LABELS } from '@/lib/notifications/labels';
import { paidOnLine } from './paid-sql';
import { getPaymentProvider } from './provider';
import { isUuid } from '@/lib/ids';

// Opening an online checkout: the payer chooses fee lines billed to them; each is paid in full
// (its balance). Nothing is recorded as paid here: only the processor's signed event does that.

export type CheckoutStart = { checkoutId: string; redirectUrl: string; replayed: boolean };

export async function startCheckout(actor: Actor, input: { feeLineIds: string[]; idempotencyKey: string }, ctx: { origin: string }): Promise<CheckoutStart> {
  const provider = getPaymentProvider();
  if (!provider) throw new AppError('CONFLICT', 'Online payment is not available. Pay by check: the instructions are beside each fee.');
  const db = await getDb();
  const [earlier] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.idempotencyKey, input.idempotencyKey));
  if (earlier) return replay(actor, earlier);
  if (!actor.partyId) throw notFoundError();
  const ids = [...new Set(input.feeLineIds)];
  try {
    const created = await db.transaction(async (tx) => {
      const lines = await tx
        .select({ id: feeLines.id, operationId: feeLines.operationId, operationName: operations.name, code: feeLines.code, amountCents: feeLines.amountCents, status: feeLines.status, payerPartyId: feeLines.payerPartyId, paidCents: paidOnLine })
        .from(feeLines)
        .innerJoin(operations, eq(operations.id, feeLines.operationId))
        .where(inArray(feeLines.id, ids))
        .for('update', { of: feeLines });
      if (lines.length !== ids.length) throw notFoundError();
      for (const opId of new Set(lines.map((l) => l.operationId))) await authorize(actor, 'fee.pay', { operationId: opId }, tx);
      // Billed to someone else (the owner's line when the contractor pays, or the other way round).
      if (lines.some((l) => l.payerPartyId !== actor.partyId)) throw new AppError('FORBIDDEN', 'One of these fees is billed to someone else: only its payer pays it.');
      const owed = lines.map((l) => ({ ...l, balance: l.status === 'due' ? l.amountCents - l.paidCents : 0 }));
      const settled = owed.find((l) => l.balance <= 0);
      if (settled) throw new AppError('CONFLICT', `Nothing is owed on the ${FEE_LABELS[settled.code].toLowerCase()} of ${settled.operationName}: it is already paid.`);
      const totalCents = owed.reduce((s, l) => s + l.balance, 0);
      const [row] = await tx
        .insert(paymentCheckouts)
        .values({ provider: provider.name, lines: owed.map((l) => ({ feeLineId: l.id, cents: l.balance })), totalCents, payerPartyId: actor.partyId!, createdByUserId: actor.id, idempotencyKey: input.idempotencyKey })
        .returning();
      const opened = await provider.createCheckout({
        checkoutId: row!.id,
        totalCents,
        lines: owed.map((l) => ({ feeLineId: l.id, cents: l.balance, description: `${FEE_LABELS[l.code]}: ${l.operationName}` })),
        returnUrl: `${ctx.origin}/fees`,
      });
      await tx.update(paymentCheckouts).set({ providerReference: opened.providerReference, redirectUrl: opened.redirectUrl }).where(eq(paymentCheckouts.id, row!.id));
      await recordAudit(tx, { actorUserId: actor.id, action: 'payment.checkout_opened', entityType: 'payment_checkout', entityId: row!.id, after: { provider: provider.name, totalCents, lines: owed.map((l) => ({ feeLineId: l.id, cents: l.balance })) } });
      return { checkoutId: row!.id, redirectUrl: opened.redirectUrl, replayed: false };
    });
    return created;
  } catch (err) {
    if (pgErrorCode(err) === '23505') {
      const [first] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.idempotencyKey, input.idempotencyKey));
      if (first) return replay(actor, first);
    }
    throw err;
  }
}

function replay(actor: Actor, row: typeof paymentCheckouts.$inferSelect): CheckoutStart {
  if (row.createdByUserId !== actor.id || !row.redirectUrl) throw new AppError('CONFLICT', 'This payment was already started elsewhere. Reload the page.');
  return { checkoutId: row.id, redirectUrl: row.redirectUrl, replayed: true };
}

/** A checkout its creator may look at (the test payment page), or NOT_FOUND. */
export async function getOwnCheckout(actor: Actor, checkoutId: string) {
  if (!isUuid(checkoutId)) throw notFoundError();
  const db = await getDb();
  const [row] = await db.select().from(paymentCheckouts).where(and(eq(paymentCheckouts.id, checkoutId), eq(paymentCheckouts.createdByUserId, actor.id)));
  if (!row) throw notFoundError();
  const lines = row.lines.length
    ? await db
        .select({ id: feeLines.id, code: feeLines.code, operationName: operations.name, facilityId: operations.facilityId })
        .from(feeLines)
        .innerJoin(operations, eq(operations.id, feeLines.operationId))
        .where(inArray(feeLines.id, row.lines.map((l) => l.feeLineId)))
    : [];
  return { ...row, described: row.lines.map((l) => ({ ...l, ...lines.find((x) => x.id === l.feeLineId)! })) };
}
