import 'server-only';
// Importing the department's records: a dry run per file (what each row would create, change or
// why it is refused), then, once the admin applies it, the writes in batches with progress. A file
// with any refused row is refused whole and writes nothing. Applying is idempotent by facility ID:
// every row is compared with what the portal holds again, so a second import changes nothing.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { importRuns, type ImportRowOutcome, type ImportSummary } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { today as clockToday } from '@/lib/clock';
import { csvDocument } from '@/lib/csv';
import { AppError, notFoundError } from '@/lib/errors';
import { feesKind } from './fees-kind';
import type { CheckedRow, ImportKind } from './kind';
import { operationsKind } from './operations-kind';
import { ownersKind } from './owners-kind';
import { planHistoryKind } from './plan-history-kind';
import { outcomeWords, type ImportFileKind, type ImportRunStatus } from './labels';
import { fileTooLargeMessage } from '@/lib/http/body-limit';
import { decodeUtf8, MAX_IMPORT_BYTES, readCsv } from './read';
import { isUuid } from '@/lib/ids';
import { countyYieldsKind } from '@/lib/reference/county-yields-kind';

export type { ImportFileKind, ImportRunStatus } from './labels';

export const IMPORT_KINDS: Record<ImportFileKind, ImportKind<unknown>> = {
  operations: operationsKind as ImportKind<unknown>,
  owners: ownersKind as ImportKind<unknown>,
  plan_history: planHistoryKind as ImportKind<unknown>,
  unpaid_fees: feesKind as ImportKind<unknown>,
  county_yields: countyYieldsKind as ImportKind<unknown>,
};

export const BATCH_SIZE = 500;

function summarize(rows: ImportRowOutcome[]): ImportSummary {
  const s: ImportSummary = { rows: rows.length, create: 0, change: 0, unchanged: 0, refuse: 0 };
  for (const r of rows) s[r.outcome === 'create' ? 'create' : r.outcome === 'change' ? 'change' : r.outcome === 'unchanged' ? 'unchanged' : 'refuse']++;
  return s;
}

const strip = (rows: CheckedRow<unknown>[]): ImportRowOutcome[] => rows.map(({ row, facilityId, outcome, messages, details }) => ({ row, facilityId, outcome, messages, ...(details ? { details } : {}) }));

async function checkText(kind: ImportFileKind, text: string, today: string, options: Record<string, unknown>) {
  const def = IMPORT_KINDS[kind];
  const file = readCsv(text, def.columns);
  if ('fileError' in file) return { fileError: file.fileError, rows: [] as CheckedRow<unknown>[] };
  return { fileError: null, rows: await def.check(await getDb(), file, { today, options }) };
}

/** The dry run: nothing but the run itself is written. */
export async function checkImport(actor: Actor, input: { kind: ImportFileKind; filename: string; bytes: Uint8Array; options?: Record<string, unknown> }, today = clockToday()): Promise<string> {
  await authorize(actor, 'import.run');
  if (input.bytes.length > MAX_IMPORT_BYTES) {
    const message = fileTooLargeMessage(MAX_IMPORT_BYTES, 'Split it into smaller files and import each.');
    throw new AppError('VALIDATION', message, { file: [message] });
  }
  const decoded = decodeUtf8(input.bytes);
  const text = typeof decoded === 'string' ? decoded : '';
  const checked = typeof decoded === 'string' ? await checkText(input.kind, text, today, input.options ?? {}) : { fileError: decoded.fileError, rows: [] };
  const outcomes = strip(checked.rows);
  const summary = summarize(outcomes);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'import.run', undefined, tx);
    const [run] = await tx
      .insert(importRuns)
      .values({ kind: input.kind, filename: input.filename.slice(0, 200), content: text, options: input.options ?? {}, status: checked.fileError || summary.refuse ? 'refused' : 'checked', fileError: checked.fileError, summary, outcomes, uploadedByUserId: actor.id })
      .returning({ id: importRuns.id });
    await recordAudit(tx, { actorUserId: actor.id, action: 'import.checked', entityType: 'import_run', entityId: run!.id, after: { kind: input.kind, filename: input.filename, options: input.options ?? {}, summary, fileError: checked.fileError } });
    return run!.id;
  });
}

/**
 * Applies a checked file in batches of BATCH_SIZE rows, one transaction each, reporting progress.
 * Every row is compared with the portal's records again first; if anything would now be refused,
 * nothing is written.
 */
