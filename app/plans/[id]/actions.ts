'use server';

import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import { FILERS } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { answerDeficiencies } from '@/lib/plans/deficiency-answers';
import { withdrawPlan } from '@/lib/plans/withdraw';
import { recordCountyReceipt } from '@/lib/plans/receipts';
import { answerDeficienciesSchema } from '@/lib/validation/deficiency-answers';
import { parseOrThrow } from '@/lib/validation/parse';
import { disputeFilingSchema, ownerReceiptSchema, receiptSchema, withdrawPlanSchema } from '@/lib/validation/plans';
import { disputeFiling } from '@/lib/plans/dispute';

// Plan page actions: parse -> authorize (inside the service) -> act -> revalidate.

// The one action that records a county's receipt of a hard copy, from the plan page (owner,
// preparer, department) and from the county's receipt page (that county's official).
// parse -> authorize (recordCountyReceipt: the plan must be visible, and an official records for
// their own county only) -> record -> revalidate.
export async function recordReceiptAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    // The owner's documentation that the county received it is the signed receipt (form 542-8046).
    const values = parseOrThrow(FILERS.includes(actor.role) ? ownerReceiptSchema : receiptSchema, input);
    await recordCountyReceipt(actor, values, today());
    revalidatePath(`/plans/${values.planId}`);
    revalidatePath(`/county/plans/${values.planId}/receipt`);
    revalidatePath('/dashboard');
    revalidatePath('/county');
    return { ok: true, data: undefined, message: 'Receipt recorded.' };
  });
}

export async function withdrawPlanAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(withdrawPlanSchema, input);
    const { feesCancelled } = await withdrawPlan(actor, values);
    revalidatePath(`/plans/${values.planId}`);
    revalidatePath('/dashboard');
    return { ok: true, data: undefined, message: feesCancelled ? 'The plan was withdrawn and its unpaid fees cancelled.' : 'The plan was withdrawn.' };
  });
}

export async function answerDeficienciesAction(input: unknown): Promise<ActionResult<{ unanswered: number }>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(answerDeficienciesSchema, input);
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
}

// CROMERR repudiation: someone who may sign says "I did not sign this"; the filing is locked and
// goes to the top of the department's worklist.
export async function disputeFilingAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(disputeFilingSchema, input);
    await disputeFiling(actor, values, today());
    revalidatePath(`/plans/${values.planId}`);
    revalidatePath(`/review/plans/${values.planId}`);
    revalidatePath('/review');
    return { ok: true, data: undefined, message: 'Your dispute is recorded. The department will not act on this filing until it has spoken with you.' };
  });
}
