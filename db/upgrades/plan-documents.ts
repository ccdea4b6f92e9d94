// The plan documents stored by earlier releases, upgraded once to the current versions when the
// database is migrated (after the SQL migrations, by migrateDb), so that the portal reads one shape:
//
// - A submission's frozen snapshot becomes version 1 (lib/plans/document/snapshot.ts). Two earlier
//   shapes exist: the unversioned snapshot (the document under `document`, the changes with `label`)
//   and the early flat one (the document's parts at the top level, with `content`, `cropSchedule`,
//   `distancesFt`, `landAgreements` naming a field by its name, and rows without keys). Every figure
//   that is missing or not a number becomes a gap (null), never a substituted value. The snapshot as
//   first stored is kept beside it (plan_submissions.snapshot_as_stored): it is what a copy of
//   record's document hash was taken of.
// - A plan's draft (plans.draft_state) gets its format's version. An annual update's draft started
//   before updates were copied from the approved plan's frozen submission carries the ids of tables
//   that no longer exist: its fields, agreements and stockpiles take the approved plan's keys where
//   the names match, so the owner's and the reviewer's lists of changes compare like with like.
//
// This is a migration: it is frozen with the shapes it reads and writes, and imports nothing from
// the portal's code, which moves on. It runs in one transaction and records that it ran.
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../types';
import { landownerStatements, planSubmissions, plans, portalFacts } from '../schema';

export const PLAN_DOCUMENTS_FACT = 'plan_documents_version';
const CURRENT = '1';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

// The separation distances a stockpile site recorded in version 1 (Iowa Code 459.311B).
const DISTANCES = ['terrace_tile_inlet', 'surface_tile_inlet', 'designated_area', 'high_quality_water_resource', 'agricultural_drainage_well', 'known_sinkhole'] as const;

const blankToNull = (v: unknown) => (v === undefined || v === null || v === '' ? null : v);
const num = z.preprocess(blankToNull, z.coerce.number().finite().nullable()).catch(null);
const text = z.preprocess(blankToNull, z.string().nullable()).catch(null);
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(blankToNull, z.enum(values).nullable()).catch(null);

const fieldSchema = z.object({
  key: z.string().catch(''),
  name: z.string(),
  countyFips: z.string().catch(''),
  acres: z.coerce.number().catch(0),
  tenure: z.enum(['owned', 'rented', 'agreement']).catch('owned'),
  crops: z.array(z.object({ year: z.coerce.number(), crop: z.string(), yield: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.coerce.number().finite().optional()).catch(undefined) })).catch([]),
  optimumYield: num,
  nitrogenRateLbPerAcre: num,
  legumeCreditLbPerAcre: num,
  commercialNLbPerAcre: num,
  carryoverCreditLbPerAcre: num,
  phosphorusIndex: num,
  previousCrop: text.optional(),
  previousCropManured: z.boolean().nullable().optional().catch(null),
  yieldSource: oneOf(['county_average', 'own_records'] as const).optional(),
  yieldBasis: text.optional(),
  p2o5RemovalLbPerAcre: num.optional(),
  yearsBetweenApplications: num.optional(),
  applicationMethod: oneOf(['injected', 'incorporated', 'surface_applied', 'irrigation'] as const),
  applicationTiming: oneOf(['fall', 'spring', 'summer', 'split'] as const),
});

const stockpileSchema = z.object({
  key: z.string().catch(''),
  name: z.string(),
  distances: z
    .record(z.string(), z.unknown())
    .catch({})
    .transform((d) => Object.fromEntries(DISTANCES.flatMap((k) => (typeof d[k] === 'number' ? [[k, d[k] as number]] : [])))),
  tileInletDischargesToWater: z.boolean().catch(true),
  runoffCannotReachTileInlet: z.boolean().catch(false),
  runoffCannotReachDesignatedArea: z.boolean().catch(false),
  inGrassedWaterway: z.boolean().catch(false),
  slopePercent: num,
  runoffContainmentPractices: z.boolean().catch(false),
  practicesDescription: text,
});

