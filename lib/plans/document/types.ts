// The plan as a document, one type for every audience. PlanDraft is the form as typed; PlanDocument
// is what the composed step schemas (lib/validation) output once every step parses, so a field added
// to a step's schema is a field of the document; FiledDocument is a filed plan read back, where a
// measurement the filing did not record is null (shown as "not given" and flagged by the review's
// checks, never replaced by 0).
import type { AgreementsStep, FieldRow as FieldRowOutput } from '@/lib/validation/plan-fields';
import type { StockpileRow as StockpileRowOutput } from '@/lib/validation/plan-stockpiles';
import type { ContactsStep, PlanDraft as PlanDraftValues, ProductionStep } from '@/lib/validation/plans';
import type { ReferenceTables } from '../reference-tables';

export { PLAN_DRAFT_VERSION } from '@/lib/validation/plans';

/** The plan in progress: the form as typed, one object per step, versioned. Checked for shape while edited, strictly at submission. */
export type PlanDraft = PlanDraftValues;

export type Contact = ContactsStep['contacts'][number];
export type Production = ProductionStep;
export type FieldRow = FieldRowOutput;
export type Agreement = AgreementsStep['agreements'][number];
export type StockpileRow = StockpileRowOutput;

export type PlanDocument = {
  contacts: Contact[];
  production: Production;
  fields: FieldRow[];
  agreements: Agreement[];
  stockpiles: StockpileRow[];
  soilLossPractices: string;
  constructionBeginsOn?: string;
};

/** T where the keys K may also be null (keeps each key's optionality). */
type Gaps<T, K extends keyof T> = { [P in keyof T]: P extends K ? T[P] | null : T[P] };

export type FiledField = Gaps<FieldRow, 'optimumYield' | 'nitrogenRateLbPerAcre' | 'legumeCreditLbPerAcre' | 'commercialNLbPerAcre' | 'carryoverCreditLbPerAcre' | 'phosphorusIndex' | 'applicationMethod' | 'applicationTiming' | 'previousCrop' | 'previousCropManured' | 'yieldSource' | 'yieldBasis' | 'p2o5RemovalLbPerAcre' | 'yearsBetweenApplications'>;
export type FiledAgreement = Gaps<Agreement, 'fieldKey' | 'acres' | 'signedOn' | 'attachmentId' | 'commercialNLbPerAcre' | 'commercialP2o5LbPerAcre' | 'statementId'>;
export type FiledStockpile = Gaps<StockpileRow, 'slopePercent' | 'practicesDescription'>;
export type FiledProduction = Gaps<Production, keyof Production>;

export type FiledDocument = {
  contacts: Contact[];
  production: FiledProduction;
  fields: FiledField[];
  agreements: FiledAgreement[];
  stockpiles: FiledStockpile[];
  soilLossPractices: string;
  constructionBeginsOn?: string;
};

/** One change since the last approved plan (IAC 567-65.110(3)"b"(3)"3"), in words. */
export type PlanChange = { path: string; label: string; before: string | null; after: string | null };

/** A filed plan as every audience reads it (owner, preparer, reviewer, county, letter). */
export type FiledPlan = {
  /** 'plan_tables': a plan the portal holds no frozen submission of, read from its own row (plans.content). */
  source: 'submission' | 'plan_tables';
  submittedOn: string | null;
  animalUnitCapacity: number | null;
  document: FiledDocument;
  /** The list of changes the owner certified with an update (empty for an original plan). */
  changes: PlanChange[];
  /** The reference values its figures are computed with: those it was filed with. */
  referenceTables: ReferenceTables;
};
