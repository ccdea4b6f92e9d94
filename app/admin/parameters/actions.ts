'use server';

import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { setParameterValue } from '@/lib/parameters/values';
import { fundAmountSchema, indemnityScheduleSchema } from '@/lib/validation/fees';
import { parseOrThrow } from '@/lib/validation/parse';

// Parameters: parse -> authorize (admin, in the service) -> add a version -> revalidate.

export async function setIndemnityScheduleAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const v = parseOrThrow(indemnityScheduleSchema, input);
    await setParameterValue(actor, { key: 'indemnity.fee_schedule', value: v.rates, effectiveFrom: v.effectiveFrom, source: v.source, confirmed: v.confirmed });
    revalidatePath('/admin/parameters');
    return { ok: true, data: undefined, message: `The schedule takes effect on ${formatDate(v.effectiveFrom)}. Earlier versions are kept.` };
  });
}

export async function setFundAmountAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const v = parseOrThrow(fundAmountSchema, input);
    await setParameterValue(actor, { key: v.key, value: v.amount, effectiveFrom: v.effectiveFrom, source: v.source, confirmed: v.confirmed });
    revalidatePath('/admin/parameters');
    return { ok: true, data: undefined, message: `Saved; in effect from ${formatDate(v.effectiveFrom)}.` };
  });
}