const agreementSchema = z.object({
  key: z.string().catch(''),
  fieldKey: text,
  landownerName: z.string(),
  acres: num,
  signedOn: text,
  attachmentId: text,
  commercialNLbPerAcre: num.optional(),
  commercialP2o5LbPerAcre: num.optional(),
  statementId: text.optional(),
});

const productionSchema = z.object({
  annualAnimalProduction: num,
  nutrientUnit: oneOf(['thousand_gallons', 'tons'] as const),
  manureAmount: num,
  manureAmountBasis: text.optional(),
  nutrientSource: oneOf(['sample', 'standard_values'] as const),
  totalNitrogenPerUnit: num,
  availableNitrogenPerUnit: num,
  p2o5PerUnit: num,
});

const contactSchema = z.object({ name: z.string(), role: z.string().catch(''), phone: z.string().catch(''), email: z.string().optional().catch(undefined) });

/** The rows of a list that read as rows; a row stored without its key gets one its position gives. */
function rows(value: unknown, schema: z.ZodType<Json>, spelling: (row: Json) => Json = (r) => r): Json[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, i) => {
    if (!isObject(item)) return [];
    const parsed = schema.safeParse(spelling(item));
    if (!parsed.success) return [];
    return [parsed.data.key === '' ? { ...parsed.data, key: `row-${i}` } : parsed.data];
  });
}

type Content = { contacts?: unknown; manureProduction?: Json; soilLossPractices?: string; changes?: unknown; constructionBeginsOn?: string };

function productionOfContent(content: Content | null): Json {
  const mp = content?.manureProduction ?? {};
  return productionSchema.parse({
    annualAnimalProduction: mp.annualAnimalProduction,
    nutrientUnit: mp.unit ?? (mp.manureWeightTons !== undefined ? 'tons' : mp.manureVolumeGallons !== undefined ? 'thousand_gallons' : undefined),
    manureAmount: mp.manureVolumeGallons ?? mp.manureWeightTons,
    manureAmountBasis: mp.amountBasis,
    nutrientSource: mp.nutrientSource,
    totalNitrogenPerUnit: mp.totalNitrogenPerUnit,
    availableNitrogenPerUnit: mp.availableNitrogenPerUnit,
    p2o5PerUnit: mp.p2o5PerUnit,
  });
}

/** A document in any shape stored before version 1, as version 1's document. */
export function upgradeDocument(doc: Json, content: Content | null): Json {
  const fields = rows(doc.fields, fieldSchema, (f) => ({ ...f, crops: f.crops ?? f.cropSchedule }));
  // The early shape named an agreement's field by its name rather than its key.
  const keyOfName = new Map(fields.map((f) => [f.name, f.key]));
  const agreements = Array.isArray(doc.agreements) ? doc.agreements : doc.landAgreements;
  const construction = typeof doc.constructionBeginsOn === 'string' ? doc.constructionBeginsOn : content?.constructionBeginsOn;
  return {
    contacts: rows(doc.contacts ?? content?.contacts, contactSchema).map(({ email, ...c }) => (email ? { ...c, email } : c)),
    production: isObject(doc.production) ? productionSchema.parse(doc.production) : productionOfContent(content),
    fields,
    agreements: rows(agreements, agreementSchema, (a) => ({ ...a, fieldKey: a.fieldKey ?? (typeof a.fieldName === 'string' ? keyOfName.get(a.fieldName) : undefined) })),
    stockpiles: rows(doc.stockpiles, stockpileSchema, (s) => ({ ...s, distances: s.distances ?? s.distancesFt })),
    soilLossPractices: typeof doc.soilLossPractices === 'string' ? doc.soilLossPractices : content?.soilLossPractices ?? '',
    ...(typeof construction === 'string' && construction ? { constructionBeginsOn: construction } : {}),
  };
}

