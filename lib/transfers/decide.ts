import 'server-only';
import { getDb } from '@/lib/db';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError, notFoundError } from '@/lib/errors';
import type { TransferDecisionValues } from '@/lib/validation/transfers';
import { CHANGED_MESSAGE, confirmTransfer, lockTransfer, refuseTransfer } from './settle';
import type { TransferCtx } from './request';

/**
 * Department staff confirm a transfer request (ownership moves as of the acquisition date) or
 * refuse it with a reason (nothing changes). Two reviewers deciding at once: the request's row lock
 * and its version let exactly one decision land.
 */
export async function decideTransfer(actor: Actor, input: TransferDecisionValues, ctx: TransferCtx): Promise<{ status: 'confirmed' | 'refused'; operationId: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'transfer.decide', undefined, tx);
    const t = await lockTransfer(tx, input.transferId);
    if (!t) throw notFoundError();
    if (t.status !== 'pending') throw new AppError('CONFLICT', `This request was already ${t.status}. Reload to see the decision.`);
    if (t.version !== input.version) throw new AppError('CONFLICT', CHANGED_MESSAGE);
    const settlement = { through: 'department' as const, userId: actor.id, note: input.reason, today: ctx.today, origin: ctx.origin, now: ctx.now ?? new Date() };
    if (input.decision === 'refused') {
      const reason = input.reason.trim();
      if (!reason) throw new AppError('VALIDATION', 'Write the reason for refusing; both parties are told it.', { reason: ['Write the reason for refusing; both parties are told it'] });
      await refuseTransfer(tx, t, { ...settlement, note: reason });
      return { status: 'refused', operationId: t.operationId };
    }
    await confirmTransfer(tx, t, settlement);
    return { status: 'confirmed', operationId: t.operationId };
  });
}
