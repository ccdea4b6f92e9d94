import 'server-only';
import { and, desc, lte } from 'drizzle-orm';
import { allOf, type Executor } from '@/db/client';
import { countyCropYields, cropNutrientFactors } from '@/db/schema';
import { defaultReferenceTables, type CountyYield, type CropFactor, type ReferenceTables } from '@/lib/plans/reference-tables';

// The reference tables in force on a date: for each crop, the department's latest row effective on
// or before the date replaces the shipped default (which stays, flagged unconfirmed, for a crop the
// department has not recorded); county yields come only from the department's rows. Two queries.

type CropRow = typeof cropNutrientFactors.$inferSelect;
type YieldRow = typeof countyCropYields.$inferSelect;

export const toCropFactor = (r: CropRow): CropFactor => ({
  crop: r.crop, label: r.label, yieldUnit: r.yieldUnit, nLbPerYieldUnit: r.nLbPerYieldUnit, p2o5LbPerYieldUnit: r.p2o5LbPerYieldUnit,
  source: r.source, effectiveFrom: r.effectiveFrom, confirmed: r.confirmed,
});

export const toCountyYield = (r: YieldRow): CountyYield => ({
  countyFips: r.countyFips, crop: r.crop, yield: r.yield, unit: r.unit, years: r.years, source: r.source, effectiveFrom: r.effectiveFrom, confirmed: r.confirmed,
});

/** Overlays the department's crop rows on the shipped ones: same crop replaced, new crops added. */
export function mergeCropFactors(defaults: CropFactor[], recorded: CropFactor[]): CropFactor[] {
  const byCrop = new Map(recorded.map((c) => [c.crop, c]));
  return [...defaults.map((d) => byCrop.get(d.crop) ?? d), ...recorded.filter((r) => !defaults.some((d) => d.crop === r.crop))];
}

/**
 * The reference tables in force on a date: the department's rows over the shipped defaults. With
 * `recordedBy`, as the portal knew them at that moment (rows are only ever added, so this is what a
 * submission filed then was computed with, whatever was recorded later with an earlier date).
 */
export async function loadReferenceTables(db: Executor, onDate: string, options: { recordedBy?: Date } = {}): Promise<ReferenceTables> {
  const { recordedBy } = options;
  const [crops, yields] = await allOf(db, [
    () => db
      .selectDistinctOn([cropNutrientFactors.crop])
      .from(cropNutrientFactors)
      .where(and(lte(cropNutrientFactors.effectiveFrom, onDate), recordedBy ? lte(cropNutrientFactors.recordedAt, recordedBy) : undefined))
      .orderBy(cropNutrientFactors.crop, desc(cropNutrientFactors.effectiveFrom), desc(cropNutrientFactors.recordedAt)),
    () => db
      .selectDistinctOn([countyCropYields.countyFips, countyCropYields.crop])
      .from(countyCropYields)
      .where(and(lte(countyCropYields.effectiveFrom, onDate), recordedBy ? lte(countyCropYields.recordedAt, recordedBy) : undefined))
      .orderBy(countyCropYields.countyFips, countyCropYields.crop, desc(countyCropYields.effectiveFrom), desc(countyCropYields.recordedAt)),
  ]);
  return { crops: mergeCropFactors(defaultReferenceTables().crops, crops.map(toCropFactor)), countyYields: yields.map(toCountyYield) };
}

/** The figure recorded last for each county and crop, whatever its date: what a new file is compared with. */
export async function latestCountyYields(db: Executor): Promise<CountyYield[]> {
  const rows = await db
    .selectDistinctOn([countyCropYields.countyFips, countyCropYields.crop])
    .from(countyCropYields)
    .orderBy(countyCropYields.countyFips, countyCropYields.crop, desc(countyCropYields.effectiveFrom), desc(countyCropYields.recordedAt));
  return rows.map(toCountyYield);
}
