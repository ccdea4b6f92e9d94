import { beforeAll, describe, expect, it } from 'vitest';
import { planSubmissions } from '@/db/schema';
import { loadFiledDocument } from '@/lib/plans/document/read-filed';
import type { Actor } from '@/lib/auth/roles';
import { getReviewView } from '@/lib/reviews/review-view';
import { findPlanComplete } from '@/lib/reviews/completeness';
import { addDays } from '@/lib/rules';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, createUser, planVersion, submitNoChangeUpdate } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// The review page reads the plan as frozen at submission (the filing service's snapshot), compares
// it with the last approved plan and flags what the rules find, each with its citation.
const TODAY = '2026-11-30';

describe(`the review page's reading of a submitted plan on ${databaseLabel}`, () => {
  const t = useTestDb();
  let reviewer: Actor;
  let planId: string;

  beforeAll(async () => {
    const { db } = t.get();
    // Made here: Hull Contract Finisher (4,960 head, 1,984 AU, for an active contractor) with its
    // plan approved last year (Field 1 in Sioux at P index 1.5, Field 2 in O'Brien), and its update,
    // received in October, under review.
    reviewer = await createReviewer();
    const vanzee = await createOwner({ name: 'Van Zee Pork Inc.' });
    const contractor = await createUser('active_contractor', { name: 'Heartland Pork Partners' });
    const hull = await createOperation(vanzee, { name: 'Hull Contract Finisher', countyFips: '19167', head: 4960, activeContractorId: contractor.partyId!, today: '2025-09-01' });
    const draft = completeDraft(['19167', '19141']);
    draft.fields.fields = draft.fields.fields.map((f, i) => ({ ...f, name: `Field ${i + 1}` }));
    const approvedId = await approvedPlanFor(vanzee, hull.operationId, reviewer, { today: '2025-09-01', draft });
    planId = await submitNoChangeUpdate(vanzee, hull.operationId, { today: '2026-10-06' });
    await findPlanComplete(reviewer, { planId, version: await planVersion(planId) }, addDays('2026-10-06', 5));
    // An update starts from the last approved plan as filed, so its fields keep their keys (the diff's key).
    const approved = draft.fields.fields.map((f) => ({ id: f.key, name: f.name }));
    expect((await loadFiledDocument(db, approvedId))!.document.fields.map((f) => f.name).sort()).toEqual(['Field 1', 'Field 2']);
    const idOf = (name: string) => approved.find((f) => f.name === name)!.id;
    const field = (key: string, name: string, countyFips: string, pIndex: number) => ({
      key, name, countyFips, acres: 80, tenure: 'owned', crops: [{ year: 2026, crop: 'corn' }], optimumYield: 200,
      nitrogenRateLbPerAcre: 150, phosphorusIndex: pIndex, applicationMethod: 'injected', applicationTiming: 'fall',
    });
    await db.insert(planSubmissions).values({
      planId,
      idempotencyKey: 'review-document-test',
      submittedOn: '2026-10-06',
      snapshot: {
        version: 1,
        kind: 'annual_update',
        animalUnitCapacity: 1984,
        document: {
          contacts: [{ name: 'Pieter Van Zee', role: 'Owner', phone: '712-555-0178' }],
          production: { annualAnimalProduction: 4960, nutrientUnit: 'thousand_gallons', manureAmount: 3_600_000, nutrientSource: 'sample', totalNitrogenPerUnit: 50, availableNitrogenPerUnit: 45, p2o5PerUnit: 30 },
          fields: [field(idOf('Field 1'), 'Field 1', '19167', 6.5), field(idOf('Field 2'), 'Field 2', '19141', 2.5), field('c', 'North 40', '19141', 1)],
          agreements: [{ key: 'x', fieldKey: 'c', landownerName: 'Jan De Boer', acres: 40, signedOn: '2026-09-01', attachmentId: '3f6c2a8e-1b7d-4e52-9a0c-5d8e7f1a2b3c' }],
          stockpiles: [{ key: 's', name: 'East pad', distances: { terrace_tile_inlet: 150 }, tileInletDischargesToWater: true, runoffCannotReachTileInlet: false, runoffCannotReachDesignatedArea: false, inGrassedWaterway: false, runoffContainmentPractices: false }],
          soilLossPractices: 'No-till on all fields; grassed waterways kept.',
        },
        changes: [{ path: 'fields.c', before: null, after: 'North 40', label: 'Field added' }],
      },
    });
  });

  it('shows the frozen submission and how it differs from the last approved plan', async () => {
    const view = await getReviewView(reviewer, planId, TODAY);
    expect(view.filed.source).toBe('submission');
    expect(view.filed.document.fields.map((f) => f.name)).toEqual(['Field 1', 'Field 2', 'North 40']);
    expect(view.filed.document.agreements).toEqual([{ key: 'x', fieldKey: 'c', landownerName: 'Jan De Boer', acres: 40, signedOn: '2026-09-01', attachmentId: '3f6c2a8e-1b7d-4e52-9a0c-5d8e7f1a2b3c' }]);
    expect(view.filed.changes).toEqual([{ path: 'fields.c', label: 'Field added', before: null, after: 'North 40' }]);
    const labels = view.diff!.map((c) => c.label);
    expect(view.diff).toContainEqual({ path: `fields.${view.filed.document.fields[0]!.key}.phosphorusIndex`, label: 'Field “Field 1”: phosphorus index', before: '1.5', after: '6.5' });
    expect(labels).toEqual(expect.arrayContaining(['Field added: North 40', 'Stockpile site added: East pad', 'Land agreement added: Jan De Boer']));
    // Matched by id: the fields the update kept are not listed as removed and added again.
    expect(labels.filter((l) => l.startsWith('Field removed') || l === 'Field added: Field 1')).toEqual([]);
  });

  it('flags the P-index above its limit and the stockpile too close to a tile inlet, with citations', async () => {
    const view = await getReviewView(reviewer, planId, TODAY);
    const flagged = view.figures.filter((f) => f.flag);
    expect(flagged.find((f) => f.label === 'Field 1: phosphorus index')).toMatchObject({ citation: 'IAC 567-65.111', flag: { level: 'error' } });
    expect(flagged.find((f) => f.label === 'Stockpile East pad')).toMatchObject({ citation: 'Iowa Code 459.311B(1)"a"', flag: { level: 'error' } });
    expect(view.figures.find((f) => f.label === 'Annual compliance fee')).toMatchObject({ value: '$297.60, paid by the active contractor', citation: 'IAC 567-65.110(3)"c"' });
    expect(view.figures.find((f) => f.label === 'Animal unit capacity')?.flag).toBeUndefined();
    // The P-index bands are an unconfirmed parameter, and the figure says so.
    expect(view.figures.find((f) => f.label === 'Field 2: phosphorus index')?.unconfirmed).toMatch(/567-65.111/);
  });
});
