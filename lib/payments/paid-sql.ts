import { sql } from 'drizzle-orm';

/** What has been paid on a fee line (a condition over `fee_lines`), in integer cents. */
export const paidOnLine = sql<number>`coalesce((select sum(p.amount_cents) from payments p where p.fee_line_id = fee_lines.id), 0)::int`;
