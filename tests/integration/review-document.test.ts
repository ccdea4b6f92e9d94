import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operations, planFields, planSubmissions, plans, users } from '@/db/schema';
import { seedDatabase } from '@/db/seed';
import type { Actor } from '@/lib/auth/roles';
import { getReviewView } from '@/lib/reviews/review-view';
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
    await seedDatabase(db, { demo: true, today: TODAY });
    const [u] = await db.select().from(users).where(eq(users.email, 'reviewer@example.com'));
    reviewer = { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: null, partyId: null };
    const [row] = await db
      .select({ id: plans.id })
      .from(plans)
      .innerJoin(operations, eq(operations.id, plans.operationId))
      .where(and(eq(operations.name, 'Hull Contract Finisher'), eq(plans.status, 'under_review')));
    planId = row!.id;
    // An update starts from the last approved plan's rows, so its fields keep their ids (the diff's key).
    const approved = await db
      .select({ id: planFields.id, name: planFields.name })
      .from(planFields)
      .innerJoin(plans, eq(plans.id, planFields.planId))
      .innerJoin(operations, eq(operations.id, plans.operationId))
      .where(and(eq(operations.name, 'Hull Contract Finisher'), eq(plans.status, 'approved')));
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
