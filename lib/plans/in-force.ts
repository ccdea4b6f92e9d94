// IAC 567-65.110(5): may manure leave storage? One query decides whether an approved plan is in force for
// an operation, and every page, letter, email, county view and export asks it (as this SQL inside a list,
// or through manureRemovalForOperation for one operation). The reading it implements is the parameter
// reading.approved_plan_in_force (unconfirmed): an approved MMP stays in force until a later one is
// approved, and a disapproved annual update does not withdraw it; so an approved plan is in force
// exactly when the operation has one.
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from '@/db/client';
import { latestParameter, manureRemoval } from '@/lib/rules';

export function approvedPlanInForceSql(operationId: SQL | AnyPgColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from plans ap where ap.operation_id = ${operationId} and ap.status = 'approved')`;
}

/** Short words for a table cell or a CSV column: the same on every page, letter and export. */
export function manureRemovalWords(allowed: boolean): string {
  return allowed ? 'Allowed: an approved plan is in force' : 'Not allowed: no approved plan is in force';
}

export type ManureRemovalAnswer = ReturnType<typeof manureRemoval> & {
  /** The reading of "approved" used, flagged for the department to confirm. */
  reading: { text: string; confirmed: boolean; source: string };
};

/** IAC 567-65.110(5) for an operation whose approvedPlanInForce is known (from approvedPlanInForceSql). */
export function manureRemovalAnswer(approvedPlanInForce: boolean): ManureRemovalAnswer {
  const reading = latestParameter('reading.approved_plan_in_force');
  return { ...manureRemoval({ approvedPlanInForce }), reading: { text: reading.value, confirmed: reading.confirmed, source: reading.source } };
}

export async function approvedPlanInForce(db: Executor, operationId: string): Promise<boolean> {
  const [row] = await queryRows<{ inForce: boolean }>(db, sql`select ${approvedPlanInForceSql(sql`${operationId}::uuid`)} as "inForce"`);
  return Boolean(row?.inForce);
}

export async function manureRemovalForOperation(db: Executor, operationId: string): Promise<ManureRemovalAnswer> {
  return manureRemovalAnswer(await approvedPlanInForce(db, operationId));
}
