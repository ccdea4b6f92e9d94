import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { landownerStatements, planSubmissions, plans } from '@/db/schema';
import { upgradeStoredPlanDocuments } from '@/db/upgrades/plan-documents';
import { today } from '@/lib/clock';
import { getDb } from '@/lib/db';
import { diffDocuments } from '@/lib/plans/document/diff';
import { documentOfDraft, readDraft } from '@/lib/plans/document/draft';
import { loadFiledDocument } from '@/lib/plans/document/read-filed';
import { readSnapshot, SnapshotUnreadable } from '@/lib/plans/document/snapshot';
import { startPlan } from '@/lib/plans/start';
import { addDays } from '@/lib/rules';
import unversioned from '../fixtures/snapshot-unversioned.json';
import { approvedPlanFor, createOperation, createOwner, createReviewer, submitOriginalPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// The plan document is stored in one shape. The database migration upgrades every snapshot an
// earlier release wrote (the unversioned one, the early flat one) to version 1 and keeps it as first
// stored, stamps every draft with its format's version, and gives an update begun from the old
// tables' ids the approved plan's keys; the reader then reads version 1 only.
describe(`the stored plan documents are upgraded to version 1 on ${databaseLabel}`, () => {
  useTestDb();

  const flat = {
    content: { manureProduction: { annualAnimalProduction: 4960, manureVolumeGallons: 3_600_000, unit: 'thousand_gallons' }, soilLossPractices: 'Terraces.', changes: [{ path: 'fields.x', before: null, after: 'X', note: 'Field added' }] },
    fields: [{ name: 'Field 1', countyFips: '19167', acres: '80', tenure: 'owned', cropSchedule: [{ year: 2026, crop: 'corn' }], phosphorusIndex: null }],
    stockpiles: [{ name: 'Old pad', distancesFt: { known_sinkhole: 500, not_a_feature: 3 } }],
    landAgreements: [{ landownerName: 'Jan De Boer', fieldName: 'Field 1', signedOn: '2026-09-01' }],
    animalUnitCapacity: '992',
    fees: [{ code: 'mmp_filing', cents: 25000, payer: 'owner', citation: 'Iowa Code 459.312' }],
  };

  async function filedWith(snapshot: Record<string, unknown>) {
    const owner = await createOwner();
    const { operationId } = await createOperation(owner);
    const { planId } = await submitOriginalPlan(owner, operationId);
    const db = await getDb();
    await db.update(planSubmissions).set({ snapshot }).where(eq(planSubmissions.planId, planId));
    return planId;
  }

  it('rewrites both earlier shapes as version 1, keeps each as first stored, and leaves a version 1 snapshot as it is', async () => {
    const db = await getDb();
    const unversionedPlan = await filedWith(unversioned);
    const flatPlan = await filedWith(flat);
    const owner = await createOwner();
    const { operationId } = await createOperation(owner);
    const current = (await submitOriginalPlan(owner, operationId)).planId;
    const [before] = await db.select({ snapshot: planSubmissions.snapshot }).from(planSubmissions).where(eq(planSubmissions.planId, current));

    // Before the upgrade the reader refuses them rather than guess.
    await expect(loadFiledDocument(db, flatPlan)).rejects.toBeInstanceOf(SnapshotUnreadable);

    const counted = await upgradeStoredPlanDocuments(db);
    expect(counted.snapshots).toBeGreaterThanOrEqual(2);

    const stored = async (planId: string) => (await db.select().from(planSubmissions).where(eq(planSubmissions.planId, planId)))[0]!;
    const u = await stored(unversionedPlan);
    expect(u.snapshot.version).toBe(1);
    expect(u.snapshotAsStored).toEqual(unversioned);
    // What the reader does not read (fees, owner, operation) is kept.
    expect(u.snapshot).toMatchObject({ fees: unversioned.fees, owner: unversioned.owner, previousPlanId: unversioned.previousPlanId });
    const ur = readSnapshot(u.snapshot);
    expect(ur.animalUnitCapacity).toBe(992);
    expect(ur.document.fields.map((f) => [f.name, f.crops[0]!.crop, f.phosphorusIndex, f.commercialNLbPerAcre])).toEqual([['Home 80', 'corn', 1.5, null], ['De Boer 40', 'soybeans', 2.5, null]]);
    expect(ur.document.agreements[0]).toMatchObject({ fieldKey: '0b5c1b1e-6a55-4c55-9d2e-2f0c3a1d0002', landownerName: 'Jan De Boer' });
    expect(ur.document.stockpiles[0]).toMatchObject({ distances: { terrace_tile_inlet: 850, designated_area: 400 }, runoffCannotReachDesignatedArea: true, practicesDescription: 'Earthen berm on the downslope side' });
    expect(ur.changes).toEqual([{ path: 'fields.0b5c1b1e-6a55-4c55-9d2e-2f0c3a1d0002', label: 'Field added: De Boer 40', before: null, after: 'De Boer 40, Plymouth County, 40 acres, P index 2.5, N 0 lb/acre' }]);

    const f = await stored(flatPlan);
    expect(f.snapshotAsStored).toEqual(flat);
    expect(f.snapshot).not.toHaveProperty('landAgreements');
    expect(f.snapshot).not.toHaveProperty('content');
    const filed = (await loadFiledDocument(db, flatPlan))!;
    // A figure the early filing did not record is a gap, not 0; a row without a key gets its place.
    expect(filed.document.fields[0]).toMatchObject({ key: 'row-0', acres: 80, crops: [{ year: 2026, crop: 'corn' }], phosphorusIndex: null, optimumYield: null });
    expect(filed.document.stockpiles[0]!.distances).toEqual({ known_sinkhole: 500 });
    expect(filed.document.agreements[0]).toMatchObject({ fieldKey: 'row-0', attachmentId: null });
    expect(filed.document.production).toMatchObject({ annualAnimalProduction: 4960, manureAmount: 3_600_000, availableNitrogenPerUnit: null });
    expect(filed.document.soilLossPractices).toBe('Terraces.');
    expect(filed.changes).toEqual([{ path: 'fields.x', label: 'Field added', before: null, after: 'X' }]);
    expect(filed.animalUnitCapacity).toBe(992);

    const c = await stored(current);
    expect(c.snapshot).toEqual(before!.snapshot);
    expect(c.snapshotAsStored).toBeNull();

    // A second run finds nothing left to upgrade.
    const again = await upgradeStoredPlanDocuments(db);
    expect(again).toEqual({ snapshots: 0, drafts: 0 });
  });

  it('stamps drafts with their version, and an update begun from the old tables takes the approved plan’s keys, its landowner statement with it', async () => {
    const db = await getDb();
    const owner = await createOwner();
    const reviewer = await createReviewer();
    const { operationId } = await createOperation(owner);
    const approvedId = await approvedPlanFor(owner, operationId, reviewer);
    // The approved plan as filed, with a land agreement on its first field.
    const [approvedRow] = await db.select({ id: planSubmissions.id, snapshot: planSubmissions.snapshot }).from(planSubmissions).where(eq(planSubmissions.planId, approvedId));
    const filedDoc = approvedRow!.snapshot.document as { fields: { key: string }[] };
    const agreement = { key: 'agreement-approved', fieldKey: filedDoc.fields[0]!.key, landownerName: 'Jan De Boer', acres: 40, signedOn: '2026-09-01', attachmentId: null };
    await db.update(planSubmissions).set({ snapshot: { ...approvedRow!.snapshot, document: { ...filedDoc, agreements: [agreement] } } }).where(eq(planSubmissions.id, approvedRow!.id));
    const approved = (await loadFiledDocument(db, approvedId))!.document;
    const { planId } = await startPlan(owner, { operationId, kind: 'annual_update' }, addDays(today(), 1));
    const [row] = await db.select({ draft: plans.draftState }).from(plans).where(eq(plans.id, planId));
    const started = readDraft(row!.draft);
    expect(started.version).toBe(1);

    // As an update started before this release stored it: no version, and the old tables' ids.
    const oldKey = new Map(approved.fields.map((f) => [f.key, randomUUID()]));
    const fields = (started.fields!.fields as { key: string; name: string }[]).map((f) => ({ ...f, key: oldKey.get(f.key)! }));
    const home = fields.find((f) => f.key === oldKey.get(agreement.fieldKey))!;
    const oldAgreementKey = randomUUID();
    const agreements = [{ ...(started.agreements!.agreements as Record<string, unknown>[])[0], key: oldAgreementKey, fieldKey: home.key }];
    const steps = { ...started };
    delete steps.version;
    await db.update(plans).set({ draftState: { ...steps, fields: { fields }, agreements: { agreements } } }).where(eq(plans.id, planId));
    await db.insert(landownerStatements).values({
      planId, agreementKey: oldAgreementKey, landownerName: 'Jan De Boer', landownerEmail: 'jan@example.test', fieldName: String(home.name), expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(diffDocuments(approved, documentOfDraft({ ...steps, fields: { fields }, agreements: { agreements } })).length).toBeGreaterThan(0);

    await upgradeStoredPlanDocuments(db);
    const [after] = await db.select({ draft: plans.draftState }).from(plans).where(eq(plans.id, planId));
    const upgraded = readDraft(after!.draft);
    expect(upgraded.version).toBe(1);
    const doc = documentOfDraft(upgraded);
    expect(doc.fields.map((f) => f.key).sort()).toEqual(approved.fields.map((f) => f.key).sort());
    // Row for row, the unchanged update now compares with the approved plan like with like: no change.
    expect(diffDocuments(approved, doc)).toEqual([]);
    expect(doc.agreements[0]).toMatchObject({ key: 'agreement-approved', fieldKey: agreement.fieldKey });
    const [statement] = await db.select({ key: landownerStatements.agreementKey }).from(landownerStatements).where(eq(landownerStatements.planId, planId));
    expect(statement!.key).toBe('agreement-approved');
  });
});
