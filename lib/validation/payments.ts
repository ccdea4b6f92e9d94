import { z } from 'zod';

// Paying fees online: which fee lines (each paid in full), and the browser's key for the request.
export const startCheckoutSchema = z.object({
  feeLineIds: z.array(z.uuid('This fee reference is not valid. Reload the page.')).min(1, 'Choose at least one fee to pay').max(100, 'Pay at most 100 fees at once'),
  idempotencyKey: z.uuid('This page is out of date. Reload it.'),
});

// The test payment page's two buttons.
export const testCheckoutSchema = z.object({
  checkoutId: z.uuid('This payment is not valid. Start again from your fees.'),
  outcome: z.enum(['pay', 'cancel'], { message: 'Choose pay or cancel' }),
});
