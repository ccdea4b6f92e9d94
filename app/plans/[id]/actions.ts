'use server';

import { revalidatePath } from 'next/cache';
import { FILERS } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';
import { kickDelivery } from '@/lib/notifications/deliver';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { answerDeficiencies } from '@/lib/plans/deficiency-answers';
import { withdrawPlan } from '@/lib/plans/withdraw';
import { recordCountyReceipt } from '@/lib/plans/receipts';
import { answerDeficienciesSchema } from '@/lib/validation/deficiency-answers';
import { disputeFilingSchema, ownerReceiptSchema, receiptSchema, withdrawPlanSchema } from '@/lib/validation/plans';
import { disputeFiling } from '@/lib/plans/dispute';

// Plan page actions: parse -> authorize (inside the service) -> act -> revalidate.

// The one action that records a county's receipt of a hard copy, from the plan page (owner,
// preparer, department) and from the county's receipt page (that county's official).
// parse -> authorize (recordCountyReceipt: the plan must be visible, and an official records for
// their own county only) -> record -> revalidate.
export const recordReceiptAction = defineAction({ input: (actor) => (FILERS.includes(actor.role) ? ownerReceiptSchema : receiptSchema), capability: 'plan.record_county_receipt' }, async ({ actor, input: values }): Promise<ActionResult> => {
  // The owner's documentation that the county received it is the signed receipt (form 542-8046).
  await recordCountyReceipt(actor, values, today());
  revalidatePath(`/plans/${values.planId}`);
  revalidatePath(`/county/plans/${values.planId}/receipt`);
  revalidatePath('/dashboard');
  revalidatePath('/county');
  return { ok: true, data: undefined, message: 'Receipt recorded.' };
});

export const withdrawPlanAction = defineAction({ input: withdrawPlanSchema, capability: 'plan.withdraw' }, async ({ actor, input: values }): Promise<ActionResult> => {
  const { feesCancelled } = await withdrawPlan(actor, values);
  revalidatePath(`/plans/${values.planId}`);
  revalidatePath('/dashboard');
  return { ok: true, data: undefined, message: feesCancelled ? 'The plan was withdrawn and its unpaid fees cancelled.' : 'The plan was withdrawn.' };
});

export const answerDeficienciesAction = defineAction({ input: answerDeficienciesSchema, capability: 'plan.submit' }, async ({ actor, input: values }): Promise<ActionResult<{ unanswered: number }>> => {
  const { unanswered } = await answerDeficiencies(actor, values);
  revalidatePath(`/plans/${values.planId}`);
  revalidatePath(`/plans/${values.planId}/edit`);
  revalidatePath(`/review/plans/${values.planId}`);
  return {
    ok: true,
    data: { unanswered },
    message: unanswered
      ? `Your answers were saved. ${unanswered} ${unanswered === 1 ? 'item still needs' : 'items still need'} an answer before you resubmit.`
      : 'Your answers were saved. Every item is answered: revise the plan and submit it again.',
  };
});

// CROMERR repudiation: someone who may sign says "I did not sign this"; the filing is locked and
// goes to the top of the department's worklist.
export const disputeFilingAction = defineAction({ input: disputeFilingSchema, capability: 'plan.dispute_filing' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await disputeFiling(actor, values, today(), null, publicOrigin());
  kickDelivery();
  revalidatePath(`/plans/${values.planId}`);
  revalidatePath(`/review/plans/${values.planId}`);
  revalidatePath('/review');
  return { ok: true, data: undefined, message: 'Your dispute is recorded. The department will not act on this filing until it has spoken with you.' };
});
