// The public status search as CSV, for a spreadsheet: the columns the page shows.
import { csvDocument } from '@/lib/csv';
import type { PublicStatusRow } from './status-search';

const HEADER = [
  'Facility ID', 'Operation', 'County', 'Animal unit capacity (Iowa Code 459.102)', 'Plan status',
  'Approved plan in force (IAC 567-65.110(5))',
  'Last approval', 'Next annual update due (IAC 567-65.110(3)"b"(3))',
];

export function publicStatusCsv(rows: PublicStatusRow[], statusLabel: (status: string) => string): string {
  return csvDocument(
    HEADER,
    rows.map((r) => [r.facilityId, r.name, r.countyName, Math.round(r.animalUnitCapacity * 100) / 100, r.planStatus ? statusLabel(r.planStatus) : 'No plan filed', r.approvedPlanInForce ? 'Yes' : 'No', r.lastApprovedOn, r.nextDueOn]),
  );
}
