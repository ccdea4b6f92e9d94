import 'server-only';
// The crop table kept by an administrator: a crop's nitrogen need and P2O5 removal per yield unit,
// each row with its source and effective date. A row is only ever added; the latest row effective
// on a date is the one in force then, replacing the shipped default for that crop from its date.
import { asc, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { countyCropYields, counties, cropNutrientFactors, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { cropKey, defaultReferenceTables, findCropFactor } from '@/lib/plans/reference-tables';
import type { CropFactorInput } from '@/lib/validation/reference-tables';
import { loadReferenceTables } from './load';

// Who may read the tables is the policy table's 'reference.read' (the department and administrators);
// only administrators write them ('parameter.set').

/** Records a crop's factors from a date (admin only), audited with the row it supersedes. */
export async function recordCropFactor(actor: Actor, v: CropFactorInput): Promise<{ crop: string; effectiveFrom: string }> {
  await authorize(actor, 'parameter.set');
  const crop = cropKey(v.crop);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'parameter.set', undefined, tx);
    const before = findCropFactor(await loadReferenceTables(tx, v.effectiveFrom), crop);
    const known = before ?? defaultReferenceTables().crops.find((c) => c.crop === crop);
    if (known && known.yieldUnit !== v.yieldUnit) {
      const message = `${known.label} is measured in ${known.yieldUnit}; the county yields and plans use that unit.`;
      throw new AppError('VALIDATION', message, { yieldUnit: [message] });
    }
    const [row] = await tx
      .insert(cropNutrientFactors)
      .values({ crop, label: v.label, yieldUnit: v.yieldUnit, nLbPerYieldUnit: v.nLbPerYieldUnit, p2o5LbPerYieldUnit: v.p2o5LbPerYieldUnit, source: v.source, effectiveFrom: v.effectiveFrom, confirmed: v.confirmed, recordedByUserId: actor.id })
      .returning({ id: cropNutrientFactors.id });
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'reference.crop_factor_recorded',
      entityType: 'crop_nutrient_factor',
      entityId: row!.id,
      before: before ? { ...before } : null,
      after: { crop, label: v.label, yieldUnit: v.yieldUnit, nLbPerYieldUnit: v.nLbPerYieldUnit, p2o5LbPerYieldUnit: v.p2o5LbPerYieldUnit, source: v.source, effectiveFrom: v.effectiveFrom, confirmed: v.confirmed },
    });
    return { crop, effectiveFrom: v.effectiveFrom };
  });
}

/** Every crop row the department recorded, newest first per crop, with who recorded it. */
export async function listCropFactorRows(actor: Actor) {
  await authorize(actor, 'reference.read');
  const db = await getDb();
  return db
    .select({ row: cropNutrientFactors, recordedByName: users.name })
    .from(cropNutrientFactors)
    .leftJoin(users, eq(users.id, cropNutrientFactors.recordedByUserId))
    .orderBy(asc(cropNutrientFactors.crop), desc(cropNutrientFactors.effectiveFrom), desc(cropNutrientFactors.recordedAt));
}

/** The tables in force on a date, with county names, for the admin page. */
export async function referenceTablesOn(actor: Actor, onDate: string) {
  await authorize(actor, 'reference.read');
  const db = await getDb();
  const [tables, names] = await Promise.all([loadReferenceTables(db, onDate), db.select({ fips: counties.fips, name: counties.name }).from(counties)]);
  const nameOf = new Map(names.map((c) => [c.fips, c.name]));
  return { ...tables, countyName: (fips: string) => nameOf.get(fips) ?? fips };
}

/** How many county yield rows have ever been recorded (history included). */
export async function countCountyYieldRows(actor: Actor): Promise<number> {
  await authorize(actor, 'reference.read');
  const db = await getDb();
  return (await db.$count(countyCropYields));
}
