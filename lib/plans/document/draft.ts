// Between the document and the form: an update's starting values, a new plan's first contact, the
// content that is not a list of rows as stored in plans.content, and the draft read as a document
// while it is edited (leniently: what is typed so far, a figure not typed yet a gap).
import { z } from 'zod';
import type { PlanContent } from '@/db/schema';
import { APPLICATION_METHODS, APPLICATION_TIMINGS, TENURES, YIELD_SOURCES } from '@/lib/validation/plan-fields';
import { NUTRIENT_SOURCES, NUTRIENT_UNITS, planDraftSchema } from '@/lib/validation/plans';
import { STOCKPILE_DISTANCES } from '@/lib/validation/plan-stockpiles';
import { PLAN_DRAFT_VERSION, type FiledDocument, type PlanChange, type PlanDraft } from './types';

/** A stored draft (plans.draft_state) in the current format: the upgrade stamped every earlier one. */
export function readDraft(stored: unknown): PlanDraft {
  if (stored === null || stored === undefined) return {};
  return planDraftSchema.parse(stored);
}

/** A value the form can show: a gap (null) is an empty input, never a 0. */
function blanks<T extends object>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : v]));
}

/** The steps' starting values for an update, from the last approved plan (IAC 567-65.110(3)"b"). */
export function draftFromDocument(doc: FiledDocument): PlanDraft {
  return {
    version: PLAN_DRAFT_VERSION,
    contacts: { contacts: doc.contacts },
    production: blanks(doc.production),
    fields: { fields: doc.fields.map(blanks) },
    agreements: { agreements: doc.agreements.map(blanks) },
    stockpiles: { stockpiles: doc.stockpiles.map(blanks), soilLossPractices: doc.soilLossPractices },
    attachments: {},
  };
}

/** A new original plan starts with the owner as its first contact. */
export function draftForOriginal(owner: { name: string; phone: string | null; email: string | null }, constructionBeginsOn?: string | null): PlanDraft {
  return {
    version: PLAN_DRAFT_VERSION,
    contacts: { contacts: [{ name: owner.name, role: 'Owner', phone: owner.phone ?? '', email: owner.email ?? '' }] },
    production: {},
    fields: { fields: [] },
    agreements: { agreements: [] },
    stockpiles: { stockpiles: [], soilLossPractices: '' },
    attachments: constructionBeginsOn ? { constructionPlanned: 'yes', constructionBeginsOn } : {},
  };
}

const given = (v: number | null | undefined) => (v === null ? undefined : v);

/**
 * A plan recorded without a frozen submission (an imported plan history, a paper plan entered by the
 * department): plans.content is the whole of what the portal holds of it, and it lists no rows.
 */
export function documentOfContent(c: PlanContent): FiledDocument {
  const mp = c.manureProduction ?? {};
  const unit = mp.unit ?? (mp.manureWeightTons !== undefined ? 'tons' : mp.manureVolumeGallons !== undefined ? 'thousand_gallons' : null);
  return {
    contacts: (c.contacts ?? []).map((x) => ({ name: x.name, role: x.role, phone: x.phone ?? '', ...(x.email ? { email: x.email } : {}) })),
    production: {
      annualAnimalProduction: mp.annualAnimalProduction ?? null,
      nutrientUnit: unit,
      manureAmount: mp.manureVolumeGallons ?? mp.manureWeightTons ?? null,
      ...(mp.amountBasis ? { manureAmountBasis: mp.amountBasis } : {}),
      nutrientSource: mp.nutrientSource ?? null,
      totalNitrogenPerUnit: mp.totalNitrogenPerUnit ?? null,
      availableNitrogenPerUnit: mp.availableNitrogenPerUnit ?? null,
      p2o5PerUnit: mp.p2o5PerUnit ?? null,
    },
    fields: [],
    agreements: [],
    stockpiles: [],
    soilLossPractices: c.soilLossPractices ?? '',
    ...(c.constructionBeginsOn ? { constructionBeginsOn: c.constructionBeginsOn } : {}),
  };
}

/** The certified list of changes as plans.content keeps it (its words under `note`). */
export function changesOfContent(c: PlanContent): PlanChange[] {
  const words = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return (c.changes ?? []).map((x) => ({ path: x.path, label: x.note ?? x.path, before: words(x.before), after: words(x.after) }));
}

/** The IAC 567-65.111 content that is not a list of rows, as stored in plans.content. */
export function contentOf(doc: FiledDocument, changes?: PlanChange[]): PlanContent {
  const p = doc.production;
  return {
    contacts: doc.contacts.map((c) => ({ name: c.name, role: c.role, phone: c.phone, ...(c.email ? { email: c.email } : {}) })),
    manureProduction: {
      annualAnimalProduction: given(p.annualAnimalProduction),
      ...(p.nutrientUnit === 'tons' ? { manureWeightTons: given(p.manureAmount) } : { manureVolumeGallons: given(p.manureAmount) }),
      ...(p.manureAmountBasis ? { amountBasis: p.manureAmountBasis } : {}),
      nutrientSource: p.nutrientSource ?? undefined,
      totalNitrogenPerUnit: given(p.totalNitrogenPerUnit),
      availableNitrogenPerUnit: given(p.availableNitrogenPerUnit),
      p2o5PerUnit: given(p.p2o5PerUnit),
      unit: p.nutrientUnit ?? undefined,
    },
    soilLossPractices: doc.soilLossPractices,
    ...(changes ? { changes: changes.map((c) => ({ path: c.path, before: c.before, after: c.after, note: c.label })) } : {}),
    ...(doc.constructionBeginsOn ? { constructionBeginsOn: doc.constructionBeginsOn } : {}),
  };
}

