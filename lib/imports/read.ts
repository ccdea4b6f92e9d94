// Reading an uploaded CSV file: UTF-8 only (a file in another encoding is refused, not guessed
// at), parsed with csv-parse, its header checked against the kind's columns.
import { parse } from 'csv-parse/sync';
import { UPLOAD_MAX_BYTES } from '@/lib/http/body-limit';

export type FileProblem = { fileError: string };
export type CsvRows = { header: string[]; rows: { row: number; values: Record<string, string> }[] };

export const MAX_IMPORT_BYTES = UPLOAD_MAX_BYTES;
export const MAX_IMPORT_ROWS = 50_000;

export function decodeUtf8(bytes: Uint8Array): string | FileProblem {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return { fileError: 'The file is in UTF-16. Save it as “CSV UTF-8 (comma delimited)” and upload it again.' };
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.includes('\u0000')) return { fileError: 'The file holds NUL characters: it is not a text CSV file.' };
    return text.replace(/^\uFEFF/, '');
  } catch {
    return { fileError: 'The file is not UTF-8 text (it may be in a Windows code page such as Latin-1). Save it as “CSV UTF-8 (comma delimited)” and upload it again.' };
  }
}

/** Parses the text and checks the header: every required column present, none unknown, none twice. */
export function readCsv(text: string, columns: { required: readonly string[]; optional: readonly string[] }): CsvRows | FileProblem {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: false, skip_empty_lines: true, trim: true }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const m = err instanceof Error ? err.message : String(err);
    return { fileError: `The file is not valid CSV: ${m.replace(/^Invalid Record Length:/, 'a row has the wrong number of columns:')}` };
  }
  if (!records.length) return { fileError: 'The file is empty.' };
  const header = records[0]!.record.map((h) => h.trim().toLowerCase());
  const known = new Set([...columns.required, ...columns.optional]);
  const missing = columns.required.filter((c) => !header.includes(c));
  const unknown = header.filter((h) => !known.has(h));
  const twice = header.filter((h, i) => header.indexOf(h) !== i);
  const problems = [
    missing.length ? `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` : null,
    unknown.length ? `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}` : null,
    twice.length ? `column${twice.length > 1 ? 's' : ''} named twice: ${twice.join(', ')}` : null,
  ].filter(Boolean);
  if (problems.length) return { fileError: `The file’s columns are wrong: ${problems.join('; ')}. Expected: ${[...columns.required, ...columns.optional].join(', ')}.` };
  if (records.length - 1 > MAX_IMPORT_ROWS) return { fileError: `The file has ${records.length - 1} rows; split it into files of at most ${MAX_IMPORT_ROWS}.` };
  return {
    header,
    rows: records.slice(1).map((r) => ({ row: r.info.lines, values: Object.fromEntries(header.map((h, i) => [h, r.record[i] ?? ''])) })),
  };
}
