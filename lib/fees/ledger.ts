import 'server-only';
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { feeLines, operations, parties, payments, plans, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { operationScope } from '@/lib/auth/scopes';
import { notFoundError } from '@/lib/errors';
import type { FeeCode } from '@/lib/notifications/labels';
import type { FeeLedgerFilters } from '@/lib/validation/fees';
import { isUuid } from '@/lib/ids';

// The fees ledger (IAC 567-65.110(3)"c", (6), (7)): every fee line with its payer, payments and
// balance, read in the caller's scope and paged in the database. Money is integer cents.

export const LEDGER_PAGE_SIZE = 50;

const paid = sql<number>`coalesce((select sum(p.amount_cents) from payments p where p.fee_line_id = fee_lines.id), 0)::int`;

export type LedgerRow = {
  id: string;
  operationId: string;
  operationName: string;
  facilityId: string | null;
  planId: string | null;
  code: FeeCode;
  amountCents: number;
  paidCents: number;
  status: 'due' | 'paid' | 'waived' | 'void';
  dueOn: string | null;
  citation: string;
  payerKind: 'owner' | 'active_contractor';
  payerPartyId: string;
  payerName: string;
};

function conditions(actor: Actor, f: FeeLedgerFilters): SQL | undefined {
  const q = f.q?.replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    operationScope(actor),
    f.status ? eq(feeLines.status, f.status) : undefined,
    f.code ? eq(feeLines.code, f.code) : undefined,
    f.payer ? eq(feeLines.payerPartyId, f.payer) : undefined,
    q ? ilike(operations.name, `%${q}%`) : undefined,
  );
}

function baseSelect(db: Executor) {
  return db
    .select({
      id: feeLines.id,
      operationId: feeLines.operationId,
      operationName: operations.name,
      facilityId: operations.facilityId,
      planId: feeLines.planId,
      code: feeLines.code,
      amountCents: feeLines.amountCents,
      paidCents: paid,
      status: feeLines.status,
      dueOn: feeLines.dueOn,
      citation: feeLines.citation,
      payerKind: feeLines.payerKind,
      payerPartyId: feeLines.payerPartyId,
      payerName: parties.name,
    })
    .from(feeLines)
    .innerJoin(operations, eq(operations.id, feeLines.operationId))
    .innerJoin(parties, eq(parties.id, feeLines.payerPartyId));
}

export async function queryLedgerRows(actor: Actor, f: FeeLedgerFilters, page: { limit: number; offset: number }, db?: Executor): Promise<LedgerRow[]> {
  const q = db ?? (await getDb());
  return baseSelect(q)
    .where(conditions(actor, f))
    .orderBy(sql`${feeLines.status} <> 'due'`, sql`${feeLines.dueOn} asc nulls last`, asc(operations.name), feeLines.id)
    .limit(page.limit)
    .offset(page.offset);
}

export type LedgerTotals = { lines: number; amountCents: number; paidCents: number; outstandingCents: number; unpaidLines: number };

export async function listLedgerPage(actor: Actor, f: FeeLedgerFilters) {
  const db = await getDb();
  // Two passes, each one join: the lines under the filters, and the payments on those lines (what
  // is paid on unpaid lines comes off what they bill). No per-line lookup over a million lines.
  const where = conditions(actor, f);
  const [[lines], [paidRow]] = await Promise.all([
    db
      .select({
        lines: sql<number>`count(*)::int`,
        amountCents: sql<number>`coalesce(sum(${feeLines.amountCents}), 0)::bigint`,
        dueAmountCents: sql<number>`coalesce(sum(${feeLines.amountCents}) filter (where ${feeLines.status} = 'due'), 0)::bigint`,
        unpaidLines: sql<number>`(count(*) filter (where ${feeLines.status} = 'due'))::int`,
      })
      .from(feeLines)
      .innerJoin(operations, eq(operations.id, feeLines.operationId))
      .where(where),
    db
      .select({
        paidCents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::bigint`,
        paidOnDueCents: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${feeLines.status} = 'due'), 0)::bigint`,
      })
      .from(payments)
      .innerJoin(feeLines, eq(feeLines.id, payments.feeLineId))
      .innerJoin(operations, eq(operations.id, feeLines.operationId))
      .where(where),
  ]);
  const t: LedgerTotals = {
    lines: Number(lines?.lines ?? 0),
    amountCents: Number(lines?.amountCents ?? 0),
    paidCents: Number(paidRow?.paidCents ?? 0),
    outstandingCents: Number(lines?.dueAmountCents ?? 0) - Number(paidRow?.paidOnDueCents ?? 0),
    unpaidLines: Number(lines?.unpaidLines ?? 0),
  };
  const pageCount = Math.max(1, Math.ceil(t.lines / LEDGER_PAGE_SIZE));
  const page = Math.min(f.page, pageCount);
  const rows = await queryLedgerRows(actor, f, { limit: LEDGER_PAGE_SIZE, offset: (page - 1) * LEDGER_PAGE_SIZE }, db);
  return { rows, totals: t, page, pageCount };
}

export type PayerBalance = { payerPartyId: string; payerName: string; payerKind: string; unpaidLines: number; outstandingCents: number };

/** Outstanding balance of each payer that owes anything, largest first. */
export async function listPayerBalances(actor: Actor, limit = 100): Promise<PayerBalance[]> {
  const db = await getDb();
  const rows = await db
    .select({
      payerPartyId: feeLines.payerPartyId,
      payerName: parties.name,
      payerKind: sql<string>`min(${feeLines.payerKind}::text)`,
      unpaidLines: sql<number>`count(*)::int`,
      outstandingCents: sql<number>`sum(${feeLines.amountCents} - ${paid})::bigint`,
    })
    .from(feeLines)
    .innerJoin(operations, eq(operations.id, feeLines.operationId))
    .innerJoin(parties, eq(parties.id, feeLines.payerPartyId))
    .where(and(operationScope(actor), eq(feeLines.status, 'due')))
    .groupBy(feeLines.payerPartyId, parties.name)
    .orderBy(desc(sql`sum(${feeLines.amountCents} - ${paid})`), asc(parties.name))
    .limit(limit);
  return rows.map((r) => ({ ...r, outstandingCents: Number(r.outstandingCents) })).filter((r) => r.outstandingCents > 0);
}

/** One fee line in scope, with its payments, or NOT_FOUND. */
export async function getFeeLine(actor: Actor, feeLineId: string) {
  if (!isUuid(feeLineId)) throw notFoundError();
  const db = await getDb();
  const [line] = await baseSelect(db).where(and(eq(feeLines.id, feeLineId), operationScope(actor)));
  if (!line) throw notFoundError();
  const [history, plan] = await Promise.all([
    db
      .select({ id: payments.id, amountCents: payments.amountCents, method: payments.method, reference: payments.reference, receivedOn: payments.receivedOn, recordedBy: users.name, createdAt: payments.createdAt, refundOfPaymentId: payments.refundOfPaymentId, reason: payments.reason, online: sql<boolean>`${payments.checkoutId} is not null` })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.recordedByUserId))
      .where(eq(payments.feeLineId, feeLineId))
      .orderBy(asc(payments.createdAt)),
    line.planId ? db.select({ kind: plans.kind, updateKind: plans.updateKind, status: plans.status }).from(plans).where(eq(plans.id, line.planId)) : Promise.resolve([]),
  ]);
  return { ...line, payments: history, plan: plan[0] ?? null };
}
