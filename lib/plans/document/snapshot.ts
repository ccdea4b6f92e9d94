// The frozen copy of a plan written at each submission (plan_submissions.snapshot): what the owner
// certified, whatever the draft does next. Version 1 is written from now on; the reader also takes
// every shape already stored: the unversioned snapshot of earlier releases (the document under
// `document`, the changes under `changes` with `label`), and the early flat shape (the document's
// parts at the top level, with `content`, `cropSchedule`, `distancesFt` and `landAgreements`).
import type { Actor } from '@/lib/auth/roles';
import type { PlanContent } from '@/db/schema';
import { isObject, readChanges, readDocument } from './lenient';
import { referenceTablesSchema, type ReferenceTables } from '../reference-tables';
import type { FiledDocument, PlanChange } from './types';

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

export type SnapshotReading = { document: FiledDocument; animalUnitCapacity: number | null; changes: PlanChange[]; version: number | null; referenceTables: ReferenceTables | null };

/** Any stored snapshot as the document, its animal units and its certified changes. */
export function readSnapshot(raw: unknown, content?: PlanContent | null): SnapshotReading | null {
  if (!isObject(raw)) return null;
  const doc = isObject(raw.document) ? raw.document : raw;
  const au = typeof raw.animalUnitCapacity === 'number' ? raw.animalUnitCapacity : typeof raw.animalUnitCapacity === 'string' && raw.animalUnitCapacity.trim() !== '' ? Number(raw.animalUnitCapacity) : null;
  const flatContent = isObject(raw.content) ? (raw.content as PlanContent) : null;
  const frozen = referenceTablesSchema.safeParse(raw.referenceTables);
  return {
    document: readDocument(doc, flatContent ?? content),
    animalUnitCapacity: au !== null && Number.isFinite(au) ? au : null,
    changes: readChanges(Array.isArray(raw.changes) ? raw.changes : flatContent?.changes),
    version: typeof raw.version === 'number' ? raw.version : null,
    referenceTables: frozen.success ? frozen.data : null,
  };
}
