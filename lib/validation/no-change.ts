import { z } from 'zod';
import { signingCredentialsSchema } from './signing';

// Filing "no change" annual updates for several operations at once: each operation is certified on
// its own (IAC 567-65.110(3)"b"(3): the statement is the owner's, made per operation), each carries
// its own idempotency key, made when the summary was shown.
export const noChangeItemSchema = z.object({
  operationId: z.uuid('This operation reference is not valid. Reload the page.'),
  idempotencyKey: z.uuid('This page is out of date. Reload it.'),
  certified: z.literal(true, { error: 'Certify the statement for this operation, or leave it out' }),
});

export const noChangeBulkSchema = z.object({
  items: z.array(noChangeItemSchema).min(1, 'Select at least one operation').max(100, 'File at most 100 updates at once'),
  // One signing step for the batch: the certification, the password and a second-factor code.
  signing: signingCredentialsSchema,
});
export type NoChangeBulkInput = z.infer<typeof noChangeBulkSchema>;

/** The operations chosen on the portfolio (or the dashboard), from the address bar. */
export function parseSelectedIds(raw: string | string[] | undefined): string[] {
  const list = (Array.isArray(raw) ? raw : raw ? [raw] : []).flatMap((v) => v.split(','));
  return [...new Set(list.filter((v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)))].slice(0, 100);
}
