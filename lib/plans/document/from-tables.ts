import 'server-only';
import { eq } from 'drizzle-orm';
import { allOf, type Executor } from '@/db/client';
import { landAgreements, planFields, plans, stockpileSites } from '@/db/schema';
import { productionFromContent, readAgreements, readContacts, readFields, readStockpiles } from './lenient';
import type { FiledDocument } from './types';

// A filed plan read back from the tables it was materialized into (plan_fields, land_agreements,
// stockpile_sites and plans.content), for a plan with no frozen submission and for an update that
// starts from the last approved plan (IAC 567-65.110(3)"b": it amends that plan).
export async function documentFromTables(db: Executor, planId: string): Promise<FiledDocument | null> {
  const [plan] = await db.select({ content: plans.content }).from(plans).where(eq(plans.id, planId));
  if (!plan) return null;
  const [fields, agreements, piles] = await allOf(db, [
    () => db.select().from(planFields).where(eq(planFields.planId, planId)).orderBy(planFields.name),
    () => db.select().from(landAgreements).where(eq(landAgreements.planId, planId)),
    () => db.select().from(stockpileSites).where(eq(stockpileSites.planId, planId)).orderBy(stockpileSites.name),
  ]);
  const c = plan.content ?? {};
  return {
    contacts: readContacts(c.contacts),
    production: productionFromContent(c),
    fields: readFields(fields.map((f) => ({ ...f, key: f.id, crops: f.cropSchedule }))),
    agreements: readAgreements(agreements.map((a) => ({ ...a, key: a.id, fieldKey: a.fieldId }))),
    stockpiles: readStockpiles(piles.map((s) => ({ ...s, key: s.id, distances: s.distancesFt }))),
    soilLossPractices: c.soilLossPractices ?? '',
    ...(c.constructionBeginsOn ? { constructionBeginsOn: c.constructionBeginsOn } : {}),
  };
}
