import 'server-only';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { feeLines, operations, parties, planSubmissions, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { fieldOfficeForCounty, type FieldOfficeContact } from '@/lib/counties/field-offices';
import { notFoundError } from '@/lib/errors';
import { feeReference } from '@/lib/payments/instructions';
import type { FeeCode } from '@/lib/notifications/labels';
import { loadFiledDocument } from './document/read-filed';
import { getPlanForActor } from './queries';

// The filing receipt of a plan's latest submission: its confirmation number, what was filed, the
// fees owed and how to pay them. For anyone who may see the plan (NOT_FOUND otherwise, and for a
// plan never submitted).

export type FilingReceipt = {
  confirmationNumber: string | null;
  submittedOn: string;
  submittedBy: string | null;
  referenceNumber: string;
  operationName: string;
  facilityId: string | null;
  countyName: string;
  kind: 'original' | 'annual_update';
  updateKind: string | null;
  animalUnitCapacity: number | null;
  fieldCount: number;
  acres: number;
  counties: string[];
  fees: { code: FeeCode; citation: string; payerName: string; amountCents: number; paidCents: number; status: string; reference: string }[];
  owedCents: number;
  office: FieldOfficeContact | null;
};

export async function getFilingReceipt(actor: Actor, planId: string): Promise<FilingReceipt> {
  const view = await getPlanForActor(actor, planId);
  const db = await getDb();
  const [submission] = await db
    .select({ confirmationNumber: planSubmissions.confirmationNumber, submittedOn: planSubmissions.submittedOn, submittedBy: users.name })
    .from(planSubmissions)
    .leftJoin(users, eq(users.id, planSubmissions.submittedByUserId))
    .where(eq(planSubmissions.planId, planId))
    .orderBy(desc(planSubmissions.createdAt))
    .limit(1);
  if (!submission) throw notFoundError();
  const [[operation], fees, filed] = await Promise.all([
    db.select({ facilityId: operations.facilityId, countyFips: operations.countyFips }).from(operations).where(eq(operations.id, view.plan.operationId)),
    db
      .select({
        id: feeLines.id, code: feeLines.code, citation: feeLines.citation, payerName: parties.name, amountCents: feeLines.amountCents, status: feeLines.status,
        paidCents: sql<number>`coalesce((select sum(p.amount_cents) from payments p where p.fee_line_id = ${feeLines.id}), 0)::int`,
      })
      .from(feeLines)
      .innerJoin(parties, eq(parties.id, feeLines.payerPartyId))
      .where(eq(feeLines.planId, planId))
      .orderBy(asc(feeLines.createdAt)),
    loadFiledDocument(db, planId),
  ]);
  const live = fees.filter((f) => f.status !== 'void');
  const fields = filed?.document.fields ?? [];
  return {
    confirmationNumber: submission.confirmationNumber,
    submittedOn: submission.submittedOn,
    submittedBy: submission.submittedBy,
    referenceNumber: view.plan.referenceNumber,
    operationName: view.operationName,
    facilityId: operation?.facilityId ?? null,
    countyName: view.countyName,
    kind: view.plan.kind,
    updateKind: view.plan.updateKind,
    animalUnitCapacity: filed?.animalUnitCapacity ?? view.plan.animalUnitCapacity,
    fieldCount: fields.length,
    acres: fields.reduce((sum, f) => sum + f.acres, 0),
    // A county both located in and applied in is one county to the reader.
    counties: [...new Set(view.counties.map((c) => c.name))],
    fees: live.map(({ id, ...f }) => ({ ...f, code: f.code as FeeCode, reference: feeReference(id) })),
    owedCents: live.filter((f) => f.status === 'due').reduce((sum, f) => sum + Math.max(0, f.amountCents - f.paidCents), 0),
    office: operation ? await fieldOfficeForCounty(db, operation.countyFips) : null,
  };
}
