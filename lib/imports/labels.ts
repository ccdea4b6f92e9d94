import type { importRuns } from '@/db/schema';

export type ImportFileKind = (typeof importRuns.$inferSelect)['kind'];
export type ImportRunStatus = (typeof importRuns.$inferSelect)['status'];

export const IMPORT_KIND_LABELS: Record<ImportFileKind, string> = {
  operations: 'Operations (facility ID, name, county, location, head at capacity, dates, permit, contractor)',
  owners: 'Owners and their contact addresses',
  plan_history: 'Plan history (last approval, next annual update due)',
  unpaid_fees: 'Unpaid fees',
  county_yields: 'County average yields (DNR form 542-4000a, Appendix A)',
};

export const IMPORT_STATUS_LABELS = { checked: 'Checked: ready to apply', refused: 'Refused', applying: 'Applying', applied: 'Applied', failed: 'Stopped' } as const;

/** A row's outcome in the words of the run: what it would do before applying, what it did after. */
export function outcomeWords(status: ImportRunStatus) {
  return status === 'applied'
    ? ({ create: 'Created', change: 'Changed', unchanged: 'Unchanged', refuse: 'Refused' } as const)
    : ({ create: 'Would create', change: 'Would change', unchanged: 'Unchanged', refuse: 'Refused' } as const);
}
