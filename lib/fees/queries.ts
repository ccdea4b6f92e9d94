import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { feeLines, operations } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { operationScope } from '@/lib/auth/scopes';
import type { FeeCode } from '@/lib/notifications/labels';

export type BilledFee = {
  id: string;
  operationName: string;
  code: FeeCode;
  amountCents: number;
  paidCents: number;
  status: string;
  dueOn: string | null;
  citation: string;
};

/** Fee lines billed to the actor's own party (an owner or an active contractor), in scope. */
export async function listFeesBilledTo(actor: Actor): Promise<BilledFee[]> {
  if (!actor.partyId) return [];
  const db = await getDb();
  return db
    .select({
      id: feeLines.id,
      operationName: operations.name,
      code: feeLines.code,
      amountCents: feeLines.amountCents,
      paidCents: sql<number>`coalesce((select sum(p.amount_cents) from payments p where p.fee_line_id = ${feeLines.id}), 0)::int`,
      status: feeLines.status,
      dueOn: feeLines.dueOn,
      citation: feeLines.citation,
    })
    .from(feeLines)
    .innerJoin(operations, eq(operations.id, feeLines.operationId))
    .where(and(eq(feeLines.payerPartyId, actor.partyId), operationScope(actor)))
    .orderBy(desc(feeLines.createdAt));
}
