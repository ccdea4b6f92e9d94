import 'server-only';
// The plan history file: the date the department last approved each operation's plan (recorded as
// an approved hard-copy plan, so the plan is in force for IAC 567-65.110(5)) and the next annual
// update due date (IAC 567-65.110(3)"b"(3)).
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { auditEvents, dueDateAssignments, importedPlanHistory, planCounties, plans } from '@/db/schema';
import { animalUnitCapacity, type AnimalCategory } from '@/lib/rules';
import { FACILITY_ID, refuseDuplicates, type CheckedRow, type ImportKind } from './kind';
import { loadOperationRefs, notImported } from './shared';
import { RowReader } from './values';

type HistoryValue = { facilityId: string; operationId: string; countyFips: string; au: number; lastApprovedOn: string; nextDueOn: string | null; planId?: string };

export const planHistoryKind: ImportKind<HistoryValue> = {
  label: 'Plan history',
  columns: { required: ['facility_id', 'last_approved_on'], optional: ['next_update_due_on'] },

  async check(db, file, { today }) {
    const out: CheckedRow<HistoryValue>[] = file.rows.map(({ row, values }) => {
      const r = new RowReader(values);
      const facilityId = r.text('facility_id', { required: true, max: 20 });
      if (facilityId && !FACILITY_ID.test(facilityId)) r.problems.push({ column: 'facility_id', message: `facility_id “${facilityId}” is not a facility ID.` });
      const lastApprovedOn = r.date('last_approved_on', { required: true, notAfter: today });
      const nextDueOn = r.date('next_update_due_on');
      if (lastApprovedOn && nextDueOn && nextDueOn <= lastApprovedOn) r.problems.push({ column: 'next_update_due_on', message: `next_update_due_on ${nextDueOn} is not after last_approved_on ${lastApprovedOn}.` });
      const value = { facilityId: facilityId ?? '', operationId: '', countyFips: '', au: 0, lastApprovedOn: lastApprovedOn ?? '', nextDueOn };
      return { row, facilityId, outcome: r.problems.length ? 'refuse' : 'create', messages: r.problems, value };
    });
    refuseDuplicates(out);
    const ops = await loadOperationRefs(db, out.flatMap((r) => (r.facilityId ? [r.facilityId] : [])));
    const opIds = [...ops.values()].map((o) => o.id);
    const history = new Map(
      (opIds.length ? await queryRows<{ operationId: string; planId: string; lastApprovedOn: string; nextDueOn: string | null }>(db, sql`select operation_id as "operationId", plan_id as "planId", last_approved_on::text as "lastApprovedOn", next_due_on::text as "nextDueOn" from imported_plan_history where operation_id in ${opIds}`) : []).map((h) => [h.operationId, h]),
    );
    for (const r of out) {
      if (r.outcome === 'refuse' || !r.value) continue;
      const op = ops.get(r.value.facilityId);
      if (!op) {
        r.outcome = 'refuse';
        r.messages.push({ column: 'facility_id', message: notImported(r.value.facilityId) });
        continue;
      }
      Object.assign(r.value, { operationId: op.id, countyFips: op.countyFips, au: animalUnitCapacity(op.heads as Partial<Record<AnimalCategory, number>>) });
      if (op.filedPlans > 0) {
        r.outcome = 'refuse';
        r.messages.push({ column: null, message: 'The operation already has plans filed in the portal: its history there is the record, not an import.' });
        continue;
      }
      const h = history.get(op.id);
      if (!h) continue;
      r.value.planId = h.planId;
      const changed = [h.lastApprovedOn !== r.value.lastApprovedOn && 'last_approved_on', h.nextDueOn !== r.value.nextDueOn && 'next_update_due_on'].filter(Boolean);
      r.outcome = changed.length ? 'change' : 'unchanged';
      if (changed.length) r.messages.push({ column: null, message: `Changes ${changed.join(', ')}.` });
    }
    return out;
  },

  async write(tx, rows, ctx) {
    const creates = rows.filter((r) => r.outcome === 'create');
    if (creates.length) {
      const made = await tx
        .insert(plans)
        .values(creates.map((r) => ({ operationId: r.value!.operationId, kind: 'original' as const, channel: 'hard_copy' as const, status: 'approved' as const, decision: 'approved' as const, receivedOn: r.value!.lastApprovedOn, decidedOn: r.value!.lastApprovedOn, animalUnitCapacity: r.value!.au, createdByUserId: ctx.actorUserId, decidedByUserId: ctx.actorUserId })))
        .returning({ id: plans.id, operationId: plans.operationId });
      const planOf = new Map(made.map((m) => [m.operationId, m.id]));
      for (const r of creates) r.value!.planId = planOf.get(r.value!.operationId)!;
      await tx.insert(planCounties).values(creates.map((r) => ({ planId: r.value!.planId!, countyFips: r.value!.countyFips, relation: 'located_in' as const })));
      await tx.insert(importedPlanHistory).values(creates.map((r) => ({ operationId: r.value!.operationId, planId: r.value!.planId!, lastApprovedOn: r.value!.lastApprovedOn, nextDueOn: r.value!.nextDueOn, importRunId: ctx.runId })));
    }
    const changes = rows.filter((r) => r.outcome === 'change');
    for (const r of changes) {
      await tx.update(plans).set({ receivedOn: r.value!.lastApprovedOn, decidedOn: r.value!.lastApprovedOn, updatedAt: new Date() }).where(sql`${plans.id} = ${r.value!.planId!}`);
      await tx.update(importedPlanHistory).set({ lastApprovedOn: r.value!.lastApprovedOn, nextDueOn: r.value!.nextDueOn, importRunId: ctx.runId }).where(sql`${importedPlanHistory.operationId} = ${r.value!.operationId}`);
    }
    const touched = [...creates, ...changes];
    const dues = touched.filter((r) => r.value!.nextDueOn);
    if (dues.length) {
      await tx.insert(dueDateAssignments).values(dues.map((r) => ({ operationId: r.value!.operationId, dueOn: r.value!.nextDueOn!, policy: 'initial' as const, reason: 'From the department’s records (import)', assignedByUserId: ctx.actorUserId })));
    }
    if (touched.length) {
      await tx.insert(auditEvents).values(
        touched.map((r) => ({ actorUserId: ctx.actorUserId, action: r.outcome === 'create' ? ('plan_history.imported' as const) : ('plan_history.import_changed' as const), entityType: 'plan', entityId: r.value!.planId!, after: { importRunId: ctx.runId, row: r.row, lastApprovedOn: r.value!.lastApprovedOn, nextDueOn: r.value!.nextDueOn } })),
      );
    }
  },
};
