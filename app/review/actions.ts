'use server';

import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { assignReviewer } from '@/lib/reviews/assign';
import { assignReviewerSchema } from '@/lib/validation/review';
import { parseOrThrow } from '@/lib/validation/parse';

// Worklist actions: parse -> authorize (in the service) -> act -> revalidate.

export async function assignReviewerAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(assignReviewerSchema, input);
    const result = await assignReviewer(actor, values);
    revalidatePath('/review');
    for (const id of values.planIds) revalidatePath(`/review/plans/${id}`);
    const who = result.reviewerName ?? 'no one (unassigned)';
    const message = result.assigned === 0 ? `Nothing changed: those plans were already assigned to ${who}.` : `${result.assigned} plan${result.assigned === 1 ? '' : 's'} assigned to ${who}.`;
    return { ok: true, data: undefined, message };
  });
}
