'use server';

import { revalidatePath } from 'next/cache';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { decideTransfer } from '@/lib/transfers/decide';
import { transferDecisionSchema } from '@/lib/validation/transfers';

// The department confirms or refuses an ownership transfer request: parse -> authorize (inside the
// service's transaction) -> act -> revalidate; both parties' emails go after commit.
export const decideTransferAction = defineAction({ input: transferDecisionSchema, capability: 'transfer.decide' }, async ({ actor, input: values }): Promise<ActionResult<{ status: 'confirmed' | 'refused' }>> => {
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
