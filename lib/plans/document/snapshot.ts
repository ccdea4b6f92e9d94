// The frozen copy of a plan written at each submission (plan_submissions.snapshot): what the owner
// certified, whatever the draft does next. Every stored snapshot is version 1: the shapes earlier
// releases wrote were upgraded when the database was migrated (db/upgrades/plan-documents.ts, which
// keeps each one as first stored), so the reader reads one shape, checked strictly. A gap the filing
// did not record is null, never a substituted 0.
import { z } from 'zod';
import type { Actor } from '@/lib/auth/roles';
import { APPLICATION_METHODS, APPLICATION_TIMINGS, TENURES, YIELD_SOURCES } from '@/lib/validation/plan-fields';
import { NUTRIENT_SOURCES, NUTRIENT_UNITS } from '@/lib/validation/plans';
import { STOCKPILE_DISTANCES } from '@/lib/validation/plan-stockpiles';
import { referenceTablesSchema, type ReferenceTables } from '../reference-tables';
import type { Contact, FiledAgreement, FiledDocument, FiledField, FiledProduction, FiledStockpile, PlanChange } from './types';

export const SNAPSHOT_VERSION = 1;

export type SnapshotV1 = {
  version: typeof SNAPSHOT_VERSION;
  kind: 'original' | 'annual_update';
  updateKind: string | null;
  channel: string;
  animalUnitCapacity: number | null;
  document: FiledDocument;
  changes: PlanChange[];
  previousPlanId: string | null;
  fees: { code: string; cents: number; payer: string; citation: string }[];
  attachments: unknown;
  indemnity: { status: string; cents: number; reason: string; citation: string } | null;
  operation: { id: string; name: string; facilityId: string | null; countyFips: string; constructionPermitStatus: string };
  owner: { partyId: string; name: string; email: string | null } & Record<string, unknown>;
  submittedBy: { userId: string; name: string; role: Actor['role'] };
  /** The filing receipt's number, when the submission gave one. */
  confirmationNumber?: string;
  /** Who signed it and what: absent on submissions filed before the signing step. */
  signature?: FrozenSignature;
  /**
   * The reference values the plan's figures were computed with when it was filed (the crop table and
   * its fields' county yields): a row recorded later, whatever its date, does not change a filed plan.
   * Absent on submissions filed before they were frozen.
   */
  referenceTables?: ReferenceTables;
};

/** The signature as frozen with the submission (and kept, write-once, in plan_signatures). */
export type FrozenSignature = {
  userId: string;
  name: string;
  email: string;
  capacity: string;
  signedAt: string;
  documentSha256: string;
  certificationVersion: string;
  certificationSha256: string;
  factor: string;
  /** The update's own answers as signed (null for an original plan): with `kind` and `document`, exactly what `documentSha256` covers. */
  update?: unknown;
};

export function buildSnapshot(parts: Omit<SnapshotV1, 'version'>): SnapshotV1 {
  return { version: SNAPSHOT_VERSION, ...parts };
}

// Version 1's document, key by key. A key the form added after version 1 was first written is
// optional (older snapshots do not have it); a figure the filing did not record is null.
const figure = z.number().nullable();
const optionalFigure = figure.optional();
const optionalText = z.string().nullable().optional();

const contactSchema: z.ZodType<Contact> = z.object({ name: z.string(), role: z.string(), phone: z.string(), email: z.string().optional() });

const productionSchema: z.ZodType<FiledProduction> = z.object({
  annualAnimalProduction: figure,
  nutrientUnit: z.enum(NUTRIENT_UNITS).nullable(),
  manureAmount: figure,
  manureAmountBasis: optionalText,
  nutrientSource: z.enum(NUTRIENT_SOURCES).nullable(),
  totalNitrogenPerUnit: figure,
  availableNitrogenPerUnit: figure,
  p2o5PerUnit: figure,
});

