import { describe, expect, it } from 'vitest';
import { readCsv, type CsvRows } from '@/lib/imports/read';
import { defaultReferenceTables } from '@/lib/plans/reference-tables';
import { checkCountyYieldRows, COUNTY_YIELD_COLUMNS, type CountyYieldRefs } from '@/lib/reference/county-yield-rows';
import { cropFactorSchema } from '@/lib/validation/reference-tables';

const refs = (over: Partial<CountyYieldRefs> = {}): CountyYieldRefs => ({
  counties: [
    { fips: '19153', name: 'Polk' },
    { fips: '19141', name: "O'Brien" },
    { fips: '19169', name: 'Story' },
  ],
  crops: defaultReferenceTables().crops,
  recorded: new Map(),
  confirmed: false,
  ...over,
});

const file = (lines: string[]): CsvRows => {
  const f = readCsv(['county,crop,yield,unit,years', ...lines].join('\n'), COUNTY_YIELD_COLUMNS);
  if ('fileError' in f) throw new Error(f.fileError);
  return f;
};

describe('checking a county average yield file', () => {
  it('reads counties by name or FIPS and crops as plans name them', () => {
    const rows = checkCountyYieldRows(file(['Polk,corn,182.5,bu,2019-2023', '19141,Soybeans,58,bu,2019-2023', 'obrien county,corn silage,24,tons,2019-2023']), refs());
    expect(rows.map((r) => r.outcome)).toEqual(['create', 'create', 'create']);
    expect(rows.map((r) => r.value)).toEqual([
      expect.objectContaining({ countyFips: '19153', crop: 'corn_grain', yield: 182.5, unit: 'bu', years: '2019-2023' }),
      expect.objectContaining({ countyFips: '19141', crop: 'soybean', yield: 58 }),
      expect.objectContaining({ countyFips: '19141', crop: 'corn_silage', unit: 'tons' }),
    ]);
  });

  it('names the row and column of every bad cell, so the file is refused', () => {
    const rows = checkCountyYieldRows(
      file(['Polk,corn,182,bu,2019-2023', 'Atlantis,corn,180,bu,2019-2023', 'Story,rice,50,bu,2019-2023', 'Story,corn,-3,bu,2019-2023', 'Story,soybean,60,tons,2019-2023', 'Story,corn_silage,120,tons,2019-2023', 'Polk,soybean,55,bu,last five years']),
      refs(),
    );
    expect(rows[0]!.outcome).toBe('create');
    const refused = rows.filter((r) => r.outcome === 'refuse').map((r) => ({ row: r.row, column: r.messages[0]!.column, message: r.messages[0]!.message }));
    expect(refused).toEqual([
      { row: 3, column: 'county', message: expect.stringContaining('“Atlantis” is not one of Iowa’s counties') },
      { row: 4, column: 'crop', message: expect.stringContaining('“rice” is not in the crop table') },
      { row: 5, column: 'yield', message: expect.stringContaining('more than 0 and at most 500 bu') },
      { row: 6, column: 'unit', message: expect.stringContaining('Soybean is measured in bu') },
      { row: 7, column: 'yield', message: expect.stringContaining('at most 100 tons') },
      { row: 8, column: 'years', message: expect.stringContaining('like 2019-2023') },
    ]);
  });

  it('refuses the same county and crop twice, naming both rows', () => {
    const rows = checkCountyYieldRows(file(['Polk,corn,182,bu,2019-2023', '19153,Corn,180,bu,2019-2023']), refs());
    expect(rows.every((r) => r.outcome === 'refuse')).toBe(true);
    expect(rows[0]!.messages[0]!.message).toContain('rows 2, 3');
  });

  it('compares with the figure recorded last: changed old → new, unchanged, and a confirmation', () => {
    const recorded = new Map([
      ['19153|corn_grain', { countyFips: '19153', crop: 'corn_grain', yield: 175, unit: 'bu' as const, years: '2018-2022', confirmed: false }],
      ['19169|corn_grain', { countyFips: '19169', crop: 'corn_grain', yield: 190, unit: 'bu' as const, years: '2019-2023', confirmed: false }],
    ]);
    const rows = checkCountyYieldRows(file(['Polk,corn,182,bu,2019-2023', 'Story,corn,190,bu,2019-2023']), refs({ recorded }));
    expect(rows[0]).toMatchObject({ outcome: 'change', messages: [{ column: 'yield', message: '175 bu → 182 bu' }, { column: 'years', message: '2018-2022 → 2019-2023' }] });
    expect(rows[1]!.outcome).toBe('unchanged');
    const confirming = checkCountyYieldRows(file(['Story,corn,190,bu,2019-2023']), refs({ recorded, confirmed: true }));
    expect(confirming[0]).toMatchObject({ outcome: 'change', messages: [{ column: null, message: 'unconfirmed → confirmed by the department' }] });
  });
});

describe('a crop row of the reference table', () => {
  const base = { crop: 'corn_grain', label: 'Corn (grain)', yieldUnit: 'bu', nLbPerYieldUnit: '1.1', p2o5LbPerYieldUnit: '0.35', source: 'DNR table', effectiveFrom: '2026-01-01', confirmed: false };
  it('names the limit of an absurd figure', () => {
    const r = cropFactorSchema.safeParse({ ...base, nLbPerYieldUnit: '12', p2o5LbPerYieldUnit: '80' });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(byField.nLbPerYieldUnit).toContain('At most 5 lb');
    expect(byField.p2o5LbPerYieldUnit).toContain('At most 50 lb');
    expect(cropFactorSchema.safeParse({ ...base, nLbPerYieldUnit: '-1' }).success).toBe(false);
  });
  it('keeps a blank figure as no figure, and defaults to unconfirmed', () => {
    const r = cropFactorSchema.parse({ ...base, p2o5LbPerYieldUnit: '', confirmed: undefined });
    expect(r).toMatchObject({ nLbPerYieldUnit: 1.1, p2o5LbPerYieldUnit: null, confirmed: false });
  });
});
