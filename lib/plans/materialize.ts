import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { counties, landAgreements, planCounties, planFields, stockpileSites } from '@/db/schema';
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
 * Writes the submitted document into the tables the department, the counties and reports read:
 * fields, land agreements, stockpile sites and the counties the plan touches. A resubmission
 * replaces what the previous submission wrote (the earlier version stays in its snapshot).
 */
export async function materializePlan(tx: Executor, planId: string, doc: PlanDocument, list: PlanCounty[]): Promise<void> {
  await tx.delete(landAgreements).where(eq(landAgreements.planId, planId));
  await tx.delete(stockpileSites).where(eq(stockpileSites.planId, planId));
  await tx.delete(planFields).where(eq(planFields.planId, planId));
  await tx.delete(planCounties).where(eq(planCounties.planId, planId));

  const fieldIds = new Map(doc.fields.map((f) => [f.key, randomUUID()]));
  if (doc.fields.length) {
    await tx.insert(planFields).values(
      doc.fields.map((f) => ({
        id: fieldIds.get(f.key)!,
        planId,
        name: f.name,
        countyFips: f.countyFips,
        acres: f.acres,
        tenure: f.tenure,
        cropSchedule: f.crops,
        optimumYield: f.optimumYield,
        nitrogenRateLbPerAcre: f.nitrogenRateLbPerAcre,
        legumeCreditLbPerAcre: f.legumeCreditLbPerAcre ?? null,
        commercialNLbPerAcre: f.commercialNLbPerAcre ?? null,
        carryoverCreditLbPerAcre: f.carryoverCreditLbPerAcre ?? null,
        phosphorusIndex: f.phosphorusIndex,
        previousCrop: f.previousCrop ?? null,
        previousCropManured: f.previousCropManured ?? null,
        yieldSource: f.yieldSource ?? null,
        yieldBasis: f.yieldBasis ?? null,
        p2o5RemovalLbPerAcre: f.p2o5RemovalLbPerAcre ?? null,
        yearsBetweenApplications: f.yearsBetweenApplications ?? null,
        applicationMethod: f.applicationMethod,
        applicationTiming: f.applicationTiming,
      })),
    );
  }
  if (doc.agreements.length) {
    await tx.insert(landAgreements).values(
      doc.agreements.map((a) => ({
        planId,
        fieldId: a.fieldKey ? fieldIds.get(a.fieldKey) ?? null : null,
        landownerName: a.landownerName,
        acres: a.acres ?? null,
        signedOn: a.signedOn || null,
        attachmentId: a.attachmentId || null,
        commercialNLbPerAcre: a.commercialNLbPerAcre ?? null,
        commercialP2o5LbPerAcre: a.commercialP2o5LbPerAcre ?? null,
        statementId: a.statementId ?? null,
      })),
    );
  }
  if (doc.stockpiles.length) {
    await tx.insert(stockpileSites).values(
      doc.stockpiles.map((s) => ({
        planId,
        name: s.name,
        distancesFt: Object.fromEntries(Object.entries(s.distances).filter(([, v]) => v !== undefined)) as Record<string, number>,
        tileInletDischargesToWater: s.tileInletDischargesToWater,
        runoffCannotReachTileInlet: s.runoffCannotReachTileInlet,
        runoffCannotReachDesignatedArea: s.runoffCannotReachDesignatedArea,
        inGrassedWaterway: s.inGrassedWaterway,
        slopePercent: s.slopePercent ?? null,
        runoffContainmentPractices: s.runoffContainmentPractices,
        practicesDescription: s.practicesDescription ?? null,
      })),
    );
  }
  const unique = [...new Map(list.map((c) => [`${c.fips}:${c.relation}`, c])).values()];
  await tx.insert(planCounties).values(unique.map((c) => ({ planId, countyFips: c.fips, relation: c.relation })));
}
