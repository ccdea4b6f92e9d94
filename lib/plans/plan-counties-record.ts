import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { counties, planCounties } from '@/db/schema';
import { AppError } from '@/lib/errors';
import type { PlanCounty } from './counties';
import type { FiledDocument as PlanDocument } from './document/types';

/** Every county must be one of Iowa's 99; a county from elsewhere is refused on its field. */
export async function checkCountiesExist(tx: Executor, doc: PlanDocument, list: PlanCounty[]): Promise<void> {
  const wanted = [...new Set(list.map((c) => c.fips))];
  const found = await tx.select({ fips: counties.fips }).from(counties).where(inArray(counties.fips, wanted));
  const known = new Set(found.map((f) => f.fips));
  const i = doc.fields.findIndex((f) => !known.has(f.countyFips));
  if (i >= 0) {
    const message = `Field “${doc.fields[i]!.name}” names a county that is not in Iowa. Choose its Iowa county.`;
    throw new AppError('VALIDATION', message, { [`fields.fields.${i}.countyFips`]: [message] });
  }
}

/**
 * What queries need of a submitted plan, derived from its document in the submission's transaction:
 * the counties it touches (where the operation is and where its fields lie), which decide the county
 * officials who see it. The document itself is kept only in the frozen submission. A resubmission
 * replaces what the previous one derived.
 */
export async function recordPlanCounties(tx: Executor, planId: string, list: PlanCounty[]): Promise<void> {
  await tx.delete(planCounties).where(eq(planCounties.planId, planId));
  const unique = [...new Map(list.map((c) => [`${c.fips}:${c.relation}`, c])).values()];
  await tx.insert(planCounties).values(unique.map((c) => ({ planId, countyFips: c.fips, relation: c.relation })));
}