const fieldSchema: z.ZodType<FiledField> = z.object({
  key: z.string().min(1),
  name: z.string(),
  countyFips: z.string(),
  acres: z.number(),
  tenure: z.enum(TENURES),
  crops: z.array(z.object({ year: z.number(), crop: z.string(), yield: z.number().optional() })),
  optimumYield: figure,
  nitrogenRateLbPerAcre: figure,
  legumeCreditLbPerAcre: optionalFigure,
  commercialNLbPerAcre: optionalFigure,
  carryoverCreditLbPerAcre: optionalFigure,
  phosphorusIndex: figure,
  previousCrop: optionalText,
  previousCropManured: z.boolean().nullable().optional(),
  yieldSource: z.enum(YIELD_SOURCES).nullable().optional(),
  yieldBasis: optionalText,
  p2o5RemovalLbPerAcre: optionalFigure,
  yearsBetweenApplications: optionalFigure,
  applicationMethod: z.enum(APPLICATION_METHODS).nullable(),
  applicationTiming: z.enum(APPLICATION_TIMINGS).nullable(),
});

const agreementSchema: z.ZodType<FiledAgreement> = z.object({
  key: z.string().min(1),
  fieldKey: z.string().nullable(),
  landownerName: z.string(),
  acres: figure.optional().transform((v) => v ?? null),
  signedOn: z.string().nullable(),
  attachmentId: z.string().nullable().optional().transform((v) => v ?? null),
  commercialNLbPerAcre: optionalFigure,
  commercialP2o5LbPerAcre: optionalFigure,
  statementId: optionalText,
});

const distanceSchema = z.partialRecord(z.enum(STOCKPILE_DISTANCES), z.number());

const stockpileSchema: z.ZodType<FiledStockpile> = z.object({
  key: z.string().min(1),
  name: z.string(),
  distances: distanceSchema,
  tileInletDischargesToWater: z.boolean(),
  runoffCannotReachTileInlet: z.boolean(),
  runoffCannotReachDesignatedArea: z.boolean(),
  inGrassedWaterway: z.boolean(),
  slopePercent: figure.optional().transform((v) => v ?? null),
  runoffContainmentPractices: z.boolean(),
  practicesDescription: z.string().nullable().optional().transform((v) => v ?? null),
});

/** A filed plan's document as version 1 stores it. */
export const filedDocumentSchema: z.ZodType<FiledDocument> = z.object({
  contacts: z.array(contactSchema),
  production: productionSchema,
  fields: z.array(fieldSchema),
  agreements: z.array(agreementSchema),
  stockpiles: z.array(stockpileSchema),
  soilLossPractices: z.string(),
  constructionBeginsOn: z.string().optional(),
});

const changeSchema: z.ZodType<PlanChange> = z.object({ path: z.string(), label: z.string(), before: z.string().nullable(), after: z.string().nullable() });

const snapshotSchema = z.looseObject({
  version: z.literal(SNAPSHOT_VERSION),
  animalUnitCapacity: z.number().nullable(),
  document: filedDocumentSchema,
  changes: z.array(changeSchema),
  referenceTables: referenceTablesSchema.optional(),
});

export type SnapshotReading = { document: FiledDocument; animalUnitCapacity: number | null; changes: PlanChange[]; referenceTables: ReferenceTables | null };

/** A stored snapshot that is not version 1 as written: the database was not upgraded, or the row was changed by hand. */
export class SnapshotUnreadable extends Error {
  constructor(readonly issues: string) {
    super(`A stored submission does not read as plan document version ${SNAPSHOT_VERSION}: ${issues}. Run the database migration (npm run db:migrate), which upgrades every stored submission.`);
    this.name = 'SnapshotUnreadable';
  }
}

/** A stored snapshot as the document, its animal units, its certified changes and the reference values it froze. */
export function readSnapshot(raw: unknown): SnapshotReading {
  const parsed = snapshotSchema.safeParse(raw);
  if (!parsed.success) throw new SnapshotUnreadable(z.prettifyError(parsed.error).split('\n').slice(0, 4).join('; '));
  const s = parsed.data;
  return { document: s.document, animalUnitCapacity: s.animalUnitCapacity, changes: s.changes, referenceTables: s.referenceTables ?? null };
}
