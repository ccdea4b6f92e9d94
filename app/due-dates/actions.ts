'use server';

import { revalidatePath } from 'next/cache';
import { today } from '@/lib/clock';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { formatDate } from '@/lib/format';
import { applySchedulePolicy, overrideDueDate } from '@/lib/schedule/apply';
import { publicOrigin } from '@/lib/env';
import { applyPolicySchema, overrideSchema } from '@/lib/validation/due-dates';

// Due dates: parse -> authorize (in the service) -> act -> revalidate; owner notices go after commit.

export const applyPolicyAction = defineAction({ input: applyPolicySchema, capability: 'due_date.apply_policy' }, async ({ actor, input: values }): Promise<ActionResult> => {
  const { assigned } = await applySchedulePolicy(actor, values, { today: today(), origin: publicOrigin() });
  kickDelivery();
  revalidatePath('/due-dates');
  return { ok: true, data: undefined, message: `Due dates assigned to ${assigned} operation${assigned === 1 ? '' : 's'}; each owner was sent a notice of the date.` };
});

export const overrideDueDateAction = defineAction({ input: overrideSchema, capability: 'due_date.override' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await overrideDueDate(actor, values, { today: today(), origin: publicOrigin() });
  kickDelivery();
  revalidatePath('/due-dates');
  return { ok: true, data: undefined, message: `The due date is now ${formatDate(values.dueOn)}; the owner was sent a notice.` };
});
