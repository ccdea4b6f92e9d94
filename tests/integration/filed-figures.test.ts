import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { planSubmissions } from '@/db/schema';
import { today } from '@/lib/clock';
import { getDb } from '@/lib/db';
import { loadPlanInForce, limitsForYear } from '@/lib/applications/plan-limits';
import { loadFiledDocument } from '@/lib/plans/document/read-filed';
import { findCropFactor } from '@/lib/plans/reference-tables';
import { recordCropFactor } from '@/lib/reference/crop-factors';
import { getDecisionLetter } from '@/lib/reviews/letter';
import { decisionLetterText } from '@/lib/reviews/letter-content';
import { getReviewView } from '@/lib/reviews/review-view';
import { addDays } from '@/lib/rules';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, createUser, submitNoChangeUpdate, submitOriginalPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// A filed plan's figures stay as filed. Corn at 200 bu needs 240 lb N (the shipped 1.2 lb/bu); the
// manure has 45 lb of available N per 1,000 gallons, so Home 80 may take 5.33 thousand gallons an
// acre. When the department then records corn at 1.1 lb/bu (220 lb N, 4.89) from a date before the
// filing, the plan already filed keeps 5.33 wherever it is read; a plan filed afterwards gets 4.89.
describe(`a filed plan keeps the reference values it was filed with on ${databaseLabel}`, () => {
  useTestDb();
  const T = today();
  const year = Number(T.slice(0, 4));
  const HOME = 'Home 80: manure rate against its limit';

  function draftWithCorn() {
    const d = completeDraft();
    const fields = (d.fields.fields as Record<string, unknown>[]).map((f, i) => (i === 0 ? { ...f, crops: [{ year: String(year + 1), crop: 'corn' }], nitrogenRateLbPerAcre: '150' } : f));
    return { ...d, fields: { fields } };
  }
  const homeLimit = async (planId: string, reviewer: Awaited<ReturnType<typeof createReviewer>>) =>
    (await getReviewView(reviewer, planId, today())).figures.find((f) => f.label === HOME)?.value;

  it('a crop factor recorded later, dated before the filing, changes neither the review, the letter nor the approved limits; the next filing uses it', async () => {
    const reviewer = await createReviewer();
    const owner = await createOwner();
    const { operationId } = await createOperation(owner);
    const approved = await approvedPlanFor(owner, operationId, reviewer, { draft: draftWithCorn() });
    const other = await createOwner();
    const filed = await submitOriginalPlan(other, (await createOperation(other)).operationId, { draft: draftWithCorn() });
    expect(await homeLimit(filed.planId, reviewer)).toMatch(/; at most 5\.33 thousand gallons per acre/);

    const admin = await createUser('admin');
    await recordCropFactor(admin, { crop: 'corn_grain', label: 'Corn (grain)', yieldUnit: 'bu', nLbPerYieldUnit: 1.1, p2o5LbPerYieldUnit: 0.36, source: 'DNR notice of the crop table', effectiveFrom: addDays(T, -30), confirmed: true });

    // The plan under review, its frozen snapshot and the approved plan's limits: all still 240 lb N.
    expect(await homeLimit(filed.planId, reviewer)).toMatch(/; at most 5\.33 thousand gallons per acre/);
    const db = await getDb();
    const reading = await loadFiledDocument(db, filed.planId);
    expect(reading?.referenceTables && findCropFactor(reading.referenceTables, 'corn')).toMatchObject({ nLbPerYieldUnit: 1.2, confirmed: false });
    const inForce = await loadPlanInForce(db, operationId);
    expect(inForce?.planId).toBe(approved);
    expect(limitsForYear(inForce, year + 1)?.fields.find((f) => f.name === 'Home 80')?.limit?.maxManureRatePerAcre).toBe(5.33);
    const letter = decisionLetterText({ ...(await getDecisionLetter(reviewer, approved, T)), decision: 'approved', reasons: [] } as Parameters<typeof decisionLetterText>[0]);
    expect(letter.balance?.rows[0]).toMatch(/^Home 80: 3\.33 thousand gallons per acre planned, at most 5\.33 thousand gallons per acre/);

    // A plan filed now is computed, and frozen, with the department's row.
    const third = await createOwner();
    const next = await submitOriginalPlan(third, (await createOperation(third)).operationId, { draft: draftWithCorn() });
    expect(await homeLimit(next.planId, reviewer)).toMatch(/; at most 4\.89 thousand gallons per acre/);
  });

  it('a submission filed before the values were frozen reads the tables as the portal knew them when it was filed', async () => {
    const reviewer = await createReviewer();
    const owner = await createOwner();
    const { planId } = await submitOriginalPlan(owner, (await createOperation(owner)).operationId, { draft: draftWithCorn() });
    const db = await getDb();
    // As a submission stored before this release: the snapshot without its reference values.
    await db.update(planSubmissions).set({ snapshot: sql`${planSubmissions.snapshot} - 'referenceTables'` }).where(eq(planSubmissions.planId, planId));
    const [stored] = await db.select({ snapshot: planSubmissions.snapshot }).from(planSubmissions).where(eq(planSubmissions.planId, planId));
    expect(stored?.snapshot).not.toHaveProperty('referenceTables');
    const before = await homeLimit(planId, reviewer);

    const admin = await createUser('admin');
    await recordCropFactor(admin, { crop: 'corn_grain', label: 'Corn (grain)', yieldUnit: 'bu', nLbPerYieldUnit: 1.0, p2o5LbPerYieldUnit: 0.36, source: 'DNR notice of the crop table, corrected', effectiveFrom: addDays(T, -60), confirmed: true });
    expect(await homeLimit(planId, reviewer)).toBe(before);
  });
});

// IAC 567-65.110(3)"b": an annual update amends the approved plan. It starts from that plan as the
// department approved it (the frozen submission every reader reads), so the reviewer's comparison
// lists what the owner changed and nothing else.
describe(`an annual update starts from the approved plan as filed on ${databaseLabel}`, () => {
  useTestDb();

  it('a no-change update shows the reviewer no change: every field, agreement and stockpile matched to the approved plan', async () => {
    const reviewer = await createReviewer();
    const owner = await createOwner();
    const { operationId } = await createOperation(owner);
    const approved = await approvedPlanFor(owner, operationId, reviewer);
    const update = await submitNoChangeUpdate(owner, operationId);
    const view = await getReviewView(reviewer, update, today());
    expect(view.previousPlanId).toBe(approved);
    expect(view.filed.document.fields.map((f) => f.key).sort()).toEqual((await loadFiledDocument(await getDb(), approved))!.document.fields.map((f) => f.key).sort());
    expect(view.diff).toEqual([]);
  });
});
