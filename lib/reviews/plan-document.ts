import 'server-only';
import { asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { landAgreements, planFields, plans, planSubmissions, stockpileSites, type PlanContent } from '@/db/schema';

// The plan as submitted: the frozen snapshot of its latest submission when there is one (what the
// owner certified, whatever the draft does next), else the plan's own tables. The snapshot's shape
// belongs to the filing service, so it is read leniently: a part it does not hold comes from the
// tables.

const num = z.coerce.number().nullable().catch(null);
const text = z.string().nullable().catch(null);

const fieldSchema = z.object({
  name: z.string(),
  countyFips: z.string().catch(''),
  acres: z.coerce.number().catch(0),
  tenure: z.string().catch('owned'),
  cropSchedule: z.array(z.object({ year: z.coerce.number(), crop: z.string() })).catch([]),
  optimumYield: num.default(null),
  nitrogenRateLbPerAcre: num.default(null),
  legumeCreditLbPerAcre: num.default(null),
  commercialNLbPerAcre: num.default(null),
  carryoverCreditLbPerAcre: num.default(null),
  phosphorusIndex: num.default(null),
  applicationMethod: text.default(null),
  applicationTiming: text.default(null),
});
const stockpileSchema = z.object({
  name: z.string(),
  distancesFt: z.record(z.string(), z.coerce.number()).catch({}),
  tileInletDischargesToWater: z.boolean().catch(true),
  runoffCannotReachTileInlet: z.boolean().catch(false),
  runoffCannotReachDesignatedArea: z.boolean().catch(false),
  inGrassedWaterway: z.boolean().catch(false),
  slopePercent: num.default(null),
  runoffContainmentPractices: z.boolean().catch(false),
  practicesDescription: text.default(null),
});
const agreementSchema = z.object({
  landownerName: z.string(),
  acres: num.default(null),
  signedOn: text.default(null),
  fieldName: text.default(null),
});

export type DocField = z.infer<typeof fieldSchema>;
export type DocStockpile = z.infer<typeof stockpileSchema>;
export type DocAgreement = z.infer<typeof agreementSchema>;

export type PlanDocument = {
  source: 'submission' | 'plan_tables';
  submittedOn: string | null;
  animalUnitCapacity: number | null;
  content: PlanContent;
  fields: DocField[];
  stockpiles: DocStockpile[];
  landAgreements: DocAgreement[];
};

function listFrom<T>(snapshot: Record<string, unknown>, keys: string[], schema: z.ZodType<T>): T[] | null {
  for (const key of keys) {
    const value = snapshot[key];
    if (!Array.isArray(value)) continue;
    return value.flatMap((item) => {
      const parsed = schema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  }
  return null;
}

async function fromTables(db: Executor, planId: string) {
  const [fields, stockpiles, agreements] = await Promise.all([
    db.select().from(planFields).where(eq(planFields.planId, planId)).orderBy(asc(planFields.name)),
    db.select().from(stockpileSites).where(eq(stockpileSites.planId, planId)).orderBy(asc(stockpileSites.name)),
    db
      .select({ landownerName: landAgreements.landownerName, acres: landAgreements.acres, signedOn: landAgreements.signedOn, fieldName: planFields.name })
      .from(landAgreements)
      .leftJoin(planFields, eq(planFields.id, landAgreements.fieldId))
      .where(eq(landAgreements.planId, planId)),
  ]);
  return {
    fields: fields.map((f) => fieldSchema.parse(f)),
    stockpiles: stockpiles.map((s) => stockpileSchema.parse(s)),
    landAgreements: agreements.map((a) => agreementSchema.parse(a)),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// The filing service names a few things differently in its frozen document; read both spellings.
function normalizeSnapshotRows(doc: Record<string, unknown>) {
  const fields = Array.isArray(doc.fields) ? doc.fields.filter(isObject) : null;
  const nameOfKey = new Map((fields ?? []).map((f) => [String(f.key ?? ''), String(f.name ?? '')]));
  return {
    fields: fields?.map((f) => ({ cropSchedule: f.crops, ...f })),
    stockpiles: (Array.isArray(doc.stockpiles) ? doc.stockpiles.filter(isObject) : null)?.map((s) => ({
      distancesFt: isObject(s.distances) ? Object.fromEntries(Object.entries(s.distances).filter(([, v]) => typeof v === 'number')) : s.distancesFt,
      ...s,
    })),
    landAgreements: (Array.isArray(doc.agreements) ? doc.agreements : doc.landAgreements) as unknown[] | undefined,
    nameOfKey,
  };
}

function contentFrom(doc: Record<string, unknown>, changes: unknown, fallback: PlanContent): PlanContent {
  const p = isObject(doc.production) ? doc.production : null;
  if (!p) return fallback;
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const tons = p.nutrientUnit === 'tons';
  return {
    contacts: Array.isArray(doc.contacts) ? (doc.contacts as PlanContent['contacts']) : fallback.contacts,
    manureProduction: {
      annualAnimalProduction: num(p.annualAnimalProduction),
      ...(tons ? { manureWeightTons: num(p.manureAmount) } : { manureVolumeGallons: num(p.manureAmount) }),
      nutrientSource: p.nutrientSource === 'sample' || p.nutrientSource === 'standard_values' ? p.nutrientSource : undefined,
      totalNitrogenPerUnit: num(p.totalNitrogenPerUnit),
      availableNitrogenPerUnit: num(p.availableNitrogenPerUnit),
      p2o5PerUnit: num(p.p2o5PerUnit),
      unit: tons ? 'tons' : 'thousand_gallons',
    },
    soilLossPractices: typeof doc.soilLossPractices === 'string' ? doc.soilLossPractices : fallback.soilLossPractices,
    changes: Array.isArray(changes)
      ? changes.filter(isObject).map((c) => ({ path: String(c.path ?? ''), before: c.before, after: c.after, note: typeof c.label === 'string' ? c.label : undefined }))
      : fallback.changes,
  };
}

/** The plan document to review (or to compare against), or null when the plan does not exist. */
export async function loadPlanDocument(db: Executor, planId: string): Promise<PlanDocument | null> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!plan) return null;
  const [submission] = await db
    .select({ snapshot: planSubmissions.snapshot, submittedOn: planSubmissions.submittedOn })
    .from(planSubmissions)
    .where(eq(planSubmissions.planId, planId))
    .orderBy(desc(planSubmissions.createdAt))
    .limit(1);
  const tables = await fromTables(db, planId);
  const snap = submission?.snapshot ?? null;
  if (!snap) {
    return { source: 'plan_tables', submittedOn: plan.submittedOn, animalUnitCapacity: plan.animalUnitCapacity, content: plan.content, ...tables };
  }
  const doc = isObject(snap.document) ? snap.document : snap;
  const rows = normalizeSnapshotRows(doc);
  const au = z.coerce.number().safeParse(snap.animalUnitCapacity);
  const agreements = listFrom({ a: rows.landAgreements }, ['a'], agreementSchema.extend({ fieldKey: z.string().optional() }));
  return {
    source: 'submission',
    submittedOn: submission!.submittedOn,
    animalUnitCapacity: au.success ? au.data : plan.animalUnitCapacity,
    content: isObject(snap.content) ? (snap.content as PlanContent) : contentFrom(doc, snap.changes, plan.content),
    fields: listFrom({ f: rows.fields }, ['f'], fieldSchema) ?? tables.fields,
    stockpiles: listFrom({ s: rows.stockpiles }, ['s'], stockpileSchema) ?? tables.stockpiles,
    landAgreements: agreements?.map(({ fieldKey, ...a }) => ({ ...a, fieldName: a.fieldName ?? (fieldKey ? rows.nameOfKey.get(fieldKey) ?? null : null) })) ?? tables.landAgreements,
  };
}
