import { describe, expect, it } from 'vitest';
import { reviewSummary } from '@/lib/plans/review-summary';
import type { FiledDocument } from '@/lib/plans/document/types';

// Check your answers: the summary at the top names the manure the plan leaves with no field, with
// its figure, beside what is missing (IAC 567-65.111), instead of "Nothing is missing".
const field = (name: string, acres: number, nitrogenRateLbPerAcre: number) => ({
  key: name, name, countyFips: '19021', acres, tenure: 'owned', crops: [{ year: 2027, crop: 'corn' }], optimumYield: 200, nitrogenRateLbPerAcre,
  legumeCreditLbPerAcre: 0, commercialNLbPerAcre: 0, carryoverCreditLbPerAcre: 0, phosphorusIndex: 1.5, applicationMethod: 'injected', applicationTiming: 'fall',
});
// 2,880,000 gallons a year with 45 lb of available N per 1,000 gallons; 225 lb N / 45 = 5 an acre on 80 acres = 400 planned.
const doc = (manureAmount: number) => ({
  contacts: [], production: { nutrientUnit: 'thousand_gallons', manureAmount, availableNitrogenPerUnit: 45, p2o5PerUnit: 30 },
  fields: [field('Home 80', 80, 225)], agreements: [], stockpiles: [], soilLossPractices: '',
}) as unknown as FiledDocument;

describe('the summary at the top of check your answers', () => {
  it('names the manure with no field and its figure when nothing else is missing', () => {
    expect(reviewSummary(doc(2_880_000), 0, 2027)).toEqual({
      heading: '2,480 of 2,880 thousand gallons of manure have no field',
      unplaced: '2,480 of 2,880 thousand gallons of the manure produced a year have no planned field (IAC 567-65.111).',
    });
  });
  it('puts it beside what is missing', () => {
    expect(reviewSummary(doc(2_880_000), 2, 2027).heading).toBe('Still missing: 2 items; 2,480 of 2,880 thousand gallons of manure have no field');
  });
  it('says nothing is missing only when every gallon has a field', () => {
    expect(reviewSummary(doc(400_000), 0, 2027)).toEqual({ heading: 'Nothing is missing', unplaced: null });
    expect(reviewSummary(doc(400_000), 1, 2027).heading).toBe('Still missing: 1 item');
  });
});
