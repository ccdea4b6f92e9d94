import 'server-only';
import type { Executor } from '@/db/client';
import type { ImportRowOutcome } from '@/db/schema';
import type { CsvRows } from './read';

// One kind of import file: its columns, how its rows are checked against what the portal holds,
// and how the rows that create or change something are written.
export type CheckedRow<V> = ImportRowOutcome & { value?: V };

/** `options`: what the admin chose for the whole file, for the kinds that ask (stored with the run). */
export type ImportContext = { today: string; actorUserId: string; runId: string; options: Record<string, unknown> };

export type ImportKind<V> = {
  label: string;
  columns: { required: readonly string[]; optional: readonly string[] };
  check(db: Executor, file: CsvRows, ctx: Pick<ImportContext, 'today' | 'options'>): Promise<CheckedRow<V>[]>;
  write(tx: Executor, rows: CheckedRow<V>[], ctx: ImportContext): Promise<void>;
};

/** The same facility ID on two rows: every one of them is refused, naming the others. */
export function refuseDuplicates<V>(rows: CheckedRow<V>[]): void {
  const byId = new Map<string, number[]>();
  for (const r of rows) if (r.facilityId) byId.set(r.facilityId, [...(byId.get(r.facilityId) ?? []), r.row]);
  for (const r of rows) {
    const same = r.facilityId ? byId.get(r.facilityId)! : [];
    if (same.length > 1) {
      r.outcome = 'refuse';
      r.messages.push({ column: 'facility_id', message: `Facility ID ${r.facilityId} is on rows ${same.join(', ')}: each operation once per file.` });
    }
  }
}

export const FACILITY_ID = /^[A-Za-z0-9-]{1,20}$/;
