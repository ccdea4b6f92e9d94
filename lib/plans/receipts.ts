import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { attachments, counties, countyReceipts, planCounties, plans } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { isIsoDate } from '@/lib/rules';

// IAC 567-65.110(3)"b"(1): a hard-copy plan goes to the board of supervisors of every county it
// touches, with documentation that each received it (form 542-8046). One receipt per county.
export type ReceiptInput = { planId: string; countyFips: string; receivedOn: string; receivedByName: string; attachmentId?: string | null };

export type CountyCoverage = { fips: string; name: string; receivedOn: string | null; receivedByName: string | null };

/**
 * `listCountyCoverage` and `allCountiesCovered` from rows a page has already read: the counties the
 * plan touches (by name) and its receipts.
 */
export function coverageFrom(
  touched: { fips: string; name: string }[],
  receipts: { countyFips: string; receivedOn: string; receivedByName: string }[],
): { coverage: CountyCoverage[]; covered: boolean } {
  const seen = new Set<string>();
  const coverage: CountyCoverage[] = [];
  for (const c of touched) {
    if (seen.has(c.fips)) continue;
    seen.add(c.fips);
    const got = receipts.filter((r) => r.countyFips === c.fips);
    if (!got.length) coverage.push({ fips: c.fips, name: c.name, receivedOn: null, receivedByName: null });
    for (const r of got) coverage.push({ fips: c.fips, name: c.name, receivedOn: r.receivedOn, receivedByName: r.receivedByName });
  }
  return { coverage, covered: coverage.every((c) => c.receivedOn !== null) };
}

/** Each county the plan must reach, with its receipt if recorded. */
export async function listCountyCoverage(planId: string): Promise<CountyCoverage[]> {
  const db = await getDb();
  return db
    .selectDistinct({ fips: planCounties.countyFips, name: counties.name, receivedOn: countyReceipts.receivedOn, receivedByName: countyReceipts.receivedByName })
    .from(planCounties)
    .innerJoin(counties, eq(counties.fips, planCounties.countyFips))
    .leftJoin(countyReceipts, and(eq(countyReceipts.planId, planCounties.planId), eq(countyReceipts.countyFips, planCounties.countyFips)))
    .where(eq(planCounties.planId, planId))
    .orderBy(counties.name);
}

/** Every county the plan touches has its receipt (always true for an electronic plan). */
export async function allCountiesCovered(planId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ missing: sql<number>`count(distinct ${planCounties.countyFips})::int` })
    .from(planCounties)
    .leftJoin(countyReceipts, and(eq(countyReceipts.planId, planCounties.planId), eq(countyReceipts.countyFips, planCounties.countyFips)))
    .where(and(eq(planCounties.planId, planId), sql`${countyReceipts.id} is null`));
  return (row?.missing ?? 0) === 0;
}

/**
 * Records a county's receipt of a hard-copy plan: by the owner or preparer (with the signed receipt
 * uploaded) or by an official of that county. A county official records only for their own county.
 */
export async function recordCountyReceipt(actor: Actor, input: ReceiptInput, today: string): Promise<void> {
  if (!isIsoDate(input.receivedOn)) throw fieldError('receivedOn', 'Enter the date the county received the plan.');
  if (input.receivedOn > today) throw fieldError('receivedOn', 'The date the county received the plan cannot be in the future.');
  if (!input.receivedByName.trim()) throw fieldError('receivedByName', 'Enter who received the plan for the county.');
  if (actor.role === 'county_official' && actor.countyFips !== input.countyFips) {
    throw fieldError('countyFips', 'You can record receipts for your own county only.');
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'plan.record_county_receipt', { planId: input.planId }, tx);
    const [plan] = await tx.select({ channel: plans.channel, status: plans.status }).from(plans).where(eq(plans.id, input.planId)).for('update');
    if (plan?.channel !== 'hard_copy') throw new AppError('VALIDATION', 'County receipts are recorded for hard-copy plans only.');
    const touches = await tx
      .select({ fips: planCounties.countyFips })
      .from(planCounties)
      .where(and(eq(planCounties.planId, input.planId), eq(planCounties.countyFips, input.countyFips)));
    if (!touches.length) throw fieldError('countyFips', 'This plan does not go to that county.');
    if (input.attachmentId) {
      const [file] = await tx.select({ id: attachments.id }).from(attachments).where(and(eq(attachments.id, input.attachmentId), eq(attachments.planId, input.planId)));
      if (!file) throw fieldError('attachmentId', 'Upload the signed receipt for this plan.');
    }
    const [row] = await tx
      .insert(countyReceipts)
      .values({ ...input, receivedByName: input.receivedByName.trim(), recordedByUserId: actor.id })
      .onConflictDoNothing()
      .returning({ id: countyReceipts.id });
    if (!row) throw new AppError('CONFLICT', 'A receipt for that county is already recorded.');
    await recordAudit(tx, { actorUserId: actor.id, action: 'plan.county_receipt_recorded', entityType: 'plan', entityId: input.planId, after: { countyFips: input.countyFips, receivedOn: input.receivedOn, receivedByName: input.receivedByName } });
  });
}

function fieldError(field: string, message: string) {
  return new AppError('VALIDATION', message, { [field]: [message] });
}