export async function applyImport(actor: Actor, runId: string, options: { today?: string; onProgress?: (done: number, total: number) => void } = {}): Promise<ImportSummary> {
  await authorize(actor, 'import.run');
  const db = await getDb();
  const [run] = await db
    .update(importRuns)
    .set({ status: 'applying', processedRows: 0, appliedByUserId: actor.id })
    .where(and(eq(importRuns.id, runId), inArray(importRuns.status, ['checked', 'failed'])))
    .returning();
  if (!run) {
    const [exists] = await db.select({ status: importRuns.status }).from(importRuns).where(eq(importRuns.id, runId));
    if (!exists) throw notFoundError();
    throw new AppError('CONFLICT', exists.status === 'refused' ? 'This file was refused: fix the rows named and upload it again.' : exists.status === 'applied' ? 'This file was already applied. Upload it again to see that nothing would change.' : 'This file is being applied already.');
  }
  const t0 = Date.now();
  const def = IMPORT_KINDS[run.kind];
  try {
    const { fileError, rows } = await checkText(run.kind, run.content, options.today ?? clockToday(), run.options);
    const outcomes = strip(rows);
    const summary = summarize(outcomes);
    if (fileError || summary.refuse) {
      await db.update(importRuns).set({ status: 'failed', fileError: fileError ?? 'The portal’s records changed since the dry run and some rows would now be refused. Nothing was written; upload the file again to see why.', summary, outcomes }).where(eq(importRuns.id, runId));
      return summary;
    }
    for (let i = 0; i < rows.length; i += BATCH_SIZE) {
      const batch = rows.slice(i, i + BATCH_SIZE);
      await db.transaction(async (tx) => {
        await authorize(actor, 'import.run', undefined, tx);
        await def.write(tx, batch.filter((r) => r.outcome === 'create' || r.outcome === 'change'), { today: options.today ?? clockToday(), actorUserId: actor.id, runId, options: run.options });
        await tx.update(importRuns).set({ processedRows: i + batch.length }).where(eq(importRuns.id, runId));
      });
      options.onProgress?.(i + batch.length, rows.length);
    }
    const ms = Date.now() - t0;
    await db.transaction(async (tx) => {
      await tx.update(importRuns).set({ status: 'applied', appliedAt: new Date(), appliedMs: ms, summary, outcomes, processedRows: rows.length }).where(eq(importRuns.id, runId));
      await recordAudit(tx, { actorUserId: actor.id, action: 'import.applied', entityType: 'import_run', entityId: runId, after: { kind: run.kind, filename: run.filename, summary, ms } });
    });
    return summary;
  } catch (err) {
    await db.update(importRuns).set({ status: 'failed', fileError: 'Applying stopped part way; the batches written are kept. Apply again: rows already written are unchanged and skipped.' }).where(eq(importRuns.id, runId));
    throw err;
  }
}

/**
 * At start-up: a run left "applying" by a process that stopped (a crash, a restart) is applied by no
 * one. Each batch is its own transaction, so the batch in progress was rolled back with the process;
 * the run is marked stopped with how far it got, and applying again writes the rest (rows already
 * written compare as unchanged).
 */
export async function recoverInterruptedImports(): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const stuck = await tx
      .update(importRuns)
      .set({ status: 'failed', fileError: sql`'Applying stopped when the portal stopped, after ' || ${importRuns.processedRows} || ' of ' || (${importRuns.summary}->>'rows') || ' rows. The batch in progress then was rolled back; the batches before it are kept. Apply again to write the rest: rows already written are unchanged and skipped.'` })
      .where(eq(importRuns.status, 'applying'))
      .returning({ id: importRuns.id, processedRows: importRuns.processedRows, filename: importRuns.filename });
    for (const run of stuck) {
      await recordAudit(tx, { actorUserId: null, action: 'import.interrupted', entityType: 'import_run', entityId: run.id, after: { filename: run.filename, processedRows: run.processedRows } });
    }
    return stuck.length;
  });
}

/** The latest earlier run that applied the same file (same kind, same bytes), if any. */
export async function findEarlierApplication(actor: Actor, run: { id: string; kind: ImportFileKind; content: string; createdAt: Date }) {
  await authorize(actor, 'import.run');
  const db = await getDb();
  const [earlier] = await db
    .select({ id: importRuns.id, appliedAt: importRuns.appliedAt, filename: importRuns.filename })
    .from(importRuns)
    .where(and(eq(importRuns.kind, run.kind), eq(importRuns.status, 'applied'), eq(importRuns.content, run.content), sql`${importRuns.id} <> ${run.id}`, sql`${importRuns.createdAt} < ${run.createdAt.toISOString()}`))
    .orderBy(desc(importRuns.appliedAt))
    .limit(1);
  return earlier ?? null;
}

export async function getImportRun(actor: Actor, runId: string) {
  await authorize(actor, 'import.run');
  if (!isUuid(runId)) throw notFoundError();
  const db = await getDb();
  const [run] = await db.select().from(importRuns).where(eq(importRuns.id, runId));
  if (!run) throw notFoundError();
  return run;
}

export async function listImportRuns(actor: Actor) {
  await authorize(actor, 'import.run');
  const db = await getDb();
  return db
    .select({ id: importRuns.id, kind: importRuns.kind, filename: importRuns.filename, status: importRuns.status, summary: importRuns.summary, createdAt: importRuns.createdAt, appliedMs: importRuns.appliedMs, fileError: importRuns.fileError })
    .from(importRuns)
    .orderBy(desc(importRuns.createdAt))
    .limit(50);
}

export async function importProgress(actor: Actor, runId: string) {
  await authorize(actor, 'import.run');
  if (!isUuid(runId)) throw notFoundError();
  const db = await getDb();
  const [row] = await db
    .select({ status: importRuns.status, processed: importRuns.processedRows, total: sql<number>`(${importRuns.summary}->>'rows')::int` })
    .from(importRuns)
    .where(eq(importRuns.id, runId));
  if (!row) throw notFoundError();
  return row;
}

/** The report as CSV: one line per row and problem, in the words of the run's state (would create, created). */
export function outcomesCsv(run: { status: ImportRunStatus; fileError: string | null; outcomes: ImportRowOutcome[] }): string {
  const OUTCOME_WORDS = outcomeWords(run.status);
  const lines: (string | number | null)[][] = [];
  if (run.fileError) lines.push(['', '', 'Refused', 'file', run.fileError, '']);
  for (const o of run.outcomes) {
    if (!o.messages.length) lines.push([o.row, o.facilityId, OUTCOME_WORDS[o.outcome], '', '', o.details ?? '']);
    for (const m of o.messages) lines.push([o.row, o.facilityId, OUTCOME_WORDS[o.outcome], m.column ?? '', m.message, o.details ?? '']);
  }
  return csvDocument(['Row', 'Facility ID', 'Outcome', 'Column', 'Why', 'Computed by lib/rules'], lines);
}
