// The steps of the MMP form, in order, and which of them a plan needs. Pure, shared by the form
// (step indicator, navigation) and the server (completeness, submission).

import { EDITABLE_STATUSES, OPEN_STATUSES } from '@/db/schema/codes';

export const STEP_IDS = ['update', 'contacts', 'production', 'fields', 'agreements', 'stockpiles', 'attachments', 'review'] as const;
export type StepId = (typeof STEP_IDS)[number];
export type DataStepId = Exclude<StepId, 'review'>;

export const STEP_LABELS: Record<StepId, string> = {
  update: 'Update type',
  contacts: 'Contacts',
  production: 'Manure production',
  fields: 'Fields',
  agreements: 'Land agreements',
  stockpiles: 'Stockpiles and practices',
  attachments: 'Maps and attachments',
  review: 'Review and submit',
};

export type PlanShape = { kind: 'original' | 'annual_update'; updateKind?: string | null };

const CONTENT_STEPS: StepId[] = ['contacts', 'production', 'fields', 'agreements', 'stockpiles', 'attachments'];

/**
 * IAC 567-65.111 content for an original plan; IAC 567-65.110(3)"b"(3) for an update: a complete
 * plan or a list of changes edits the content, a no-change statement needs only the statement.
 */
export function stepsFor(plan: PlanShape): StepId[] {
  if (plan.kind === 'original') return [...CONTENT_STEPS, 'review'];
  if (plan.updateKind === 'no_change_statement') return ['update', 'review'];
  return ['update', ...CONTENT_STEPS, 'review'];
}

export function isStepId(value: unknown): value is StepId {
  return typeof value === 'string' && (STEP_IDS as readonly string[]).includes(value);
}

export { EDITABLE_STATUSES, OPEN_STATUSES };
export function isEditableStatus(status: string): boolean {
  return (EDITABLE_STATUSES as readonly string[]).includes(status);
}


