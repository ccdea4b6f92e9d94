// Reading one cell of an import row, with a message that names the column when it cannot be read.
import { isIsoDate } from '@/lib/rules';

export type Problem = { column: string | null; message: string };

export class RowReader {
  readonly problems: Problem[] = [];
  constructor(readonly values: Record<string, string>) {}

  text(column: string, opts: { required?: boolean; max?: number } = {}): string | null {
    const v = (this.values[column] ?? '').trim();
    if (!v) {
      if (opts.required) this.problems.push({ column, message: `${column} is empty.` });
      return null;
    }
    if (v.length > (opts.max ?? 500)) this.problems.push({ column, message: `${column} is longer than ${opts.max ?? 500} characters.` });
    return v;
  }

  date(column: string, opts: { required?: boolean; notAfter?: string } = {}): string | null {
    const v = this.text(column, opts);
    if (v === null) return null;
    if (!isIsoDate(v)) {
      this.problems.push({ column, message: `${column} “${v}” is not a date written YYYY-MM-DD.` });
      return null;
    }
    if (opts.notAfter && v > opts.notAfter) this.problems.push({ column, message: `${column} ${v} is in the future.` });
    return v;
  }

  wholeNumber(column: string, opts: { max: number; min?: number }): number | null {
    const v = this.text(column);
    if (v === null) return null;
    const n = Number(v.replace(/,/g, ''));
    if (!/^-?[\d,]+(\.\d+)?$/.test(v) || !Number.isFinite(n)) {
      this.problems.push({ column, message: `${column} “${v}” is not a number.` });
      return null;
    }
    if (!Number.isInteger(n) || n < (opts.min ?? 0) || n > opts.max) {
      this.problems.push({ column, message: `${column} ${v} is impossible: a whole number from ${opts.min ?? 0} to ${opts.max.toLocaleString('en-US')} is expected.` });
      return null;
    }
    return n;
  }

  oneOf<T extends string>(column: string, allowed: readonly T[], fallback: T): T {
    const v = this.text(column);
    if (v === null) return fallback;
    const t = v.toLowerCase().replace(/[\s-]+/g, '_') as T;
    if (!allowed.includes(t)) {
      this.problems.push({ column, message: `${column} “${v}” is not one of ${allowed.join(', ')}.` });
      return fallback;
    }
    return t;
  }

  yesNo(column: string): boolean {
    const v = (this.text(column) ?? '').toLowerCase();
    if (['', 'no', 'n', 'false', '0'].includes(v)) return false;
    if (['yes', 'y', 'true', '1'].includes(v)) return true;
    this.problems.push({ column, message: `${column} “${v}” is not yes or no.` });
    return false;
  }

  email(column: string): string | null {
    const v = this.text(column, { max: 254 });
    if (v && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) {
      this.problems.push({ column, message: `${column} “${v}” is not an email address.` });
      return null;
    }
    return v?.toLowerCase() ?? null;
  }
}
