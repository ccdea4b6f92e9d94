import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { feeLines, operations } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { invalidateFigures } from '@/lib/cache/figures-cache';
import { listLedgerPage, listPayerBalances } from '@/lib/fees/ledger';
import { readLedgerFigures } from '@/lib/fees/ledger-figures';
import { recordPayment } from '@/lib/fees/payments';
import { unpaidFees, updatesOverdue } from '@/lib/reviews/compliance';
import { readComplianceFigures } from '@/lib/reviews/compliance-figures';
import { addDays } from '@/lib/rules';
import { overrideDueDate } from '@/lib/schedule/apply';
import { addMonths } from '@/lib/schedule/months';
import { previewSchedule } from '@/lib/schedule/policies';
import { listScheduleCandidates } from '@/lib/schedule/queries';
import { findScheduleOperations, readSchedulePreview, readScheduleSummary } from '@/lib/schedule/summary';
import { paymentSchema } from '@/lib/validation/fees';
import { approvedPlanFor, createOperation, createOwner, createReviewer, submitNoChangeUpdate } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// The department's summary pages read their figures at most once a minute. What they show must be
// what a fresh count says, and a change made through the portal must show on the next page.

const TODAY = '2026-11-30';
const ctx = { today: TODAY, origin: 'https://mmp.test' };
const months = Array.from({ length: 12 }, (_, i) => addMonths(TODAY, i - 11));

describe(`summary figures equal a fresh count on ${databaseLabel}`, () => {
  const t = useTestDb();
  let staff: Actor;
  let supervisor: Actor;
  let operationId: string;
  let safoOperationId: string;
  let fee: { id: string; amountCents: number };

  beforeAll(async () => {
    staff = await createReviewer();
    supervisor = await createReviewer('department_supervisor');
    const owner = await createOwner({ name: 'Figures Pork LLC' });
    const op = await createOperation(owner, { name: 'Figures Finisher', countyFips: '19167', head: 2400, today: addDays(TODAY, -400) });
    operationId = op.operationId;
    await approvedPlanFor(owner, operationId, staff, { today: addDays(TODAY, -400) });
    await submitNoChangeUpdate(owner, operationId, { today: addDays(TODAY, -10) });
    // A small operation under a SAFO election in force owes no update: counted apart.
    const safo = await createOperation(owner, { name: 'Figures SAFO Nursery', countyFips: '19167', head: 900, safoElect: true, today: addDays(TODAY, -400) });
    await approvedPlanFor(owner, safo.operationId, staff, { today: addDays(TODAY, -400) });
    safoOperationId = safo.operationId;
    const [row] = await t
      .get()
      .db.select({ id: feeLines.id, amountCents: feeLines.amountCents })
      .from(feeLines)
      .innerJoin(operations, eq(operations.id, feeLines.operationId))
      .where(and(eq(feeLines.operationId, operationId), eq(feeLines.code, 'annual_compliance'), eq(feeLines.status, 'due')));
    fee = row!;
  });

  beforeEach(() => invalidateFigures(''));

  it('the ledger shows the totals, lines and balances of a fresh read, and a payment shows on the next page', async () => {
    const before = await readLedgerFigures(staff, { page: 1 });
    expect(before.value.ledger).toEqual(await listLedgerPage(staff, { page: 1 }));
    expect(before.value.balances).toEqual(await listPayerBalances(staff));
    // Another member of staff is served the same read.
    expect((await readLedgerFigures(supervisor, { page: 1 })).asOf).toEqual(before.asOf);

    const input = paymentSchema.parse({ feeLineId: fee.id, amount: '10.00', method: 'check', receivedOn: TODAY, idempotencyKey: randomUUID() });
    await recordPayment(staff, input, ctx);
    const after = await readLedgerFigures(staff, { page: 1 });
    expect(after.value.ledger.totals.paidCents).toBe(before.value.ledger.totals.paidCents + 1000);
    expect(after.value.ledger).toEqual(await listLedgerPage(staff, { page: 1 }));
    expect(after.value.balances).toEqual(await listPayerBalances(staff));
    // And what a line-by-line recount says.
    const [recount] = await queryRows<{ paid: string; outstanding: string; lines: number }>(
      t.get().db,
      sql`select (select coalesce(sum(p.amount_cents), 0) from payments p join fee_lines f on f.id = p.fee_line_id
          join operations o on o.id = f.operation_id where o.registration_status = 'registered')::bigint as paid,
        (select coalesce(sum(f.amount_cents - coalesce((select sum(p.amount_cents) from payments p where p.fee_line_id = f.id), 0)), 0)
          from fee_lines f join operations o on o.id = f.operation_id where f.status = 'due' and o.registration_status = 'registered')::bigint as outstanding,
        (select count(*) from fee_lines f join operations o on o.id = f.operation_id where o.registration_status = 'registered')::int as lines`,
    );
    expect(after.value.ledger.totals).toMatchObject({ paidCents: Number(recount!.paid), outstandingCents: Number(recount!.outstanding), lines: Number(recount!.lines) });
    const compliance = await readComplianceFigures(staff, TODAY, months);
    expect(compliance.value.fees).toEqual(await unpaidFees(staff, TODAY));
  });

  it('the compliance page counts what a fresh read counts', async () => {
    const { value } = await readComplianceFigures(supervisor, TODAY, months);
    expect(value.updates).toEqual(await updatesOverdue(supervisor, TODAY));
    expect(value.fees).toEqual(await unpaidFees(supervisor, TODAY));
  });

  it('the due-dates page counts every operation that owes updates, and its preview is the one applying checks', async () => {
    const { scheduled, excluded } = await listScheduleCandidates();
    const summary = (await readScheduleSummary(TODAY)).value;
    expect(summary.scheduledCount).toBe(scheduled.length);
    expect(summary.excluded.map((e) => e.operationId)).toEqual(excluded.map((e) => e.operationId));
    expect(summary.excluded.map((e) => e.operationId)).toContain(safoOperationId);
    expect(summary.offices.reduce((n, o) => n + o.operations, 0)).toBe(scheduled.length);
    expect(summary.currentByMonth.reduce((n, m) => n + m.count, 0)).toBe(scheduled.filter((s) => s.currentDueOn).length);

    const policy = { policy: 'even_by_month' as const, startMonth: addMonths(TODAY, 1) };
    const full = previewSchedule(scheduled, policy, TODAY);
    const preview = (await readSchedulePreview(policy, TODAY)).value;
    expect(preview.hash).toBe(full.hash);
    expect(preview.total).toBe(full.assignments.length);
    expect(preview.byMonth).toEqual(full.byMonth);
    expect(preview.first).toEqual(full.assignments.slice(0, preview.first.length));

    // A date set by hand shows at once, in the summary and in the form's choices.
    const dueOn = addDays(TODAY, 90);
    await overrideDueDate(supervisor, { operationId, dueOn, reason: 'Owner asked for a later date' }, ctx);
    const again = (await readScheduleSummary(TODAY)).value;
    expect(again.currentByMonth.find((m) => m.month === dueOn.slice(0, 7))?.count).toBe(
      (await listScheduleCandidates()).scheduled.filter((s) => s.currentDueOn?.startsWith(dueOn.slice(0, 7))).length,
    );
    const found = await findScheduleOperations('Figures Finisher');
    expect(found.rows).toEqual([expect.objectContaining({ operationId, currentDueOn: dueOn })]);
    expect((await readSchedulePreview(policy, TODAY)).value.hash).toBe(previewSchedule((await listScheduleCandidates()).scheduled, policy, TODAY).hash);
  });
});