/** The certified list of changes, in whichever spelling it was stored (its words under label or note). */
function upgradeChanges(value: unknown): Json[] {
  if (!Array.isArray(value)) return [];
  const words = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return value.filter(isObject).map((c) => ({
    path: String(c.path ?? ''),
    label: typeof c.label === 'string' ? c.label : typeof c.note === 'string' ? c.note : String(c.path ?? ''),
    before: words(c.before),
    after: words(c.after),
  }));
}

/** A snapshot stored before version 1 (either earlier shape), as version 1; what the reader does not read is kept as stored. */
export function upgradeSnapshot(raw: Json, planContent: Content | null): Json {
  const flatContent = isObject(raw.content) ? (raw.content as Content) : null;
  const content = flatContent ?? planContent;
  const doc = isObject(raw.document) ? raw.document : raw;
  const au = typeof raw.animalUnitCapacity === 'number' ? raw.animalUnitCapacity : typeof raw.animalUnitCapacity === 'string' && raw.animalUnitCapacity.trim() !== '' ? Number(raw.animalUnitCapacity) : null;
  // The flat shape's parts are now under `document`; every other key (fees, owner, operation...) stays.
  const FLAT = ['content', 'fields', 'stockpiles', 'agreements', 'landAgreements', 'contacts', 'production', 'soilLossPractices', 'constructionBeginsOn'];
  const rest = Object.fromEntries(Object.entries(raw).filter(([k]) => !(doc === raw && FLAT.includes(k)) && k !== 'document' && k !== 'changes'));
  return {
    ...rest,
    version: 1,
    animalUnitCapacity: au !== null && Number.isFinite(au) ? au : null,
    document: upgradeDocument(doc, content),
    changes: upgradeChanges(Array.isArray(raw.changes) ? raw.changes : flatContent?.changes),
  };
}

const STEPS = ['update', 'contacts', 'production', 'fields', 'agreements', 'stockpiles', 'attachments'] as const;
const nameKey = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

export type DraftRekeying = { fields: Map<string, string>; agreements: Map<string, string>; stockpiles: Map<string, string> };

/**
 * A stored draft in the current format: its steps, its version, and, for an update begun from the
 * approved plan's old table ids, the approved plan's keys where the names match (`approved`: that
 * plan's version 1 document). Returns the draft and which keys changed.
 */
export function upgradeDraft(stored: Json, approved: Json | null): { draft: Json; rekeyed: DraftRekeying } {
  const draft: Json = { version: 1 };
  for (const step of STEPS) if (isObject(stored[step])) draft[step] = { ...(stored[step] as Json) };
  const rekeyed: DraftRekeying = { fields: new Map(), agreements: new Map(), stockpiles: new Map() };
  if (!approved) return { draft, rekeyed };
  const list = (step: string, key: string): Json[] | null => {
    const part = draft[step];
    return isObject(part) && Array.isArray(part[key]) ? (part[key] as unknown[]).filter(isObject) : null;
  };
  const approvedRows = (key: string) => (Array.isArray(approved[key]) ? (approved[key] as unknown[]).filter(isObject) : []);
  const rekey = (rowsOf: Json[] | null, known: Json[], identity: (r: Json) => string, into: Map<string, string>) => {
    if (!rowsOf) return;
    const keys = new Set(known.map((r) => r.key));
    const byIdentity = new Map(known.map((r) => [identity(r), String(r.key)]));
    const taken = new Set(rowsOf.map((r) => r.key).filter((k) => keys.has(k)));
    for (const row of rowsOf) {
      if (typeof row.key !== 'string' || keys.has(row.key)) continue;
      const match = byIdentity.get(identity(row));
      if (!match || taken.has(match)) continue;
      into.set(row.key, match);
      taken.add(match);
      row.key = match;
    }
  };
  const fields = list('fields', 'fields');
  rekey(fields, approvedRows('fields'), (r) => nameKey(r.name), rekeyed.fields);
  const agreements = list('agreements', 'agreements');
  for (const a of agreements ?? []) if (typeof a.fieldKey === 'string' && rekeyed.fields.has(a.fieldKey)) a.fieldKey = rekeyed.fields.get(a.fieldKey);
  rekey(agreements, approvedRows('agreements'), (r) => `${nameKey(r.landownerName)}|${String(r.fieldKey ?? '')}`, rekeyed.agreements);
  rekey(list('stockpiles', 'stockpiles'), approvedRows('stockpiles'), (r) => nameKey(r.name), rekeyed.stockpiles);
  // Write the re-keyed rows back (list() returned the draft's own row objects, filtered of non-rows).
  for (const [step, key, value] of [['fields', 'fields', fields], ['agreements', 'agreements', agreements], ['stockpiles', 'stockpiles', list('stockpiles', 'stockpiles')]] as const) {
    if (value) (draft[step] as Json)[key] = value;
  }
  return { draft, rekeyed };
}

