// The county list as CSV (RFC 4180), for a spreadsheet.
import { manureRemovalWords } from '@/lib/plans/in-force';
import type { CountyOperationRow } from './county-plans';

/**
 * One CSV field: quoted when needed, and a value a spreadsheet would run as a formula (starting
 * with = + - @, tab or carriage return) is prefixed with an apostrophe, so an operation named
 * "=HYPERLINK(...)" stays text.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function relationText(row: Pick<CountyOperationRow, 'locatedHere' | 'appliesHere' | 'countyName'>): string {
  if (row.locatedHere && row.appliesHere) return 'Located here; land-applies here';
  if (row.locatedHere) return 'Located here';
  return `Land-applies here (located in ${row.countyName} County)`;
}

const HEADER = [
  'Operation', 'Facility ID', 'Located in county', 'How it touches this county', 'Animal unit capacity', 'Plan status',
  'Hard-copy receipt', 'Last filed', 'Next update due (IAC 567-65.110(3)"b"(3))', 'Update due, moved by Iowa Code 4.1(34) (filing rule; reading to be confirmed by the department)',
  'Manure removal from storage (IAC 567-65.110(5))', 'Plan address',
];

/** `statusLabel` turns a plan status into words (the page's StatusTag labels), so both read alike. */
export function countyOperationsCsv(rows: CountyOperationRow[], origin: string, statusLabel: (status: string) => string): string {
  const lines = [HEADER.map(csvField).join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.name,
        r.facilityId,
        r.countyName,
        relationText(r),
        Math.round(r.animalUnitCapacity * 100) / 100,
        r.planStatus ? statusLabel(r.planStatus) : 'No plan filed',
        r.receiptMissing ? 'Not yet recorded' : '',
        r.lastFiledOn,
        r.nextDueOn,
        r.nextDue?.extended ? r.nextDue.day : '',
        manureRemovalWords(r.manureRemovalAllowed),
        r.planId ? `${origin}/plans/${r.planId}` : '',
      ]
        .map(csvField)
        .join(','),
    );
  }
  // Excel reads UTF-8 (em dashes, accented names) only with the byte-order mark.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
