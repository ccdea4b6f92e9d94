import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { feeLines, operations, plans } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { operationScope } from '@/lib/auth/scopes';
import type { FeeCode } from '@/lib/notifications/labels';
import { daysBetween } from '@/lib/rules';
import { paidOnLine } from './paid-sql';

// The payer's own fees (an owner's, or an active contractor's for its contract producers): read in
// the actor's scope and billed to the actor's party, never anyone else's.

export type PayerFee = {
  id: string;
  operationId: string;
  operationName: string;
  facilityId: string | null;
  planId: string | null;
  planKind: 'original' | 'annual_update' | null;
  code: FeeCode;
  citation: string;
  amountCents: number;
  paidCents: number;
  balanceCents: number;
  status: 'due' | 'paid' | 'waived' | 'void';
  dueOn: string | null;
  /** The submission that billed it (its invoice), when it came from one. */
  submissionId: string | null;
  /** Days past the due date while something is owed; null when not overdue. */
  overdueDays: number | null;
};

export async function listPayerFees(actor: Actor, today: string): Promise<PayerFee[]> {
  if (!actor.partyId || (actor.role !== 'owner' && actor.role !== 'active_contractor')) return [];
  const db = await getDb();
  const rows = await db
    .select({
      id: feeLines.id,
      operationId: feeLines.operationId,
      operationName: operations.name,
      facilityId: operations.facilityId,
      planId: feeLines.planId,
      planKind: plans.kind,
      code: feeLines.code,
      citation: feeLines.citation,
      amountCents: feeLines.amountCents,
      paidCents: paidOnLine,
      status: feeLines.status,
      dueOn: feeLines.dueOn,
      submissionId: sql<string | null>`(select s.id from plan_submissions s where s.plan_id = ${feeLines.planId} order by s.created_at desc limit 1)`,
    })
    .from(feeLines)
    .innerJoin(operations, eq(operations.id, feeLines.operationId))
    .leftJoin(plans, eq(plans.id, feeLines.planId))
    .where(and(eq(feeLines.payerPartyId, actor.partyId), operationScope(actor), sql`${feeLines.status} <> 'void'`))
    .orderBy(sql`${feeLines.status} <> 'due'`, feeLines.dueOn, desc(feeLines.createdAt));
  return rows.map((r) => {
    const balanceCents = r.status === 'due' ? r.amountCents - r.paidCents : 0;
    const late = balanceCents > 0 && r.dueOn && r.dueOn < today ? daysBetween(r.dueOn, today) : null;
    return { ...r, balanceCents, overdueDays: late };
  });
}
