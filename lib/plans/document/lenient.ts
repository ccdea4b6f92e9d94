// Reading a stored plan document leniently: a snapshot written by any version of the filing service,
// or the plan's tables. Every spelling ever stored is accepted (crops/cropSchedule,
// distances/distancesFt, agreements/landAgreements), a row that is not a row is dropped, and a
// figure that is missing or not a number is a gap (null), never a substituted value.
import { z } from 'zod';
import type { PlanContent } from '@/db/schema';
import { STOCKPILE_DISTANCES } from '@/lib/validation/plan-stockpiles';
import type { Contact, FiledAgreement, FiledDocument, FiledField, FiledProduction, FiledStockpile, PlanChange } from './types';

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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

const distances = z
  .record(z.string(), z.unknown())
  .catch({})
  .transform((d) => Object.fromEntries(STOCKPILE_DISTANCES.flatMap((k) => (typeof d[k] === 'number' ? [[k, d[k] as number]] : []))));

const stockpileSchema = z.object({
  key: z.string().catch(''),
  name: z.string(),
  distances,
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

function rows<T>(value: unknown, schema: z.ZodType<T>, spelling: (row: Record<string, unknown>) => Record<string, unknown> = (r) => r): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, i) => {
    if (!isObject(item)) return [];
    const parsed = schema.safeParse(spelling(item));
    if (!parsed.success) return [];
    // A row stored without its key still needs one the diff can match on.
    const row = parsed.data as T & { key?: string };
    return [row.key === '' ? { ...row, key: `row-${i}` } : row];
  });
}

/** plans.content's manure production in the document's terms. */
export function productionFromContent(content: PlanContent | null | undefined): FiledProduction {
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

export const readContacts = (v: unknown): Contact[] => rows(v, contactSchema).map((c) => ({ ...c, ...(c.email ? { email: c.email } : { email: undefined }) }));
export const readFields = (v: unknown): FiledField[] => rows(v, fieldSchema, (f) => ({ ...f, crops: f.crops ?? f.cropSchedule }));
export const readStockpiles = (v: unknown): FiledStockpile[] => rows(v, stockpileSchema, (s) => ({ ...s, distances: s.distances ?? s.distancesFt }));
export const readAgreements = (v: unknown): FiledAgreement[] => rows(v, agreementSchema);
export const readProduction = (v: unknown): FiledProduction => productionSchema.parse(isObject(v) ? v : {});

/** A stored document in any shape; plans.content fills what an early snapshot kept only there. */
export function readDocument(doc: Record<string, unknown>, content?: PlanContent | null): FiledDocument {
  const contentDoc = isObject(doc.content) ? (doc.content as PlanContent) : content;
  const fields = readFields(doc.fields);
  // An early reader's spelling named an agreement's field by its name rather than its key.
  const keyOfName = new Map(fields.map((f) => [f.name, f.key]));
  const agreements = (Array.isArray(doc.agreements) ? doc.agreements : doc.landAgreements) as unknown;
  return {
    contacts: readContacts(doc.contacts ?? contentDoc?.contacts),
    production: isObject(doc.production) ? readProduction(doc.production) : productionFromContent(contentDoc),
    fields,
    agreements: rows(agreements, agreementSchema, (a) => ({ ...a, fieldKey: a.fieldKey ?? (typeof a.fieldName === 'string' ? keyOfName.get(a.fieldName) : undefined) })),
    stockpiles: readStockpiles(doc.stockpiles),
    soilLossPractices: typeof doc.soilLossPractices === 'string' ? doc.soilLossPractices : contentDoc?.soilLossPractices ?? '',
    ...(typeof doc.constructionBeginsOn === 'string' ? { constructionBeginsOn: doc.constructionBeginsOn } : contentDoc?.constructionBeginsOn ? { constructionBeginsOn: contentDoc.constructionBeginsOn } : {}),
  };
}

/** The certified list of changes, in whichever spelling it was stored (label or note). */
export function readChanges(value: unknown): PlanChange[] {
  if (!Array.isArray(value)) return [];
  const words = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return value.filter(isObject).map((c) => ({
    path: String(c.path ?? ''),
    label: typeof c.label === 'string' ? c.label : typeof c.note === 'string' ? c.note : String(c.path ?? ''),
    before: words(c.before),
    after: words(c.after),
  }));
}
