import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { feeLines, operations, parties, planSubmissions, plans } from '@/db/schema';
import { canSeePlan } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { notFoundError } from '@/lib/errors';
import type { FeeCode } from '@/lib/notifications/labels';
import { feeReference } from './instructions';
import { paidOnLine } from './paid-sql';
import { isUuid } from '@/lib/ids';

// The invoice of one submission: the fees it billed (IAC 567-65.110(3)"c", (6), (7)), who pays each,
// when they are due and the reference to pay them by. Read only by those who may see the plan.

export type Invoice = {
  number: string;
  submissionId: string;
  submittedOn: string;
  planId: string;
  planKind: 'original' | 'annual_update';
  updateKind: string | null;
  operationName: string;
  facilityId: string | null;
  lines: { id: string; code: FeeCode; citation: string; amountCents: number; paidCents: number; balanceCents: number; status: string; dueOn: string | null; reference: string; payerName: string; payerKind: 'owner' | 'active_contractor'; payerAddress: string | null }[];
  totalCents: number;
  balanceCents: number;
};

export function invoiceNumber(submissionId: string, submittedOn: string): string {
  return `INV-${submittedOn.slice(0, 4)}-${submissionId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

export async function getInvoice(actor: Actor, submissionId: string): Promise<Invoice> {
  if (!isUuid(submissionId)) throw notFoundError();
  const db = await getDb();
  const [sub] = await db
    .select({ id: planSubmissions.id, planId: planSubmissions.planId, submittedOn: planSubmissions.submittedOn, kind: plans.kind, updateKind: plans.updateKind, operationName: operations.name, facilityId: operations.facilityId })
    .from(planSubmissions)
    .innerJoin(plans, eq(plans.id, planSubmissions.planId))
    .innerJoin(operations, eq(operations.id, plans.operationId))
    .where(eq(planSubmissions.id, submissionId));
  if (!sub || !(await canSeePlan(actor, sub.planId))) throw notFoundError();
  const rows = await db
    .select({
      id: feeLines.id, code: feeLines.code, citation: feeLines.citation, amountCents: feeLines.amountCents, paidCents: paidOnLine, status: feeLines.status,
      dueOn: feeLines.dueOn, payerName: parties.name, payerKind: feeLines.payerKind, payerAddress: parties.mailingAddress,
    })
    .from(feeLines)
    .innerJoin(parties, eq(parties.id, feeLines.payerPartyId))
    .where(sql`${feeLines.planId} = ${sub.planId} and ${feeLines.status} <> 'void'`)
    .orderBy(feeLines.createdAt);
  const lines = rows.map((r) => ({ ...r, balanceCents: r.status === 'due' ? r.amountCents - r.paidCents : 0, reference: feeReference(r.id) }));
  return {
    number: invoiceNumber(sub.id, sub.submittedOn),
    submissionId: sub.id,
    submittedOn: sub.submittedOn,
    planId: sub.planId,
    planKind: sub.kind,
    updateKind: sub.updateKind,
    operationName: sub.operationName,
    facilityId: sub.facilityId,
    lines,
    totalCents: lines.reduce((s, l) => s + l.amountCents, 0),
    balanceCents: lines.reduce((s, l) => s + l.balanceCents, 0),
  };
}
