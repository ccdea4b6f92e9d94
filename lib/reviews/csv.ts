// CSV for spreadsheet users: RFC 4180 quoting, and a leading apostrophe on any cell a spreadsheet
// would read as a formula (=, +, -, @), so an owner-typed name cannot run in a reviewer's Excel.
import { logRequestError } from '@/lib/log';

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * A streamed CSV response: the header, then each batch `next(offset)` returns until one comes back
 * short. Only one batch is in memory at a time, whatever the size of the list.
 */
export function csvResponse<T>(
  filename: string,
  header: string[],
  toLine: (row: T) => (string | number | boolean | null | undefined)[],
  next: (offset: number, limit: number) => Promise<T[]>,
  batch = 500,
): Response {
  const encoder = new TextEncoder();
  let offset = 0;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
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
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
