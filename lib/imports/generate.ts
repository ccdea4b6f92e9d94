import 'server-only';
// A synthetic set of the department's records, for test data and for timing an import: N
// operations spread over Iowa's counties, each with an owner (most with an email address), a plan
// history and, for some, an unpaid annual compliance fee. Deterministic for a given N and prefix.
import { IOWA_COUNTIES } from '@/db/seed/counties';
import { csvDocument } from '@/lib/csv';
import { addDays, ANIMAL_CATEGORY_IDS } from '@/lib/rules';

export type GeneratedFiles = { operations: string; owners: string; plan_history: string; unpaid_fees: string };

export function generateImportFiles(n: number, today: string, prefix = 'IA'): GeneratedFiles {
  const heads = ANIMAL_CATEGORY_IDS.map((c) => `head_${c}`);
  const ops: (string | number | null)[][] = [];
  const owners: (string | number | null)[][] = [];
  const history: (string | number | null)[][] = [];
  const fees: (string | number | null)[][] = [];
  for (let i = 1; i <= n; i++) {
    const id = `${prefix}${String(i).padStart(6, '0')}`;
    const county = IOWA_COUNTIES[i % IOWA_COUNTIES.length]!;
    const head = ANIMAL_CATEGORY_IDS.map(() => null as number | null);
    head[i % 5 === 0 ? 2 : 3] = 1000 + ((i * 37) % 4000); // dairy or finishing swine
    const contract = i % 4 === 0;
    ops.push([
      id, `${county.name} Site ${i}`, county.name, `${80 + (i % 20)}N`, `${20 + (i % 30)}W`, 1 + (i % 36), ['NE', 'NW', 'SE', 'SW'][i % 4]!,
      `${1000 + i} ${county.name} Ave`, ...head, addDays(today, -3000 - (i % 2000)), null, i % 3 === 0 ? 'issued' : 'not_required',
      contract ? 'yes' : 'no', contract ? `Integrator ${1 + (i % 12)} LLC` : null,
    ]);
    // About one owner in four holds two operations; one in five has no email (a letter is mailed).
    const owner = i % 4 === 1 && i < n ? i : i % 4 === 2 ? i - 1 : i;
    const home = IOWA_COUNTIES[owner % IOWA_COUNTIES.length]!;
    owners.push([id, `Owner ${owner} Farms`, 'organization', owner % 5 === 0 ? null : `owner${owner}@example.com`, `515-555-${String(owner % 10000).padStart(4, '0')}`, `${owner} Farm Rd\n${home.name} County, IA 50000`, addDays(today, -2000 - (i % 500))]);
    history.push([id, addDays(today, -300 - (i % 60)), addDays(today, 30 + (i % 300))]);
    if (i % 10 === 0) fees.push([id, 'annual_compliance', addDays(today, -(20 + (i % 17))), null]);
  }
  return {
    operations: csvDocument(['facility_id', 'name', 'county', 'township', 'range', 'section', 'quarter_section', 'address_911', ...heads, 'constructed_on', 'last_expanded_on', 'construction_permit', 'contract_producer', 'contractor_name'], ops),
    owners: csvDocument(['facility_id', 'owner_name', 'owner_kind', 'email', 'phone', 'mailing_address', 'acquired_on'], owners),
    plan_history: csvDocument(['facility_id', 'last_approved_on', 'next_update_due_on'], history),
    unpaid_fees: csvDocument(['facility_id', 'fee', 'due_on', 'amount'], fees),
  };
}