// A draft's rows as typed: numbers may still be text, a row may be half filled. A figure not typed
// (or not a number) is a gap, a choice not made is null, a row without its name is left out.
const blankToNull = (v: unknown) => (v === undefined || v === null || v === '' ? null : v);
const num = z.preprocess(blankToNull, z.coerce.number().finite().nullable()).catch(null);
const text = z.preprocess(blankToNull, z.string().nullable()).catch(null);
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(blankToNull, z.enum(values).nullable()).catch(null);
const flag = (otherwise: boolean) => z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).catch(otherwise);

const typedField = z.object({
  key: z.string().catch(''),
  name: z.string(),
  countyFips: z.string().catch(''),
  acres: z.coerce.number().catch(0),
  tenure: z.enum(TENURES).catch('owned'),
  crops: z.array(z.object({ year: z.coerce.number(), crop: z.string(), yield: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.coerce.number().finite().optional()).catch(undefined) })).catch([]),
  optimumYield: num,
  nitrogenRateLbPerAcre: num,
  legumeCreditLbPerAcre: num,
  commercialNLbPerAcre: num,
  carryoverCreditLbPerAcre: num,
  phosphorusIndex: num,
  previousCrop: text.optional(),
  previousCropManured: z.preprocess((v) => (v === 'true' || v === 'yes' ? true : v === 'false' || v === 'no' ? false : v), z.boolean().nullable().optional()).catch(null),
  yieldSource: oneOf(YIELD_SOURCES).optional(),
  yieldBasis: text.optional(),
  p2o5RemovalLbPerAcre: num.optional(),
  yearsBetweenApplications: num.optional(),
  applicationMethod: oneOf(APPLICATION_METHODS),
  applicationTiming: oneOf(APPLICATION_TIMINGS),
});

const typedStockpile = z.object({
  key: z.string().catch(''),
  name: z.string(),
  distances: z
    .record(z.string(), z.unknown())
    .catch({})
    .transform((d) => Object.fromEntries(STOCKPILE_DISTANCES.flatMap((k) => { const v = blankToNull(d[k]); return v !== null && Number.isFinite(Number(v)) ? [[k, Number(v)]] : []; }))),
  tileInletDischargesToWater: flag(true),
  runoffCannotReachTileInlet: flag(false),
  runoffCannotReachDesignatedArea: flag(false),
  inGrassedWaterway: flag(false),
  slopePercent: num,
  runoffContainmentPractices: flag(false),
  practicesDescription: text,
});

const typedAgreement = z.object({
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

const typedProduction = z.object({
  annualAnimalProduction: num,
  nutrientUnit: oneOf(NUTRIENT_UNITS),
  manureAmount: num,
  manureAmountBasis: text.optional(),
  nutrientSource: oneOf(NUTRIENT_SOURCES),
  totalNitrogenPerUnit: num,
  availableNitrogenPerUnit: num,
  p2o5PerUnit: num,
});

const typedContact = z.object({ name: z.string(), role: z.string().catch(''), phone: z.string().catch(''), email: z.string().optional().catch(undefined) });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function rows<T>(value: unknown, schema: z.ZodType<T>): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, i) => {
    if (!isObject(item)) return [];
    const parsed = schema.safeParse(item);
    if (!parsed.success) return [];
    // A row the form has not keyed yet still needs a key the review can match on.
    const row = parsed.data as T & { key?: string };
    return [row.key === '' ? { ...row, key: `row-${i}` } : row];
  });
}

/**
 * The draft as it would be filed, read like a stored plan: what the owner typed so far, a figure
 * not yet typed a gap. The check-your-answers page shows it before every step is complete.
 */
export function documentOfDraft(draft: PlanDraft): FiledDocument {
  const part = (id: Exclude<keyof PlanDraft, 'version'>): Record<string, unknown> => draft[id] ?? {};
  const production = part('production');
  const stockpiles = part('stockpiles');
  const attachments = part('attachments');
  return {
    contacts: rows(part('contacts').contacts, typedContact).map(({ email, ...c }) => (email ? { ...c, email } : c)),
    production: typedProduction.parse(isObject(production) ? production : {}),
    fields: rows(part('fields').fields, typedField),
    agreements: rows(part('agreements').agreements, typedAgreement),
    stockpiles: rows(stockpiles.stockpiles, typedStockpile),
    soilLossPractices: typeof stockpiles.soilLossPractices === 'string' ? stockpiles.soilLossPractices : '',
    ...(attachments.constructionPlanned === 'yes' && typeof attachments.constructionBeginsOn === 'string' ? { constructionBeginsOn: attachments.constructionBeginsOn } : {}),
  };
}
