'use server';

import { latestParameter, reviewDeadline } from '@/lib/rules';
import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { findPlanComplete, returnPlanIncomplete } from '@/lib/reviews/completeness';
import { decidePlan, previewDecisionLetter } from '@/lib/reviews/decision';
import { publicOrigin } from '@/lib/env';
import { decisionSchema, findCompleteSchema, returnIncompleteSchema } from '@/lib/validation/review';
import { parseOrThrow } from '@/lib/validation/parse';

// Review actions: parse -> authorize (in the service) -> act -> revalidate; mail goes after commit.

function revalidatePlan(planId: string) {
  revalidatePath('/review');
  revalidatePath(`/review/plans/${planId}`);
  revalidatePath(`/plans/${planId}`);
}

export async function findCompleteAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(findCompleteSchema, input);
    await findPlanComplete(actor, values, today());
    revalidatePlan(values.planId);
    return { ok: true, data: undefined, message: `The plan was found complete. The ${latestParameter('days.mmp_review').value} days count from the date it was received (${reviewDeadline.citation}).` };
  });
}

export async function returnIncompleteAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(returnIncompleteSchema, input);
    await returnPlanIncomplete(actor, values, { today: today(), origin: publicOrigin() });
    kickDelivery();
    revalidatePlan(values.planId);
    return { ok: true, data: undefined, message: 'The plan was returned as incomplete. The owner was sent one notice listing every item.' };
  });
}

export async function previewDecisionAction(input: unknown): Promise<ActionResult<{ subject: string; text: string }>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(decisionSchema, input);
    const letter = await previewDecisionLetter(actor, values, { today: today(), origin: publicOrigin() });
    return { ok: true, data: { subject: letter.subject, text: letter.text } };
  });
}

export async function decideAction(input: unknown): Promise<ActionResult<{ status: string }>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(decisionSchema, input);
    const result = await decidePlan(actor, values, { today: today(), origin: publicOrigin() });
    kickDelivery();
    revalidatePlan(values.planId);
    return { ok: true, data: { status: result.status }, message: `The plan was ${result.status}. The letter went to the owner and notices to the counties.` };
  });
}
