import 'server-only';
import { and, asc, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { applicationRecords, operations, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { operationScope } from '@/lib/auth/scopes';
import { notFoundError } from '@/lib/errors';
import { isUuid } from '@/lib/ids';
import { checkSeason, seasonTotals, type RecordCheck, type SeasonFieldTotal } from './check';
import { fieldLimits, limitsForYear, loadPlanInForce } from './plan-limits';

// Reading a season's application records (DNR form 542-8002) in the caller's scope: the owners of the
// operation and those acting for them (preparers, the contractor), the department, and the county
// officials of the operation's counties (operationScope). Each record comes with its check against the
// approved plan in force, and the season with its total per field against the plan's rates.

export type ApplicationRow = typeof applicationRecords.$inferSelect & { recordedByName: string; check: RecordCheck };

export type ApplicationSeason = {
  operation: { id: string; name: string };
  cropYear: number;
  planId: string | null;
  /** The plan's manure unit for the season's limits, null without an approved plan. */
  planUnit: 'thousand gallons' | 'tons' | null;
  /** The same as a form value. */
  planUnitCode: 'thousand_gallons' | 'tons' | null;
  unconfirmed: string | null;
  /** The plan's fields with their limit for the season, for the form. */
  fields: ReturnType<typeof fieldLimits>;
  records: ApplicationRow[];
  totals: SeasonFieldTotal[];
  /** Crop years that have records, newest first (for the season picker). */
  seasons: number[];
};

export async function listApplicationsForSeason(actor: Actor, operationId: string, cropYear: number): Promise<ApplicationSeason> {
  if (!isUuid(operationId)) throw notFoundError();
  const db = await getDb();
  const [op] = await db.select({ id: operations.id, name: operations.name }).from(operations).where(and(eq(operations.id, operationId), operationScope(actor)));
  if (!op) throw notFoundError();
  const [rows, years, plan] = await Promise.all([
    db
      .select({ r: applicationRecords, recordedByName: users.name })
      .from(applicationRecords)
      .innerJoin(users, eq(users.id, applicationRecords.recordedByUserId))
      .where(and(eq(applicationRecords.operationId, operationId), eq(applicationRecords.cropYear, cropYear)))
      .orderBy(asc(applicationRecords.appliedOn), asc(applicationRecords.recordedAt)),
    db
      .selectDistinct({ year: applicationRecords.cropYear })
      .from(applicationRecords)
      .where(eq(applicationRecords.operationId, operationId))
      .orderBy(desc(applicationRecords.cropYear)),
    loadPlanInForce(db, operationId),
  ]);
  const limits = limitsForYear(plan, cropYear);
  // Each record with the field's season total up to it, in the order applied.
  const checks = checkSeason(rows.map(({ r }) => r), limits);
  const records = rows.map(({ r, recordedByName }, i) => ({ ...r, recordedByName, check: checks[i]! }));
  return {
    operation: op,
    cropYear,
    planId: plan?.planId ?? null,
    planUnit: limits?.unit ?? null,
    planUnitCode: limits ? (limits.unit === 'tons' ? 'tons' : 'thousand_gallons') : null,
    unconfirmed: limits?.unconfirmed ?? null,
    fields: fieldLimits(plan, cropYear),
    records,
    totals: seasonTotals(records, limits),
    seasons: years.map((y) => y.year),
  };
}

/** How many of the operation's records in the season are above the plan's limit (for a badge or a flag). */
export function overRateCount(season: ApplicationSeason): number {
  return season.records.filter((r) => r.check.status === 'over_rate').length;
}

