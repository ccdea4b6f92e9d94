'use server';

import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { countyReceiptSchema } from '@/lib/counties/receipt-schema';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { recordCountyReceipt } from '@/lib/plans/receipts';
import { parseOrThrow } from '@/lib/validation/parse';

// parse -> authorize (recordCountyReceipt: the plan must be visible, and an official records for
// their own county only) -> record -> revalidate.
export async function recordCountyReceiptAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(countyReceiptSchema, input);
    await recordCountyReceipt(actor, { ...values, countyFips: actor.countyFips ?? '' }, today());
    revalidatePath(`/county/plans/${values.planId}/receipt`);
    revalidatePath(`/plans/${values.planId}`);
    revalidatePath('/county');
    return { ok: true, data: undefined, message: 'Receipt recorded.' };
  });
}
