import type { ImportFileKind } from './runs';

export const IMPORT_KIND_LABELS: Record<ImportFileKind, string> = {
  operations: 'Operations (facility ID, name, county, location, head at capacity, dates, permit, contractor)',
  owners: 'Owners and their contact addresses',
  plan_history: 'Plan history (last approval, next annual update due)',
  unpaid_fees: 'Unpaid fees',
  county_yields: 'County average yields (DNR form 542-4000a, Appendix A)',
};

export const IMPORT_STATUS_LABELS = { checked: 'Checked: ready to apply', refused: 'Refused', applying: 'Applying', applied: 'Applied', failed: 'Stopped' } as const;
