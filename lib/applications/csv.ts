import { decodeUtf8, readCsv } from '@/lib/imports/read';
import { APPLICATION_METHODS, METHOD_LABELS } from '@/lib/validation/plan-fields';
import { applicationRowSchema, type ApplicationRowInput } from '@/lib/validation/application-records';

// A season's application records (DNR form 542-8002) as a CSV: one row per application. Every row is
// read with the form's own schema; a file with any bad row imports nothing, and each bad row is named
// with its line and column so the owner fixes the spreadsheet and uploads it again.

export const APPLICATION_CSV_COLUMNS = {
  required: ['field', 'crop_year', 'applied_on', 'method', 'amount', 'unit', 'acres', 'applicator', 'weather_day_before', 'weather_day_of', 'weather_day_after'],
  optional: ['certification_number', 'commercial_n_lb_per_acre', 'commercial_p2o5_lb_per_acre'],
} as const;

// Schema field -> CSV column, so an error names the column the owner sees in the spreadsheet.
const COLUMN_OF: Record<string, string> = {
  fieldName: 'field', cropYear: 'crop_year', appliedOn: 'applied_on', method: 'method', amountApplied: 'amount', amountUnit: 'unit', acres: 'acres',
  applicatorName: 'applicator', applicatorCertification: 'certification_number', weatherDayBefore: 'weather_day_before', weatherDayOf: 'weather_day_of',
  weatherDayAfter: 'weather_day_after', commercialNLbPerAcre: 'commercial_n_lb_per_acre', commercialP2o5LbPerAcre: 'commercial_p2o5_lb_per_acre',
};

export type RowProblem = { row: number; column: string; message: string };
export type ParsedApplications = { records: (ApplicationRowInput & { row: number })[]; problems: RowProblem[]; fileError?: string };

export const MAX_APPLICATION_ROWS = 2_000;

/** A method as a spreadsheet may write it: its code (`injected`) or the form's label. */
function methodCode(v: string): string {
  const t = v.trim().toLowerCase();
  const byLabel = APPLICATION_METHODS.find((m) => METHOD_LABELS[m].toLowerCase() === t);
  return byLabel ?? t.replace(/[\s-]+/g, '_');
}

function unitCode(v: string): string {
  const t = v.trim().toLowerCase().replace(/[\s,.-]+/g, '_');
  if (['thousand_gallons', '1000_gallons', '1_000_gallons', '1000_gal', 'thousand_gal'].includes(t)) return 'thousand_gallons';
  if (['tons', 'ton'].includes(t)) return 'tons';
  return t;
}

/** Reads the uploaded bytes into records, or names every problem (a file problem, or each bad row and column). */
export function parseApplicationsCsv(bytes: Uint8Array, today: string): ParsedApplications {
  const text = decodeUtf8(bytes);
  if (typeof text !== 'string') return { records: [], problems: [], fileError: text.fileError };
  const csv = readCsv(text, APPLICATION_CSV_COLUMNS);
  if ('fileError' in csv) return { records: [], problems: [], fileError: csv.fileError };
  if (!csv.rows.length) return { records: [], problems: [], fileError: 'The file has a header but no records.' };
  if (csv.rows.length > MAX_APPLICATION_ROWS) return { records: [], problems: [], fileError: `The file has ${csv.rows.length} records; upload at most ${MAX_APPLICATION_ROWS} at a time.` };
  const schema = applicationRowSchema(today);
  const records: ParsedApplications['records'] = [];
  const problems: RowProblem[] = [];
  for (const { row, values: v } of csv.rows) {
    const parsed = schema.safeParse({
      fieldName: v.field, cropYear: v.crop_year, appliedOn: v.applied_on, method: methodCode(v.method ?? ''), amountApplied: v.amount, amountUnit: unitCode(v.unit ?? ''),
      acres: v.acres, applicatorName: v.applicator, applicatorCertification: v.certification_number ?? '', weatherDayBefore: v.weather_day_before,
      weatherDayOf: v.weather_day_of, weatherDayAfter: v.weather_day_after, commercialNLbPerAcre: v.commercial_n_lb_per_acre ?? '', commercialP2o5LbPerAcre: v.commercial_p2o5_lb_per_acre ?? '',
    });
    if (parsed.success) records.push({ ...parsed.data, row });
    else for (const issue of parsed.error.issues) problems.push({ row, column: COLUMN_OF[String(issue.path[0])] ?? String(issue.path[0] ?? ''), message: issue.message });
  }
  return { records, problems };
}