/** Upgrades every stored snapshot and draft not in the current versions. Returns how many of each. */
export async function upgradeStoredPlanDocuments(tx: Executor): Promise<{ snapshots: number; drafts: number }> {
  const old = await tx
    .select({ id: planSubmissions.id, snapshot: planSubmissions.snapshot, content: plans.content })
    .from(planSubmissions)
    .innerJoin(plans, eq(plans.id, planSubmissions.planId))
    .where(sql`coalesce(${planSubmissions.snapshot}->>'version', '') <> ${CURRENT}`);
  for (const row of old) {
    await tx
      .update(planSubmissions)
      .set({ snapshot: upgradeSnapshot(row.snapshot, row.content as Content), snapshotAsStored: row.snapshot })
      .where(eq(planSubmissions.id, row.id));
  }
  const drafts = await tx
    .select({ id: plans.id, kind: plans.kind, previousPlanId: plans.previousPlanId, draft: plans.draftState })
    .from(plans)
    .where(and(isNotNull(plans.draftState), sql`coalesce(${plans.draftState}->>'version', '') <> ${CURRENT}`));
  for (const row of drafts) {
    let approved: Json | null = null;
    if (row.kind === 'annual_update' && row.previousPlanId) {
      const [filed] = await tx
        .select({ snapshot: planSubmissions.snapshot })
        .from(planSubmissions)
        .where(eq(planSubmissions.planId, row.previousPlanId))
        .orderBy(desc(planSubmissions.createdAt))
        .limit(1);
      approved = filed && isObject(filed.snapshot.document) ? filed.snapshot.document : null;
    }
    const { draft, rekeyed } = upgradeDraft(row.draft ?? {}, approved);
    await tx.update(plans).set({ draftState: draft }).where(eq(plans.id, row.id));
    // A landowner's statement asked for an agreement row follows the row to its new key.
    for (const [from, to] of rekeyed.agreements) {
      await tx.update(landownerStatements).set({ agreementKey: to }).where(and(eq(landownerStatements.planId, row.id), eq(landownerStatements.agreementKey, from)));
    }
  }
  return { snapshots: old.length, drafts: drafts.length };
}

/** Runs the upgrade unless this database has already had it. */
export async function upgradePlanDocuments(db: Executor): Promise<void> {
  const [done] = await db.select({ value: portalFacts.value }).from(portalFacts).where(eq(portalFacts.key, PLAN_DOCUMENTS_FACT));
  if (done?.value === CURRENT) return;
  await db.transaction(async (tx) => {
    await upgradeStoredPlanDocuments(tx);
    await tx
      .insert(portalFacts)
      .values({ key: PLAN_DOCUMENTS_FACT, value: CURRENT })
      .onConflictDoUpdate({ target: portalFacts.key, set: { value: CURRENT, recordedAt: new Date() } });
  });
}
