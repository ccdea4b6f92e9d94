import 'server-only';
import type { Executor } from '@/db/client';
import { defaultReferenceTables, type ReferenceTables } from '@/lib/plans/reference-tables';

/** The reference tables in force on a date: the department's rows over the shipped defaults. */
export async function loadReferenceTables(_db: Executor, _onDate: string): Promise<ReferenceTables> {
  return defaultReferenceTables();
}
