// The county list as CSV, for a spreadsheet (written by lib/csv.ts).
import { csvDocument } from '@/lib/csv';
import { manureRemovalWords } from '@/lib/plans/in-force';
import type { CountyOperationRow } from './county-plans';

export function relationText(row: Pick<CountyOperationRow, 'locatedHere' | 'appliesHere' | 'countyName'>): string {
  if (row.locatedHere && row.appliesHere) return 'Located here; land-applies here';
  if (row.locatedHere) return 'Located here';
  return `Land-applies here (located in ${row.countyName} County)`;
}

const HEADER = [
  'Operation', 'Facility ID', 'Located in county', 'How it touches this county', 'Animal unit capacity', 'Plan status',
  'Hard-copy receipt', 'Last filed', 'Next update due (IAC 567-65.110(3)"b"(3))', 'Update due, moved by Iowa Code 4.1(34) (filing rule; reading to be confirmed by the department)',
  'Manure removal from storage (IAC 567-65.110(5); 65.110(1)"d" for a new owner)', 'Plan address',
];

/** `statusLabel` turns a plan status into words (the page's StatusTag labels), so both read alike. */
export function countyOperationsCsv(rows: CountyOperationRow[], origin: string, statusLabel: (status: string) => string): string {
  const lines = rows.map((r) => [
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
    manureRemovalWords(r.manureRemovalAllowed, r.manureRemovalUntil),
    r.planId ? `${origin}/plans/${r.planId}` : '',
  ]);
  return csvDocument(HEADER, lines);
}
