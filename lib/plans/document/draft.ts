// Between the document and the form: an update's starting values, a new plan's first contact, and
// the content that is not a list of rows as stored in plans.content.
import type { PlanContent } from '@/db/schema';
import { readDocument } from './lenient';
import type { FiledDocument, PlanChange, PlanDraft } from './types';

/** A value the form can show: a gap (null) is an empty input, never a 0. */
function blanks<T extends object>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : v]));
}

/** The steps' starting values for an update, from the last approved plan (IAC 567-65.110(3)"b"). */
export function draftFromDocument(doc: FiledDocument): PlanDraft {
  return {
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
    contacts: { contacts: [{ name: owner.name, role: 'Owner', phone: owner.phone ?? '', email: owner.email ?? '' }] },
    production: {},
    fields: { fields: [] },
    agreements: { agreements: [] },
    stockpiles: { stockpiles: [], soilLossPractices: '' },
    attachments: constructionBeginsOn ? { constructionPlanned: 'yes', constructionBeginsOn } : {},
  };
}

const given = (v: number | null | undefined) => (v === null ? undefined : v);

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

/**
 * The draft as it would be filed, read like a stored plan: what the owner typed so far, a figure
 * not yet typed a gap. The check-your-answers page shows it before every step is complete.
 */
export function documentOfDraft(draft: PlanDraft): FiledDocument {
  const part = (id: keyof PlanDraft) => draft[id] ?? {};
  return readDocument({
    contacts: part('contacts').contacts,
    production: part('production'),
    fields: part('fields').fields,
    agreements: part('agreements').agreements,
    stockpiles: part('stockpiles').stockpiles,
    soilLossPractices: part('stockpiles').soilLossPractices,
    ...(part('attachments').constructionPlanned === 'yes' ? { constructionBeginsOn: part('attachments').constructionBeginsOn } : {}),
  });
}
