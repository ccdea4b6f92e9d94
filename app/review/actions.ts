'use server';

import { revalidatePath } from 'next/cache';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { assignReviewer } from '@/lib/reviews/assign';
import { assignReviewerSchema } from '@/lib/validation/review';

// Worklist actions: parse -> authorize (in the service) -> act -> revalidate.

export const assignReviewerAction = defineAction({ input: assignReviewerSchema, capability: 'plan.assign_reviewer' }, async ({ actor, input: values }): Promise<ActionResult> => {
  const result = await assignReviewer(actor, values);
  revalidatePath('/review');
  for (const id of values.planIds) revalidatePath(`/review/plans/${id}`);
  const who = result.reviewerName ?? 'no one (unassigned)';
  const message = result.assigned === 0 ? `Nothing changed: those plans were already assigned to ${who}.` : `${result.assigned} plan${result.assigned === 1 ? '' : 's'} assigned to ${who}.`;
  return { ok: true, data: undefined, message };
});
