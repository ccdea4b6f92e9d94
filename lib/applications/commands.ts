import 'server-only';
import { getDb, type Executor } from '@/db/client';
import { applicationRecords, manureApplicationMethod } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import type { ApplicationRecordInput, ApplicationRowInput } from '@/lib/validation/application-records';
import type { APPLICATION_METHODS } from '@/lib/validation/plan-fields';
import { applicationRatePerAcre, checkApplicationRecord, planFieldOf, type RecordCheck } from './check';
import { parseApplicationsCsv, type RowProblem } from './csv';
import { limitsForYear, loadPlanInForce, type PlanInForce } from './plan-limits';

// Recording manure applications (DNR form 542-8002): one from the form, or a season's CSV. Each write
// is one transaction with its audit event; the record is then checked against the approved plan in
// force, so the owner sees an over-rate application at once.

type Prepared = { values: typeof applicationRecords.$inferInsert; check: RecordCheck; acresProblem: string | null };

/** The row to insert and its check: the plan's field key and name when the record names a plan field. */
function prepare(actor: Actor, operationId: string, v: ApplicationRowInput, plan: PlanInForce | null, source: 'form' | 'csv'): Prepared {
  const limits = limitsForYear(plan, v.cropYear);
  const ratePerAcre = applicationRatePerAcre(v.amountApplied, v.acres);
  const field = limits ? planFieldOf(limits, { fieldKey: v.fieldKey ?? null, fieldName: v.fieldName }) : undefined;
  const record = { fieldKey: field?.key ?? null, fieldName: field?.name ?? v.fieldName, ratePerAcre, amountUnit: v.amountUnit };
  const acresProblem = field?.acres && v.acres > field.acres ? `${field.name} is ${formatNumber(field.acres)} acres in the approved plan; the acres covered cannot be more` : null;
  return {
    check: checkApplicationRecord(record, limits),
    acresProblem,
    values: {
      operationId, fieldKey: record.fieldKey, fieldName: record.fieldName, cropYear: v.cropYear, appliedOn: v.appliedOn, method: v.method,
      amountApplied: v.amountApplied, amountUnit: v.amountUnit, acres: v.acres, ratePerAcre, applicatorName: v.applicatorName,
      applicatorCertification: v.applicatorCertification ?? null, weatherDayBefore: v.weatherDayBefore, weatherDayOf: v.weatherDayOf,
      weatherDayAfter: v.weatherDayAfter, commercialNLbPerAcre: v.commercialNLbPerAcre ?? null, commercialP2o5LbPerAcre: v.commercialP2o5LbPerAcre ?? null,
      source, recordedByUserId: actor.id,
    },
  };
}

/** Records one application; returns it with its check against the approved plan. */
export async function recordApplication(actor: Actor, input: ApplicationRecordInput, options: { ipAddress?: string | null; db?: Executor } = {}): Promise<{ id: string; check: RecordCheck }> {
  const target = { operationId: input.operationId };
  await authorize(actor, 'application.record', target);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'application.record', target, tx);
    const p = prepare(actor, input.operationId, input, await loadPlanInForce(tx, input.operationId), 'form');
    if (p.acresProblem) throw new AppError('VALIDATION', 'Some answers need another look. See the messages next to the fields.', { acres: [p.acresProblem] });
    const [row] = await tx.insert(applicationRecords).values(p.values).returning({ id: applicationRecords.id });
    await recordAudit(tx, {
      actorUserId: actor.id, action: 'application.recorded', entityType: 'operation', entityId: input.operationId,
      after: { applicationId: row!.id, ...p.values, check: p.check.status }, ipAddress: options.ipAddress ?? null,
    });
    return { id: row!.id, check: p.check };
  });
}

export type ImportOutcome =
  | { ok: false; fileError?: string; problems: RowProblem[] }
  | { ok: true; committed: boolean; count: number; flagged: { row: number; message: string }[] };

/**
 * A season's CSV: every row checked first; any bad row (or a field covered by more acres than the plan
 * gives it) and nothing is imported. With `commit` false it is the preview: the count and the flags.
 */
export async function importApplications(actor: Actor, input: { operationId: string; bytes: Uint8Array; commit: boolean; today: string }, options: { ipAddress?: string | null } = {}): Promise<ImportOutcome> {
  const target = { operationId: input.operationId };
  await authorize(actor, 'application.record', target);
  const parsed = parseApplicationsCsv(input.bytes, input.today);
  if (parsed.fileError || parsed.problems.length) return { ok: false, fileError: parsed.fileError, problems: parsed.problems };
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'application.record', target, tx);
    const plan = await loadPlanInForce(tx, input.operationId);
    const prepared = parsed.records.map((r) => ({ row: r.row, ...prepare(actor, input.operationId, r, plan, 'csv') }));
    const problems = prepared.filter((p) => p.acresProblem).map((p) => ({ row: p.row, column: 'acres', message: p.acresProblem! }));
    if (problems.length) return { ok: false, problems };
    const flagged = prepared.filter((p) => p.check.message).map((p) => ({ row: p.row, message: p.check.message! }));
    if (!input.commit) return { ok: true, committed: false, count: prepared.length, flagged };
    const rows = await tx.insert(applicationRecords).values(prepared.map((p) => p.values)).returning({ id: applicationRecords.id });
    await recordAudit(tx, {
      actorUserId: actor.id, action: 'application.imported', entityType: 'operation', entityId: input.operationId,
      after: { count: rows.length, applicationIds: rows.map((r) => r.id), flagged: flagged.length }, ipAddress: options.ipAddress ?? null,
    });
    return { ok: true, committed: true, count: rows.length, flagged };
  });
}

// The table's method enum is the plan's list of methods: a method added to one and not the other fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const METHODS_MATCH: Same<(typeof manureApplicationMethod.enumValues)[number], (typeof APPLICATION_METHODS)[number]> = true;
