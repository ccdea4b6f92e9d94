import { describe, expect, it } from 'vitest';
import { statusLabel } from '@/components/status-tag';
import { countyOperationsCsv } from '@/lib/counties/csv';
import type { CountyOperationRow } from '@/lib/counties/county-plans';
import { deadlineOf } from '@/lib/deadlines';

const row: CountyOperationRow = {
  id: 'op-1',
  name: 'Rock Valley Finisher Site',
  facilityId: '64501',
  countyFips: '19167',
  countyName: 'Sioux',
  locatedHere: false,
  appliesHere: true,
  animalUnitCapacity: 992,
  planId: '3f6c2a8e-1b7d-4e52-9a0c-5d8e7f1a2b3c',
  planStatus: 'under_review',
  planKind: 'annual_update',
  receiptMissing: true,
  lastFiledOn: '2026-10-06',
  nextDueOn: '2027-01-14',
  nextDue: deadlineOf('annual_update', '2027-01-14'),
  manureRemovalAllowed: true, manureRemovalUntil: null,
};

describe('the county list as CSV', () => {
  it('writes a header and one line per operation with the plan’s address', () => {
    const csv = countyOperationsCsv([row], 'https://mmp.test', statusLabel);
    expect(csv.startsWith('\uFEFFOperation,Facility ID,')).toBe(true);
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      'Rock Valley Finisher Site,64501,Sioux,Land-applies here (located in Sioux County),992,Under review,Not yet recorded,2026-10-06,2027-01-14,,Allowed: an approved plan is in force,https://mmp.test/plans/3f6c2a8e-1b7d-4e52-9a0c-5d8e7f1a2b3c',
    );
  });

  it('gives a due date that Iowa Code 4.1(34) moves, and the IAC 567-65.110(5) answer of the same query as the pages', () => {
    // Saturday 2027-01-16; Sunday; Monday 2027-01-18 is Martin Luther King Jr. Day: the filing rule runs to Tuesday.
    const moved = { ...row, nextDueOn: '2027-01-16', nextDue: deadlineOf('annual_update', '2027-01-16'), manureRemovalAllowed: false };
    const line = countyOperationsCsv([moved], 'https://mmp.test', statusLabel).trim().split('\r\n')[1];
    expect(line).toContain(',2027-01-16,2027-01-19,Not allowed: no approved plan is in force,');
  });
});
