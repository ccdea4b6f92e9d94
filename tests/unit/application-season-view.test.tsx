import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { previousSeason } from '@/components/applications/review-applications';
import { SeasonRecords } from '@/components/applications/season-records';
import { checkApplicationRecord, seasonTotals } from '@/lib/applications/check';
import type { ApplicationSeason } from '@/lib/applications/queries';
import { planBalance } from '@/lib/plans/balance';

// The season's records as the owner and the reviewer read them (DNR form 542-8002 against the plan).
const plan = planBalance({
  production: { nutrientUnit: 'thousand_gallons', manureAmount: 1_900_000, availableNitrogenPerUnit: 45 },
  fields: [{ key: 'f1', name: 'Home 80', acres: 80, crops: [{ year: 2027, crop: 'corn' }], optimumYield: 200, nitrogenRateLbPerAcre: 150, phosphorusIndex: 1.5 }],
}, 2027);

function record(id: string, amountApplied: number, acres: number, fieldName = 'Home 80') {
  const r = {
    id, operationId: 'op', fieldKey: fieldName === 'Home 80' ? 'f1' : null, fieldName, cropYear: 2027, appliedOn: '2027-10-15', method: 'injected' as const,
    amountApplied, amountUnit: 'thousand_gallons' as const, acres, ratePerAcre: Math.round((amountApplied / acres) * 100) / 100, applicatorName: 'Karen Hansen',
    applicatorCertification: null, weatherDayBefore: 'Dry', weatherDayOf: 'Dry', weatherDayAfter: 'Rain', commercialNLbPerAcre: null, commercialP2o5LbPerAcre: null,
    source: 'form', recordedByUserId: 'u', recordedAt: new Date('2027-10-15T12:00:00Z'), recordedByName: 'Karen Hansen',
  };
  return { ...r, check: checkApplicationRecord(r, plan) };
}

function season(records: ReturnType<typeof record>[]): ApplicationSeason {
  return { operation: { id: 'op', name: 'Finisher' }, cropYear: 2027, planId: 'p', planUnit: 'thousand gallons', planUnitCode: 'thousand_gallons', unconfirmed: null, fields: [], records, totals: seasonTotals(records, plan), seasons: [2027] };
}

describe('a season of application records', () => {
  it('puts the over-rate application first, in plain words, and names the field not in the plan', () => {
    const html = renderToStaticMarkup(<SeasonRecords season={season([record('a', 240, 80), record('b', 432, 80), record('c', 100, 40, 'North 40')])} />);
    expect(html).toContain('1 application was above the approved plan’s limit');
    expect(html).toContain('Home 80: 5.4 thousand gallons per acre is more than the 5.33 the approved plan allows (nitrogen for corn).');
    expect(html).toContain('North 40 is not a field of the approved plan.');
    expect(html).toContain('Karen Hansen, no certification number');
  });

  it('says nothing is above the plan when every record is within it', () => {
    const html = renderToStaticMarkup(<SeasonRecords season={season([record('a', 426.4, 80)])} />);
    expect(html).not.toContain('above the approved plan’s limit');
    expect(html).toContain('Within the limit');
  });

  it('looks back on the crop year before the annual update was received', () => {
    expect(previousSeason('2027-03-01', '2027-05-01')).toBe(2026);
    expect(previousSeason(null, '2028-01-10')).toBe(2027);
  });
});
