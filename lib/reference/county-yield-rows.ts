// Checking a county average yield file (DNR form 542-4000a, Appendix A) row by row: the county by
// name or FIPS among Iowa's counties, the crop in the crop table, a positive yield within the
// limits in the crop's unit, and the years the average covers. Pure, so it is tested on its own;
// each row's outcome compares it with the figure recorded last for the same county and crop.
import type { CheckedRow } from '@/lib/imports/kind';
import type { CsvRows } from '@/lib/imports/read';
import { RowReader } from '@/lib/imports/values';
import { cropKey, type CropFactor } from '@/lib/plans/reference-tables';
import { REFERENCE_LIMITS, YEARS_PATTERN } from '@/lib/validation/reference-tables';

export const COUNTY_YIELD_COLUMNS = { required: ['county', 'crop', 'yield', 'unit', 'years'], optional: [] } as const;

export type CountyYieldValue = { countyFips: string; countyName: string; crop: string; cropLabel: string; yield: number; unit: 'bu' | 'tons'; years: string };
export type RecordedYield = { countyFips: string; crop: string; yield: number; unit: 'bu' | 'tons'; years: string; confirmed: boolean };
export type CountyYieldRefs = {
  counties: { fips: string; name: string }[];
  crops: Pick<CropFactor, 'crop' | 'label' | 'yieldUnit'>[];
  /** The latest recorded figure per county and crop, keyed `${fips}|${crop}`. */
  recorded: Map<string, RecordedYield>;
  /** Whether the file's rows are recorded as the department's (a confirmation is a change). */
  confirmed: boolean;
};

const countyWord = (s: string) => s.toLowerCase().replace(/\s+county$/, '').replace(/[^a-z]/g, '');
const show = (v: { yield: number; unit: string; years: string }) => `${v.yield} ${v.unit} (${v.years})`;

function readYears(r: RowReader): string | null {
  const v = r.text('years', { required: true, max: 20 });
  if (v === null) return null;
  const m = YEARS_PATTERN.exec(v);
  const from = m ? Number(m[1]) : 0;
  const to = m ? Number(m[2] ?? m[1]) : 0;
  if (!m || from < 1900 || to > 2200 || to < from) {
    r.problems.push({ column: 'years', message: `years “${v}” is not a span of years written like 2019-2023.` });
    return null;
  }
  return m[2] ? `${from}-${to}` : `${from}`;
}

function readYield(r: RowReader, unit: 'bu' | 'tons' | null): number | null {
  const v = r.text('yield', { required: true, max: 20 });
  if (v === null) return null;
  const n = Number(v.replace(/,/g, ''));
  if (!/^-?[\d,]*(\.\d+)?$/.test(v) || !Number.isFinite(n)) {
    r.problems.push({ column: 'yield', message: `yield “${v}” is not a number.` });
    return null;
  }
  const max = REFERENCE_LIMITS.yield[unit ?? 'bu'];
  if (n <= 0 || n > max) {
    r.problems.push({ column: 'yield', message: `yield ${v} is impossible: more than 0 and at most ${max} ${unit ?? 'bu'} an acre is expected.` });
    return null;
  }
  return n;
}

/** Every row's outcome; any refused row refuses the file (the import framework writes nothing then). */
export function checkCountyYieldRows(file: CsvRows, refs: CountyYieldRefs): CheckedRow<CountyYieldValue>[] {
  const byFips = new Map(refs.counties.map((c) => [c.fips, c]));
  const byName = new Map(refs.counties.map((c) => [countyWord(c.name), c]));
  const crops = new Map(refs.crops.map((c) => [c.crop, c]));
  const out = file.rows.map(({ row, values }): CheckedRow<CountyYieldValue> => {
    const r = new RowReader(values);
    const countyText = r.text('county', { required: true, max: 60 });
    const county = countyText === null ? undefined : byFips.get(countyText) ?? byFips.get(`19${countyText.padStart(3, '0')}`) ?? byName.get(countyWord(countyText));
    if (countyText !== null && !county) r.problems.push({ column: 'county', message: `county “${countyText}” is not one of Iowa’s counties (a name such as Polk, or a FIPS code such as 19153).` });
    const cropText = r.text('crop', { required: true, max: 60 });
    const crop = cropText === null ? undefined : crops.get(cropKey(cropText));
    if (cropText !== null && !crop) r.problems.push({ column: 'crop', message: `crop “${cropText}” is not in the crop table (${refs.crops.map((c) => c.crop).join(', ')}); record the crop first.` });
    const unitText = r.text('unit', { required: true, max: 10 });
    const unit = unitText === null ? null : unitText.toLowerCase() === 'bu' || unitText.toLowerCase() === 'tons' ? (unitText.toLowerCase() as 'bu' | 'tons') : null;
    if (unitText !== null && !unit) r.problems.push({ column: 'unit', message: `unit “${unitText}” is not bu or tons.` });
    if (unit && crop && unit !== crop.yieldUnit) r.problems.push({ column: 'unit', message: `unit ${unit} does not match the crop table: ${crop.label} is measured in ${crop.yieldUnit}.` });
    const y = readYield(r, unit ?? crop?.yieldUnit ?? null);
    const years = readYears(r);
    const key = county && crop ? `${county.fips}|${crop.crop}` : null;
    if (r.problems.length || !county || !crop || !unit || y === null || years === null) return { row, facilityId: key, outcome: 'refuse', messages: r.problems };
    const value: CountyYieldValue = { countyFips: county.fips, countyName: county.name, crop: crop.crop, cropLabel: crop.label, yield: y, unit, years };
    const was = refs.recorded.get(key!);
    const label = `${county.name} County, ${crop.label}: ${show(value)}`;
    if (!was) return { row, facilityId: key, outcome: 'create', messages: [], details: `${label}; new`, value };
    const changes = [
      was.yield !== y || was.unit !== unit ? { column: 'yield', message: `${was.yield} ${was.unit} → ${y} ${unit}` } : null,
      was.years !== years ? { column: 'years', message: `${was.years} → ${years}` } : null,
      refs.confirmed && !was.confirmed ? { column: null, message: 'unconfirmed → confirmed by the department' } : null,
    ].filter((c) => c !== null);
    if (!changes.length) return { row, facilityId: key, outcome: 'unchanged', messages: [], details: `${label}; as recorded`, value };
    return { row, facilityId: key, outcome: 'change', messages: changes, details: `${label}; was ${show(was)}`, value };
  });
  const rowsOf = new Map<string, number[]>();
  for (const r of out) if (r.facilityId) rowsOf.set(r.facilityId, [...(rowsOf.get(r.facilityId) ?? []), r.row]);
  for (const r of out) {
    const same = r.facilityId ? rowsOf.get(r.facilityId)! : [];
    if (same.length > 1) {
      r.outcome = 'refuse';
      r.messages.push({ column: 'county', message: `The same county and crop are on rows ${same.join(', ')}: each county’s crop once per file.` });
    }
  }
  return out;
}
