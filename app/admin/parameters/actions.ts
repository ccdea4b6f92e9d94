'use server';

import { revalidatePath } from 'next/cache';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { setParameterValue } from '@/lib/parameters/values';
import { fundAmountSchema, indemnityScheduleSchema } from '@/lib/validation/fees';

// Parameters: parse -> authorize (admin, in the service) -> add a version -> revalidate.

export const setIndemnityScheduleAction = defineAction({ input: indemnityScheduleSchema, capability: 'parameter.set' }, async ({ actor, input: v }): Promise<ActionResult> => {
  await setParameterValue(actor, { key: 'indemnity.fee_schedule', value: v.rates, effectiveFrom: v.effectiveFrom, source: v.source, confirmed: v.confirmed });
  revalidatePath('/admin/parameters');
  return { ok: true, data: undefined, message: `The schedule takes effect on ${formatDate(v.effectiveFrom)}. Earlier versions are kept.` };
});

export const setFundAmountAction = defineAction({ input: fundAmountSchema, capability: 'parameter.set' }, async ({ actor, input: v }): Promise<ActionResult> => {
  await setParameterValue(actor, { key: v.key, value: v.amount, effectiveFrom: v.effectiveFrom, source: v.source, confirmed: v.confirmed });
  revalidatePath('/admin/parameters');
  return { ok: true, data: undefined, message: `Saved; in effect from ${formatDate(v.effectiveFrom)}.` };
});
