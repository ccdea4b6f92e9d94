import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { allOf, type Executor } from '@/db/client';
import { landAgreements, planFields, plans, stockpileSites } from '@/db/schema';
import type { FieldRow } from '@/lib/validation/plan-fields';
import type { StockpileRow } from '@/lib/validation/plan-stockpiles';
import { draftFromDocument, type PlanDocument, type PlanDraft } from './document';

// Reads a filed plan back as a document from the tables it was materialized into, so an annual
// update starts from the last approved plan (IAC 567-65.110(3)"b": it amends that plan).

type Method = FieldRow['applicationMethod'];
type Timing = FieldRow['applicationTiming'];

export async function documentFromTables(db: Executor, planId: string): Promise<PlanDocument | null> {
  const [plan] = await db.select({ content: plans.content }).from(plans).where(eq(plans.id, planId));
  if (!plan) return null;
  const [fields, agreements, piles] = await allOf(db, [
    () => db.select().from(planFields).where(eq(planFields.planId, planId)).orderBy(planFields.name),
    () => db.select().from(landAgreements).where(eq(landAgreements.planId, planId)),
    () => db.select().from(stockpileSites).where(eq(stockpileSites.planId, planId)).orderBy(stockpileSites.name),
  ]);
  const c = plan.content ?? {};
  const mp = c.manureProduction ?? {};
  return {
    contacts: (c.contacts ?? []).map((x) => ({ name: x.name, role: x.role, phone: x.phone ?? '', email: x.email })),
    production: {
      annualAnimalProduction: mp.annualAnimalProduction ?? 0,
      nutrientUnit: mp.unit ?? (mp.manureWeightTons !== undefined ? 'tons' : 'thousand_gallons'),
      manureAmount: mp.manureVolumeGallons ?? mp.manureWeightTons ?? 0,
      nutrientSource: mp.nutrientSource ?? 'standard_values',
      totalNitrogenPerUnit: mp.totalNitrogenPerUnit ?? 0,
      availableNitrogenPerUnit: mp.availableNitrogenPerUnit ?? 0,
      p2o5PerUnit: mp.p2o5PerUnit ?? 0,
    },
    fields: fields.map<FieldRow>((f) => ({
      key: f.id,
      name: f.name,
      countyFips: f.countyFips,
      acres: f.acres,
      tenure: (['owned', 'rented', 'agreement'].includes(f.tenure) ? f.tenure : 'owned') as FieldRow['tenure'],
      crops: f.cropSchedule,
      optimumYield: f.optimumYield ?? 0,
      nitrogenRateLbPerAcre: f.nitrogenRateLbPerAcre ?? 0,
      legumeCreditLbPerAcre: f.legumeCreditLbPerAcre ?? undefined,
      commercialNLbPerAcre: f.commercialNLbPerAcre ?? undefined,
      carryoverCreditLbPerAcre: f.carryoverCreditLbPerAcre ?? undefined,
      phosphorusIndex: f.phosphorusIndex ?? 0,
      applicationMethod: (f.applicationMethod ?? 'injected') as Method,
      applicationTiming: (f.applicationTiming ?? 'fall') as Timing,
    })),
    agreements: agreements.map((a) => ({
      key: a.id,
      fieldKey: a.fieldId ?? '',
      landownerName: a.landownerName,
      acres: a.acres ?? undefined,
      signedOn: a.signedOn ?? '',
      attachmentId: a.attachmentId ?? '',
    })),
    stockpiles: piles.map<StockpileRow>((s) => ({
      key: s.id,
      name: s.name,
      distances: s.distancesFt as StockpileRow['distances'],
      tileInletDischargesToWater: s.tileInletDischargesToWater,
      runoffCannotReachTileInlet: s.runoffCannotReachTileInlet,
      runoffCannotReachDesignatedArea: s.runoffCannotReachDesignatedArea,
      inGrassedWaterway: s.inGrassedWaterway,
      slopePercent: s.slopePercent ?? undefined,
      runoffContainmentPractices: s.runoffContainmentPractices,
      practicesDescription: s.practicesDescription ?? undefined,
    })),
    soilLossPractices: c.soilLossPractices ?? '',
    ...(c.constructionBeginsOn ? { constructionBeginsOn: c.constructionBeginsOn } : {}),
  };
}

/** The operation's most recently approved plan (the one an update amends), or null. */
export async function lastApprovedPlanId(db: Executor, operationId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.operationId, operationId), eq(plans.status, 'approved')))
    .orderBy(desc(plans.decidedOn), desc(plans.receivedOn), desc(plans.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The form's contents for a plan: the saved draft, or, for a plan filed before drafts were kept
 * (returned or disapproved), what was filed, so the owner revises it rather than starting over.
 */
export async function draftOf(db: Executor, plan: typeof plans.$inferSelect): Promise<PlanDraft> {
  if (plan.draftState) return plan.draftState as PlanDraft;
  if (plan.status === 'draft') return {};
  const filed = await documentFromTables(db, plan.id);
  if (!filed) return {};
  const draft = draftFromDocument(filed);
  if (plan.kind === 'annual_update') {
    draft.update = {
      updateKind: plan.updateKind ?? '',
      statedAnimalUnitCapacity: plan.animalUnitCapacity ?? '',
      channel: plan.channel,
      noChangeConfirmed: plan.updateKind === 'no_change_statement',
    };
  }
  return draft;
}
