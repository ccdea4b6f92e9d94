// The portal's one CSV writer (RFC 4180), for spreadsheet users: quoting of separators, quotes and
// line breaks; a leading apostrophe on any text a spreadsheet would run as a formula (= + - @, tab,
// carriage return), so an owner-typed name such as "=HYPERLINK(...)" stays text in a reviewer's
// or county official's Excel; the UTF-8 byte-order mark Excel needs to read em dashes and accents;
// and a streamed response so a long list never sits in memory at once.
import { logRequestError } from '@/lib/log';

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const BOM = '\uFEFF';

/** One cell. Numbers are written as numbers (-5 stays -5); text that starts like a formula is neutralised. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line, with its CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A whole (small) document: BOM, header, rows. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return BOM + csvLine(header) + rows.map(csvLine).join('');
}

function csvHeaders(filename: string, cacheControl: string): HeadersInit {
  return {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': cacheControl,
  };
}

/**
 * A streamed CSV response: the header, then each batch `next(offset)` returns until one comes back
 * short. Only one batch is in memory at a time, whatever the size of the list.
 */
export function csvResponse<T>(
  filename: string,
  header: readonly string[],
  toLine: (row: T) => readonly CsvValue[],
  next: (offset: number, limit: number) => Promise<T[]>,
  options: { batch?: number; cacheControl?: string } = {},
): Response {
  const batch = options.batch ?? 500;
  const encoder = new TextEncoder();
  let offset = 0;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(BOM + csvLine(header)));
        }
        const rows = await next(offset, batch);
        offset += rows.length;
        if (rows.length) controller.enqueue(encoder.encode(rows.map((r) => csvLine(toLine(r))).join('')));
        if (rows.length < batch) controller.close();
      } catch (err) {
        logRequestError('csv', 'export failed', err);
        controller.error(err);
      }
    },
  });
  return new Response(stream, { headers: csvHeaders(filename, options.cacheControl ?? 'no-store') });
}
