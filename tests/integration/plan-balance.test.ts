import { describe, expect, it } from 'vitest';
import { today } from '@/lib/clock';
import { getReviewView } from '@/lib/reviews/review-view';
import { addDays } from '@/lib/rules';
import { getDb } from '@/lib/db';
import { loadFiledDocument } from '@/lib/plans/document/read-filed';
import { getDecisionLetter } from '@/lib/reviews/letter';
import { decisionLetterText } from '@/lib/reviews/letter-content';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, submitOriginalPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// IAC 567-65.111: a plan that applies more manure to a field than the field may take is refused at
// submission with the field named; a plan whose fields leave manure with nowhere to go is filed and
// flagged to the reviewer with the figure. Corn at 200 bu needs 240 lb N (1.2 lb/bu); the manure has
// 45 lb of available N per 1,000 gallons, so Home 80 may take 5.33 thousand gallons an acre.
describe(`the plan's manure balance at submission and in review on ${databaseLabel}`, () => {
  useTestDb();
  const year = Number(today().slice(0, 4));

  function draftWith(nitrogenRate: string) {
    const d = completeDraft();
    const fields = (d.fields.fields as Record<string, unknown>[]).map((f, i) => (i === 0 ? { ...f, crops: [{ year: String(year + 1), crop: 'corn' }], nitrogenRateLbPerAcre: nitrogenRate } : f));
    return { ...d, fields: { fields } };
  }

  it('refuses a plan with a field planned above its limit, naming the field and the figures', async () => {
    const owner = await createOwner();
    const { operationId } = await createOperation(owner);
    const refused = submitOriginalPlan(owner, operationId, { draft: draftWith('260') });
    await expect(refused).rejects.toMatchObject({ code: 'VALIDATION' });
    const err = (await refused.catch((e: unknown) => e)) as { fieldErrors?: Record<string, string[]> };
    expect(err.fieldErrors?.['fields.fields.0.nitrogenRateLbPerAcre']?.[0]).toMatch(
      /^Home 80: the planned 5\.78 thousand gallons of manure per acre is more than the 5\.33 it may take/,
    );
  });

  it('files a plan within its limits and shows the reviewer the manure that has no field, with the figure', async () => {
    const owner = await createOwner();
    const { operationId } = await createOperation(owner);
    const { planId, submission } = await submitOriginalPlan(owner, operationId, { draft: draftWith('150') });
    expect(submission.confirmationNumber).toMatch(/^MMP-\d{4}-\d{6}$/);
    const view = await getReviewView(await createReviewer(), planId, today());
    const home = view.figures.find((f) => f.label === 'Home 80: manure rate against its limit');
    expect(home?.value).toMatch(/^3\.33 thousand gallons per acre planned; at most 5\.33/);
    expect(home?.flag).toBeUndefined();
    const balance = view.figures.find((f) => f.label === 'Manure balance');
    // 1,900,000 gallons produced; Home 80 takes 80 x 3.33 = 266; River 120 (soybeans, no factor) plans none.
    expect(balance?.value).toBe('1,900 thousand gallons produced a year; 266 thousand gallons planned on the fields; 426 thousand gallons the fields may take at their limits');
    expect(balance?.flag?.text).toContain('1,634 thousand gallons of the manure produced a year have no planned field.');
    // River 120 (soybeans, no nitrogen factor) counts in the balance at its planned use, its limit to be checked.
    expect(balance?.flag?.text).toContain('Counted at their planned use, limit to be checked: River 120 (0 thousand gallons planned).');
    expect(view.figures.find((f) => f.label === 'River 120: manure rate against its limit')?.value).toBe('0 thousand gallons per acre planned, counted in the balance; limit to be checked');
    expect(balance?.unconfirmed).toMatch(/567-65\.111/);
  });

  it('limits a medium P-index field by twice the P2O5 its rotation removes, keeps the field history, and the letter carries the balance', async () => {
    const owner = await createOwner();
    const reviewer = await createReviewer();
    const { operationId } = await createOperation(owner);
    const d = draftWith('150');
    const fields = (d.fields.fields as Record<string, unknown>[]).map((f, i) =>
      i === 0 ? { ...f, phosphorusIndex: '3', p2o5RemovalLbPerAcre: '60', yearsBetweenApplications: '1', crops: [{ year: String(year + 1), crop: 'corn', yield: '200' }], previousCrop: 'soybeans', previousCropManured: 'true', yieldSource: 'own_records', yieldBasis: 'Yield monitor 2021-2025' } : f);
    const planId = await approvedPlanFor(owner, operationId, reviewer, { draft: { ...d, production: { ...d.production, manureAmountBasis: '2,480 head x 766 gallons a head' }, fields: { fields } } });

    // The filed plan keeps what the owner stated (an update starts from it).
    const stored = (await loadFiledDocument(await getDb(), planId))?.document;
    expect(stored?.production.manureAmountBasis).toBe('2,480 head x 766 gallons a head');
    expect(stored?.fields.find((f) => f.name === 'Home 80')).toMatchObject({ p2o5RemovalLbPerAcre: 60, yearsBetweenApplications: 1, crops: [{ year: year + 1, crop: 'corn', yield: 200 }], previousCrop: 'soybeans', previousCropManured: true, yieldSource: 'own_records', yieldBasis: 'Yield monitor 2021-2025' });

    // 2 x 60 lb P2O5 / 30 lb per 1,000 gallons = 4, below nitrogen's 5.33: phosphorus binds.
    const view = await getReviewView(reviewer, planId, today());
    const home = view.figures.find((f) => f.label === 'Home 80: manure rate against its limit');
    expect(home?.value).toMatch(/^3\.33 thousand gallons per acre planned; at most 4 thousand gallons per acre \(P index 3 is medium: phosphorus binds/);
    expect(home?.value).toContain('P2O5 removal 60 lb/acre (as the plan states); manure every year');
    const nitrogen = view.figures.find((f) => f.label.startsWith('Home 80: nitrogen need'));
    expect(nitrogen?.flag?.text).toContain('Home 80: the previous crop (soybeans) got manure but no carry-over credit is taken: check it.');

    const letter = decisionLetterText({ ...(await getDecisionLetter(reviewer, planId, addDays(today(), 10))), decision: 'approved', reasons: [] } as Parameters<typeof decisionLetterText>[0]);
    expect(letter.balance?.summary).toBe('Manure produced a year: 1,900 thousand gallons; planned on the fields: 266.4 thousand gallons; the fields may take at their limits: 320 thousand gallons; 1,633.6 thousand gallons have no planned field (IAC 567-65.111).');
    expect(letter.balance?.rows[0]).toMatch(/^Home 80: 3\.33 thousand gallons per acre planned, at most 4 thousand gallons per acre \(P index 3 is medium/);
  });
});
