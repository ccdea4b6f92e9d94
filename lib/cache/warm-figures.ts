import 'server-only';
import type { Actor } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { readLedgerFigures } from '@/lib/fees/ledger-figures';
import { getLogger } from '@/lib/log';
import { complianceMonths, readComplianceFigures } from '@/lib/reviews/compliance-figures';
import { readScheduleSummary } from '@/lib/schedule/summary';
import { feeLedgerFilterSchema } from '@/lib/validation/fees';

// The department's summary pages count over the whole state: the server reads their figures as it
// starts (instrumentation.ts), one after another, so that no supervisor's first visit waits for
// them. From then on the figures cache serves them and refreshes them behind (figures-cache.ts).
// The read is the department's scope, the same for every member of staff; the pages still check
// each person's session and role before they ask the cache.
const DEPARTMENT_READER: Actor = {
  id: '00000000-0000-0000-0000-000000000000',
  role: 'department_supervisor',
  name: 'Figures read at start-up',
  email: '',
  countyFips: null,
  partyId: null,
};

export async function warmDepartmentFigures(): Promise<{ ms: number }> {
  const started = performance.now();
  const date = today();
  await readComplianceFigures(DEPARTMENT_READER, date, complianceMonths(date));
  await readLedgerFigures(DEPARTMENT_READER, feeLedgerFilterSchema.parse({}));
  await readScheduleSummary(date);
  const ms = Math.round(performance.now() - started);
  getLogger('figures').info({ ms }, 'department figures read at start-up');
  return { ms };
}
