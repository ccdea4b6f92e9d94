'use server';

import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { decideTransfer } from '@/lib/transfers/decide';
import { transferDecisionSchema } from '@/lib/validation/transfers';
import { parseOrThrow } from '@/lib/validation/parse';

// The department confirms or refuses an ownership transfer request: parse -> authorize (inside the
// service's transaction) -> act -> revalidate; both parties' emails go after commit.
export async function decideTransferAction(input: unknown): Promise<ActionResult<{ status: 'confirmed' | 'refused' }>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(transferDecisionSchema, input);
    const result = await decideTransfer(actor, values, { today: today(), origin: publicOrigin() });
    kickDelivery();
    revalidatePath('/review');
    revalidatePath(`/review/transfers/${values.transferId}`);
    revalidatePath(`/operations/${result.operationId}`);
    const message =
      result.status === 'confirmed'
        ? 'The transfer was confirmed: the operation is now the new owner’s, and both parties were emailed.'
        : 'The request was refused. Nothing changed hands; both parties were emailed your reason.';
    return { ok: true, data: { status: result.status }, message };
  });
}
