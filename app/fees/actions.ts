'use server';

import { revalidatePath } from 'next/cache';
import { today } from '@/lib/clock';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { recordPayment } from '@/lib/fees/payments';
import { kickDelivery } from '@/lib/notifications/deliver';
import { formatMoney } from '@/lib/format';
import { publicOrigin } from '@/lib/env';
import { paymentSchema, refundSchema } from '@/lib/validation/fees';
import { refundPayment } from '@/lib/fees/refunds';
import { startCheckoutSchema } from '@/lib/validation/payments';
import { startCheckout } from '@/lib/payments/checkout';

// Fees: parse -> authorize (in the service) -> act -> revalidate; the receipt is mailed after commit.

export const recordPaymentAction = defineAction({ input: paymentSchema, capability: 'fee.record_payment' }, async ({ actor, input: values }): Promise<ActionResult<{ receiptNumber: string }>> => {
  const result = await recordPayment(actor, values, { today: today(), origin: publicOrigin() });
  kickDelivery();
  revalidatePath('/fees');
  revalidatePath(`/fees/${values.feeLineId}`);
  const tail = result.status === 'paid' ? 'The fee is now paid in full.' : `${formatMoney(result.balanceCents)} is still owed.`;
  return { ok: true, data: { receiptNumber: result.receiptNumber }, message: `Payment recorded: receipt ${result.receiptNumber} was sent to the payer. ${tail}` };
});

export const startCheckoutAction = defineAction({ input: startCheckoutSchema, capability: 'fee.pay' }, async ({ actor, input: values }): Promise<ActionResult<{ redirectUrl: string }>> => {
  const opened = await startCheckout(actor, values, { origin: publicOrigin() });
  return { ok: true, data: { redirectUrl: opened.redirectUrl } };
});

export const refundPaymentAction = defineAction({ input: refundSchema, capability: 'fee.refund_payment' }, async ({ actor, input: values }): Promise<ActionResult<null>> => {
  const result = await refundPayment(actor, values, { today: today() });
  revalidatePath('/fees');
  const how = result.providerReference ? `The processor gave it back (reference ${result.providerReference}).` : 'Recorded as refunded by the department’s check.';
  const tail = result.status === 'paid' ? 'The fee is still paid in full.' : `${formatMoney(result.balanceCents)} is owed on the fee again.`;
  return { ok: true, data: null, message: `Refund recorded. ${how} ${tail}` };
});
