import 'server-only';
import type { Actor } from '@/lib/auth/roles';
import { isDepartment } from '@/lib/auth/roles';
import { cachedFigures, type CachedFigures } from '@/lib/cache/figures-cache';
import { newOwnersPastDue, plansByMonth, safoTerminated, unpaidFees, updatesOverdue } from './compliance';
import { addMonths } from '@/lib/schedule/months';
import { countBucketByCounty, listWorklistPage } from './worklist';

// The compliance dashboard's figures in one read, kept for a minute (lib/cache/figures-cache):
// each of them counts over every operation and plan in the state. The department's scope is the
// same for every member of staff, so one read serves them all; anyone else reads their own.

export const COMPLIANCE_TTL_MS = 60_000;

/** The twelve months the dashboard charts, ending with the month of `date` (part of its figures). */
export function complianceMonths(date: string): string[] {
  return Array.from({ length: 12 }, (_, i) => addMonths(date, i - 11));
}

async function readCompliance(actor: Actor, date: string, months: string[]) {
  const [overdue, dueSoon, updates, owners, safo, fees, monthly, overdueByCounty] = await Promise.all([
    listWorklistPage(actor, { page: 1, bucket: 'overdue' }, date, 25),
    listWorklistPage(actor, { page: 1, bucket: 'due_soon' }, date, 25),
    updatesOverdue(actor, date),
    newOwnersPastDue(actor, date),
    safoTerminated(actor),
    unpaidFees(actor, date),
    plansByMonth(actor, months),
    countBucketByCounty(actor, 'overdue', date),
  ]);
  return { overdue, dueSoon, updates, owners, safo, fees, monthly, overdueByCounty };
}

export type ComplianceFigures = Awaited<ReturnType<typeof readCompliance>>;

export function readComplianceFigures(actor: Actor, date: string, months: string[]): Promise<CachedFigures<ComplianceFigures>> {
  if (!isDepartment(actor.role)) return readCompliance(actor, date, months).then((value) => ({ value, asOf: new Date() }));
  return cachedFigures(`compliance:department:${date}`, COMPLIANCE_TTL_MS, () => readCompliance(actor, date, months));
}
