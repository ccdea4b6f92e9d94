'use server';

import { latestParameter, reviewDeadline } from '@/lib/rules';
import { revalidatePath } from 'next/cache';
import { today } from '@/lib/clock';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { findPlanComplete, returnPlanIncomplete } from '@/lib/reviews/completeness';
import { decidePlan, previewDecisionLetter } from '@/lib/reviews/decision';
import { publicOrigin } from '@/lib/env';
import { decisionSchema, findCompleteSchema, returnIncompleteSchema } from '@/lib/validation/review';

// Review actions: parse -> authorize (in the service) -> act -> revalidate; mail goes after commit.

function revalidatePlan(planId: string) {
  revalidatePath('/review');
  revalidatePath(`/review/plans/${planId}`);
  revalidatePath(`/plans/${planId}`);
}

export const findCompleteAction = defineAction({ input: findCompleteSchema, capability: 'plan.check_completeness' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await findPlanComplete(actor, values, today());
  revalidatePlan(values.planId);
  return { ok: true, data: undefined, message: `The plan was found complete. The ${latestParameter('days.mmp_review').value} days count from the date it was received (${reviewDeadline.citation}).` };
});

export const returnIncompleteAction = defineAction({ input: returnIncompleteSchema, capability: 'plan.check_completeness' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await returnPlanIncomplete(actor, values, { today: today(), origin: publicOrigin() });
  kickDelivery();
  revalidatePlan(values.planId);
  return { ok: true, data: undefined, message: 'The plan was returned as incomplete. The owner was sent one notice listing every item.' };
});

export const previewDecisionAction = defineAction({ input: decisionSchema, capability: 'plan.decide' }, async ({ actor, input: values }): Promise<ActionResult<{ subject: string; text: string }>> => {
  const letter = await previewDecisionLetter(actor, values, { today: today(), origin: publicOrigin() });
  return { ok: true, data: { subject: letter.subject, text: letter.text } };
});

export const decideAction = defineAction({ input: decisionSchema, capability: 'plan.decide' }, async ({ actor, input: values }): Promise<ActionResult<{ status: string }>> => {
  const result = await decidePlan(actor, values, { today: today(), origin: publicOrigin() });
  kickDelivery();
  revalidatePlan(values.planId);
  return { ok: true, data: { status: result.status }, message: `The plan was ${result.status}. The letter went to the owner and notices to the counties.` };
});
