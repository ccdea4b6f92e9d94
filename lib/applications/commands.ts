import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { applicationRecords, manureApplicationMethod } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import type { ApplicationRecordInput, ApplicationRowInput } from '@/lib/validation/application-records';
import type { APPLICATION_METHODS } from '@/lib/validation/plan-fields';
import { applicationRatePerAcre, checkSeason, planFieldOf, seasonStandings, type RecordCheck } from './check';
import { parseApplicationsCsv, type RowProblem } from './csv';
import { limitsForYear, loadPlanInForce, type PlanInForce } from './plan-limits';

// Recording manure applications (DNR form 542-8002): one from the form, or a season's CSV. Each write
// is one transaction with its audit event; the record is then checked against the approved plan in
// force, so the owner sees an over-rate application at once.

type Prepared = { values: typeof applicationRecords.$inferInsert; check: RecordCheck; acresProblem: string | null };

/** The row to insert: the plan's field key and name when the record names a plan field. */
function prepare(actor: Actor, operationId: string, v: ApplicationRowInput, plan: PlanInForce | null, source: 'form' | 'csv'): Omit<Prepared, 'check'> {
  const limits = limitsForYear(plan, v.cropYear);
  const ratePerAcre = applicationRatePerAcre(v.amountApplied, v.acres);
  const field = limits ? planFieldOf(limits, { fieldKey: v.fieldKey ?? null, fieldName: v.fieldName }) : undefined;
  const record = { fieldKey: field?.key ?? null, fieldName: field?.name ?? v.fieldName };
  const acresProblem = field?.acres && v.acres > field.acres ? `${field.name} is ${formatNumber(field.acres)} acres in the approved plan; the acres covered cannot be more` : null;
  return {
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

type Row = typeof applicationRecords.$inferInsert;

/**
 * The new records' checks, each with its field's season total in its crop year: the records already
 * kept for that year (in the order applied) come first, then the new ones in the order given. Also
 * where each field touched stands once the new records are in.
 */
async function checkWithSeason(tx: Executor, operationId: string, plan: PlanInForce | null, rows: Row[]): Promise<{ checks: RecordCheck[]; standings: string[] }> {
  const checks: RecordCheck[] = new Array(rows.length);
  const standings: string[] = [];
  for (const year of [...new Set(rows.map((r) => r.cropYear))]) {
    const kept = await tx
      .select({ fieldKey: applicationRecords.fieldKey, fieldName: applicationRecords.fieldName, ratePerAcre: applicationRecords.ratePerAcre, amountUnit: applicationRecords.amountUnit, amountApplied: applicationRecords.amountApplied })
      .from(applicationRecords)
      .where(and(eq(applicationRecords.operationId, operationId), eq(applicationRecords.cropYear, year)))
      .orderBy(asc(applicationRecords.appliedOn), asc(applicationRecords.recordedAt));
    const mine = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.cropYear === year);
    const season = [...kept, ...mine.map(({ r }) => ({ fieldKey: r.fieldKey ?? null, fieldName: r.fieldName, ratePerAcre: r.ratePerAcre, amountUnit: r.amountUnit, amountApplied: r.amountApplied }))];
    const seasonChecks = checkSeason(season, limitsForYear(plan, year));
    mine.forEach(({ i }, j) => { checks[i] = seasonChecks[kept.length + j]!; });
    const last = seasonStandings(season, seasonChecks);
    const years = new Set(rows.map((r) => r.cropYear)).size;
    for (const name of new Set(mine.map(({ r }) => r.fieldName.trim().toLowerCase()))) {
      const words = last.get(name);
      if (words) standings.push(years > 1 ? `Crop year ${year}: ${words}` : words);
    }
  }
  return { checks, standings };
}

/** Records one application; returns it with its check against the approved plan. */
export async function recordApplication(actor: Actor, input: ApplicationRecordInput, options: { ipAddress?: string | null; db?: Executor } = {}): Promise<{ id: string; check: RecordCheck }> {
  const target = { operationId: input.operationId };
  await authorize(actor, 'application.record', target);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'application.record', target, tx);
    const plan = await loadPlanInForce(tx, input.operationId);
    const prepared = prepare(actor, input.operationId, input, plan, 'form');
    const p = { ...prepared, check: (await checkWithSeason(tx, input.operationId, plan, [prepared.values])).checks[0]! };
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
  | { ok: true; committed: boolean; count: number; flagged: { row: number; message: string }[]; standings: string[] };

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
    const rows = parsed.records.map((r) => ({ row: r.row, ...prepare(actor, input.operationId, r, plan, 'csv') }));
    const season = await checkWithSeason(tx, input.operationId, plan, rows.map((r) => r.values));
    const prepared = rows.map((r, i) => ({ ...r, check: season.checks[i]! }));
    const problems = prepared.filter((p) => p.acresProblem).map((p) => ({ row: p.row, column: 'acres', message: p.acresProblem! }));
    if (problems.length) return { ok: false, problems };
    const flagged = prepared.filter((p) => p.check.message).map((p) => ({ row: p.row, message: p.check.message! }));
    if (!input.commit) return { ok: true, committed: false, count: prepared.length, flagged, standings: season.standings };
    const inserted = await tx.insert(applicationRecords).values(prepared.map((p) => p.values)).returning({ id: applicationRecords.id });
    await recordAudit(tx, {
      actorUserId: actor.id, action: 'application.imported', entityType: 'operation', entityId: input.operationId,
      after: { count: inserted.length, applicationIds: inserted.map((r) => r.id), flagged: flagged.length }, ipAddress: options.ipAddress ?? null,
    });
    return { ok: true, committed: true, count: inserted.length, flagged, standings: season.standings };
  });
}

// The table's method enum is the plan's list of methods: a method added to one and not the other fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const METHODS_MATCH: Same<(typeof manureApplicationMethod.enumValues)[number], (typeof APPLICATION_METHODS)[number]> = true;
