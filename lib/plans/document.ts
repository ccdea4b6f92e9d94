// The plan as a document: what the owner typed (the draft, saved as typed) and what a complete plan
// holds once every step parses (the document frozen at submission and materialized into tables).
import type { AgreementsStep, FieldRow } from '@/lib/validation/plan-fields';
import type { StockpileRow } from '@/lib/validation/plan-stockpiles';
import type { ContactsStep, ProductionStep } from '@/lib/validation/plans';
import type { DataStepId } from './steps';

/** The form as typed, one object per step. Never validated beyond its shape until submission. */
export type PlanDraft = Partial<Record<DataStepId, Record<string, unknown>>>;

export type Agreement = AgreementsStep['agreements'][number];

export type PlanDocument = {
  contacts: ContactsStep['contacts'];
  production: ProductionStep;
  fields: FieldRow[];
  agreements: Agreement[];
  stockpiles: StockpileRow[];
  soilLossPractices: string;
  constructionBeginsOn?: string;
};

/** The steps' starting values for an update, from the last approved plan (IAC 567-65.110(3)"b"). */
export function draftFromDocument(doc: PlanDocument): PlanDraft {
  return {
    contacts: { contacts: doc.contacts },
    production: { ...doc.production },
    fields: { fields: doc.fields },
    agreements: { agreements: doc.agreements },
    stockpiles: { stockpiles: doc.stockpiles, soilLossPractices: doc.soilLossPractices },
    attachments: {},
  };
}

/** A new original plan starts with the owner as its first contact. */
export function draftForOriginal(owner: { name: string; phone: string | null; email: string | null }, constructionBeginsOn?: string | null): PlanDraft {
  return {
    contacts: { contacts: [{ name: owner.name, role: 'Owner', phone: owner.phone ?? '', email: owner.email ?? '' }] },
    production: {},
    fields: { fields: [] },
    agreements: { agreements: [] },
    stockpiles: { stockpiles: [], soilLossPractices: '' },
    attachments: constructionBeginsOn ? { constructionPlanned: 'yes', constructionBeginsOn } : {},
  };
}

/** The IAC 567-65.111 content that is not a list of rows, as stored in plans.content. */
export function contentOf(doc: PlanDocument, changes?: { path: string; before: unknown; after: unknown }[]) {
  const p = doc.production;
  return {
    contacts: doc.contacts.map((c) => ({ name: c.name, role: c.role, phone: c.phone, ...(c.email ? { email: c.email } : {}) })),
    manureProduction: {
      annualAnimalProduction: p.annualAnimalProduction,
      ...(p.nutrientUnit === 'tons' ? { manureWeightTons: p.manureAmount } : { manureVolumeGallons: p.manureAmount }),
      nutrientSource: p.nutrientSource,
      totalNitrogenPerUnit: p.totalNitrogenPerUnit,
      availableNitrogenPerUnit: p.availableNitrogenPerUnit,
      p2o5PerUnit: p.p2o5PerUnit,
      unit: p.nutrientUnit,
    },
    soilLossPractices: doc.soilLossPractices,
    ...(changes ? { changes } : {}),
    ...(doc.constructionBeginsOn ? { constructionBeginsOn: doc.constructionBeginsOn } : {}),
  };
}

/**
 * A random UUID (v4). crypto.randomUUID exists only on secure pages, so a site reached over plain
 * HTTP on a farm office network falls back to getRandomValues, which every browser has.
 */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A fresh key for a row added in the form (fields, agreements, stockpiles). */
export const newRowKey = newUuid;
