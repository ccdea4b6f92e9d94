import 'server-only';
// The unpaid fees file: amounts the department's records show as owed. Each amount is computed by
// lib/rules from the operation as imported; a stated amount that differs is refused, not trusted.
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { auditEvents, feeLines, type FeeCode } from '@/db/schema';
import { formatMoney } from '@/lib/format';
import { annualComplianceFee, animalUnitCapacity, filingFees, type AnimalCategory } from '@/lib/rules';
import { FACILITY_ID, type CheckedRow, type ImportKind } from './kind';
import { loadOperationRefs, notImported } from './shared';
import { RowReader } from './values';

const FEES = ['annual_compliance', 'mmp_filing', 'construction_permit_application'] as const satisfies readonly FeeCode[];
type FeeValue = { facilityId: string; operationId: string; code: (typeof FEES)[number]; dueOn: string; cents: number; citation: string; payerKind: 'owner' | 'active_contractor'; payerPartyId: string; feeLineId?: string };

export const feesKind: ImportKind<FeeValue> = {
  label: 'Unpaid fees',
  columns: { required: ['facility_id', 'fee', 'due_on'], optional: ['amount'] },

  async check(db, file) {
    const out: (CheckedRow<FeeValue> & { stated?: number | null })[] = file.rows.map(({ row, values }) => {
      const r = new RowReader(values);
      const facilityId = r.text('facility_id', { required: true, max: 20 });
      if (facilityId && !FACILITY_ID.test(facilityId)) r.problems.push({ column: 'facility_id', message: `facility_id “${facilityId}” is not a facility ID.` });
      const code = r.oneOf('fee', FEES, 'annual_compliance');
      const dueOn = r.date('due_on', { required: true }) ?? '';
      const amountText = r.text('amount');
      let stated: number | null = null;
      if (amountText !== null) {
        if (!/^\$?\d{1,9}(\.\d{2})?$/.test(amountText.replace(/,/g, ''))) r.problems.push({ column: 'amount', message: `amount “${amountText}” is not dollars and cents (e.g. 1234.50).` });
        else stated = Math.round(Number(amountText.replace(/[$,]/g, '')) * 100);
      }
      const value: FeeValue = { facilityId: facilityId ?? '', operationId: '', code, dueOn, cents: 0, citation: '', payerKind: 'owner', payerPartyId: '' };
      return { row, facilityId, outcome: r.problems.length ? 'refuse' : 'create', messages: r.problems, value, stated };
    });
    const keyOf = (r: { value?: FeeValue }) => `${r.value!.facilityId}|${r.value!.code}|${r.value!.dueOn}`;
    const seen = new Map<string, number[]>();
    for (const r of out) seen.set(keyOf(r), [...(seen.get(keyOf(r)) ?? []), r.row]);
    const ops = await loadOperationRefs(db, out.flatMap((r) => (r.facilityId ? [r.facilityId] : [])));
    const opIds = [...ops.values()].map((o) => o.id);
    const existing = new Map(
      (opIds.length ? await queryRows<{ id: string; key: string; cents: number }>(db, sql`select f.id, o.facility_id || '|' || f.code::text || '|' || f.due_on::text as key, f.amount_cents as cents from fee_lines f join operations o on o.id = f.operation_id where f.plan_id is null and f.status <> 'void' and f.operation_id in ${opIds}`) : []).map((e) => [e.key, e]),
    );
    for (const r of out) {
      const same = seen.get(keyOf(r))!;
      if (same.length > 1) {
        r.outcome = 'refuse';
        r.messages.push({ column: 'fee', message: `The same fee of facility ${r.value!.facilityId} due ${r.value!.dueOn} is on rows ${same.join(', ')}.` });
      }
      if (r.outcome === 'refuse') continue;
      const v = r.value!;
      const op = ops.get(v.facilityId);
      if (!op) {
        r.outcome = 'refuse';
        r.messages.push({ column: 'facility_id', message: notImported(v.facilityId) });
        continue;
      }
      v.operationId = op.id;
      const au = animalUnitCapacity(op.heads as Partial<Record<AnimalCategory, number>>);
      if (v.code === 'annual_compliance') {
        const fee = annualComplianceFee({ animalUnitCapacity: au, contractProducer: op.contractProducer });
        Object.assign(v, { cents: fee.cents, citation: fee.citation, payerKind: fee.payer });
      } else {
        const line = filingFees({ kind: 'original', constructionPermitRequired: true }).lines.find((l) => l.code === v.code)!;
        Object.assign(v, { cents: line.cents, citation: line.citation, payerKind: 'owner' });
      }
      const payer = v.payerKind === 'owner' ? op.ownerPartyId : op.activeContractorId;
      if (!payer) {
        r.outcome = 'refuse';
        r.messages.push({ column: 'facility_id', message: v.payerKind === 'owner' ? `Facility ${v.facilityId} has no owner on record: import the owners file first.` : `Facility ${v.facilityId} has no active contractor on record to pay the fee.` });
        continue;
      }
      v.payerPartyId = payer;
      if (r.stated != null && r.stated !== v.cents) {
        r.outcome = 'refuse';
        r.messages.push({ column: 'amount', message: `amount ${formatMoney(r.stated)} is not the ${formatMoney(v.cents)} the rules give (${v.citation}).` });
        continue;
      }
      r.details = `${formatMoney(v.cents)} (${v.citation}), paid by the ${v.payerKind === 'owner' ? 'owner' : 'active contractor'}`;
      if (existing.has(keyOf(r))) {
        v.feeLineId = existing.get(keyOf(r))!.id;
        r.outcome = 'unchanged';
      }
    }
    for (const r of out) delete r.stated;
    return out;
  },

  async write(tx, rows, ctx) {
    const creates = rows.filter((r) => r.outcome === 'create');
    if (!creates.length) return;
    const made = await tx
      .insert(feeLines)
      .values(creates.map((r) => ({ operationId: r.value!.operationId, code: r.value!.code, amountCents: r.value!.cents, citation: r.value!.citation, payerKind: r.value!.payerKind, payerPartyId: r.value!.payerPartyId, dueOn: r.value!.dueOn })))
      .returning({ id: feeLines.id, operationId: feeLines.operationId });
    await tx.insert(auditEvents).values(made.map((m, i) => ({ actorUserId: ctx.actorUserId, action: 'fee.imported' as const, entityType: 'fee_line', entityId: m.id, after: { importRunId: ctx.runId, row: creates[i]!.row, operationId: m.operationId, cents: creates[i]!.value!.cents } })));
  },
};
