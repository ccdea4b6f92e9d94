import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, emailOutbox, feeLines, operations, payments } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { indemnityCollectionState, indemnityFeeFor } from '@/lib/fees/indemnity';
import { getFeeLine, listLedgerPage, listPayerBalances } from '@/lib/fees/ledger';
import { recordPayment } from '@/lib/fees/payments';
import { setParameterValue } from '@/lib/parameters/values';
import { paymentSchema } from '@/lib/validation/fees';
import { addDays } from '@/lib/rules';
import { approvedPlanFor, createOperation, createOwner, createReviewer, createUser, ownerWithSubmittedPlan, submitNoChangeUpdate } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const TODAY = '2026-11-30';
const ctx = { today: TODAY, origin: 'https://mmp.test' };

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe(`fees ledger, payments and indemnity parameters on ${databaseLabel}`, () => {
  const t = useTestDb();
  const actor = {} as Record<'staff' | 'admin' | 'owner', Actor>;
  let hullFee: { id: string; amountCents: number };
  let contractor: Actor;

  beforeAll(async () => {
    const { db } = t.get();
    // Made here: Hull Contract Finisher (4,960 head, for Heartland Pork Partners) with its plan
    // approved last year and this year's update filed (its compliance fee due), and three other
    // owners' filings, each with its own fee lines.
    actor.staff = await createReviewer();
    actor.admin = await createUser('admin');
    contractor = await createUser('active_contractor', { name: 'Heartland Pork Partners' });
    const vanzee = await createOwner({ name: 'Van Zee Pork Inc.' });
    const hull = await createOperation(vanzee, { name: 'Hull Contract Finisher', countyFips: '19167', head: 4960, activeContractorId: contractor.partyId!, today: addDays(TODAY, -400) });
    await approvedPlanFor(vanzee, hull.operationId, actor.staff, { today: addDays(TODAY, -400) });
    await submitNoChangeUpdate(vanzee, hull.operationId, { today: addDays(TODAY, -10) });
    for (let i = 0; i < 3; i++) actor.owner = (await ownerWithSubmittedPlan({ today: addDays(TODAY, -5 - i) })).owner;
    const [row] = await db
      .select({ id: feeLines.id, amountCents: feeLines.amountCents })
      .from(feeLines)
      .innerJoin(operations, eq(operations.id, feeLines.operationId))
      .where(and(eq(operations.name, 'Hull Contract Finisher'), eq(feeLines.code, 'annual_compliance'), eq(feeLines.status, 'due')));
    hullFee = row!;
  });

  it('lists every fee line with its payer and balance, and the balance of each payer', async () => {
    const page = await listLedgerPage(actor.staff, { page: 1 });
    const [{ n }] = (await t.get().db.select({ n: sql<number>`count(*)::int` }).from(feeLines)) as [{ n: number }];
    expect(n).toBeGreaterThan(4);
    expect(page.totals.lines).toBe(n);
    const hull = page.rows.find((r) => r.id === hullFee.id)!;
    // IAC 567-65.110(3)"c": 4,960 head x 0.4 = 1,984 AU x $0.15, paid by the active contractor.
    expect(hull).toMatchObject({ code: 'annual_compliance', amountCents: 29760, paidCents: 0, status: 'due', payerName: 'Heartland Pork Partners', payerKind: 'active_contractor' });
    const unpaid = await listLedgerPage(actor.staff, { page: 1, status: 'due' });
    expect(unpaid.rows.every((r) => r.status === 'due')).toBe(true);
    expect(unpaid.totals.outstandingCents).toBe(unpaid.rows.reduce((s, r) => s + r.amountCents - r.paidCents, 0));
    const balances = await listPayerBalances(actor.staff);
    expect(balances.find((b) => b.payerName === 'Heartland Pork Partners')).toMatchObject({ outstandingCents: 29760, unpaidLines: 1 });
    // An owner's read is scoped: the ledger of someone else's operation is not theirs to see.
    expect((await refusal(() => getFeeLine(actor.owner, hullFee.id))).code).toBe('NOT_FOUND');
  });

  it('refuses zero, negative and over-balance payments, changing nothing', async () => {
    expect(paymentSchema.safeParse({ feeLineId: hullFee.id, amount: '-5.00', method: 'check', receivedOn: TODAY }).success).toBe(false);
    expect(paymentSchema.safeParse({ feeLineId: hullFee.id, amount: '0', method: 'check', receivedOn: TODAY }).error?.issues[0]?.message).toBe('The amount must be more than $0.00');
    const zero = await refusal(() => recordPayment(actor.staff, { idempotencyKey: randomUUID(), feeLineId: hullFee.id, amount: 0, method: 'check', reference: '', receivedOn: TODAY }, ctx));
    expect(zero.fieldErrors?.amount).toBeTruthy();
    const over = await refusal(() => recordPayment(actor.staff, { idempotencyKey: randomUUID(), feeLineId: hullFee.id, amount: 29761, method: 'check', reference: '', receivedOn: TODAY }, ctx));
    expect(over.fieldErrors?.amount?.[0]).toBe('The amount is more than the $297.60 still owed on this fee.');
    expect(await t.get().db.select().from(payments).where(eq(payments.feeLineId, hullFee.id))).toEqual([]);
    expect((await refusal(() => recordPayment(actor.owner, { idempotencyKey: randomUUID(), feeLineId: hullFee.id, amount: 100, method: 'check', reference: '', receivedOn: TODAY }, ctx))).code).toBe('NOT_FOUND');
  });

  it('records a part payment, then the rest: marked paid at zero, each with a receipt and an audit event', async () => {
    const first = await recordPayment(actor.staff, { idempotencyKey: randomUUID(), feeLineId: hullFee.id, amount: 10000, method: 'check', reference: 'CHK 2211', receivedOn: TODAY }, ctx);
    expect(first).toMatchObject({ status: 'due', balanceCents: 19760 });
    const second = await recordPayment(actor.staff, { idempotencyKey: randomUUID(), feeLineId: hullFee.id, amount: 19760, method: 'ach', reference: '', receivedOn: TODAY }, ctx);
    expect(second).toMatchObject({ status: 'paid', balanceCents: 0 });
    const line = await getFeeLine(actor.staff, hullFee.id);
    expect(line).toMatchObject({ status: 'paid', paidCents: 29760 });
    expect(line.payments.map((p) => p.amountCents)).toEqual([10000, 19760]);
    const receipts = await t.get().db.select().from(emailOutbox).where(like(emailOutbox.eventKey, 'payment:%'));
    expect(receipts.filter((r) => r.toAddress === contractor.email)).toHaveLength(2);
    expect(receipts.find((r) => r.subject.includes('$197.60'))?.text).toContain('Balance remaining: $0.00');
    const audit = await t.get().db.select().from(auditEvents).where(and(eq(auditEvents.entityId, hullFee.id), eq(auditEvents.action, 'fee.payment_recorded')));
    expect(audit.map((a) => (a.after as { status: string }).status)).toEqual(['due', 'paid']);
    expect((await refusal(() => recordPayment(actor.staff, { idempotencyKey: randomUUID(), feeLineId: hullFee.id, amount: 1, method: 'cash', reference: '', receivedOn: TODAY }, ctx))).message).toMatch(/already paid/);
  });

  it('suspends indemnity collection when the fund exceeds $3 million at the end of a three-month period, and resumes only below $2 million at one (Iowa Code 459.503A)', async () => {
    const set = (key: 'indemnity.fund_balance_cents', dollars: number, effectiveFrom: string) =>
      setParameterValue(actor.admin, { key, value: dollars * 100, effectiveFrom, source: 'Department fund statement', confirmed: true });
    expect((await refusal(() => setParameterValue(actor.staff, { key: 'indemnity.fund_balance_cents', value: 1, effectiveFrom: TODAY, source: 'x', confirmed: true }))).code).toBe('FORBIDDEN');
    await set('indemnity.fund_balance_cents', 2_500_000, '2025-01-01');
    await set('indemnity.fund_balance_cents', 3_100_000, '2025-07-01');
    await set('indemnity.fund_balance_cents', 2_400_000, '2026-01-01'); // between the limits: still suspended
    await set('indemnity.fund_balance_cents', 1_900_000, '2026-07-01');
    expect((await indemnityCollectionState('2025-03-01')).collecting).toBe(true);
    // Above $3 million from July 1, but the fund is read at the quarter's end, September 30.
    expect((await indemnityCollectionState('2025-08-01')).collecting).toBe(true);
    expect((await indemnityCollectionState('2025-09-30')).collecting).toBe(true);
    expect(await indemnityCollectionState('2025-10-01')).toMatchObject({ collecting: false, since: { quarterEnd: '2025-09-30', balanceCents: 310_000_000 } });
    expect((await indemnityCollectionState('2026-02-01')).collecting).toBe(false);
    expect((await indemnityCollectionState('2026-08-01')).collecting).toBe(false);
    expect(await indemnityCollectionState('2026-10-01')).toMatchObject({ collecting: true, since: { quarterEnd: '2026-09-30', balanceCents: 190_000_000 } });
    const dup = await refusal(() => set('indemnity.fund_balance_cents', 1, '2026-07-01'));
    expect(dup.fieldErrors?.effectiveFrom).toBeTruthy();

    await setParameterValue(actor.admin, {
      key: 'indemnity.fee_schedule',
      value: [{ description: 'Operations with a construction permit', centsPerAnimalUnit: 1.5, appliesTo: 'with_construction_permit' }],
      effectiveFrom: '2026-01-01',
      source: 'Iowa Code 459.503 (staff entry)',
      confirmed: false,
    });
    const op = { animalUnitCapacity: 992, constructedOn: '2012-05-01', constructionPermit: true };
    expect(await indemnityFeeFor(op, '2026-02-01')).toMatchObject({ status: 'waived', cents: 0 });
    expect(await indemnityFeeFor(op, '2026-08-01')).toMatchObject({ status: 'waived', cents: 0 });
    expect(await indemnityFeeFor(op, '2026-10-01')).toMatchObject({ status: 'owed', cents: 1488, scheduleConfirmed: false });
    expect(await indemnityFeeFor({ ...op, constructedOn: '1990-01-01', constructionPermit: false }, '2026-10-01')).toMatchObject({ status: 'exempt' });
    expect(await indemnityFeeFor({ ...op, constructionPermit: false }, '2026-10-01')).toMatchObject({ status: 'no_schedule' });
  });
});
