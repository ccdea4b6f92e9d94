'use server';

import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { formatDate } from '@/lib/format';
import { applySchedulePolicy, overrideDueDate } from '@/lib/schedule/apply';
import { publicOrigin } from '@/lib/env';
import { applyPolicySchema, overrideSchema } from '@/lib/validation/due-dates';
import { parseOrThrow } from '@/lib/validation/parse';

// Due dates: parse -> authorize (in the service) -> act -> revalidate; owner notices go after commit.

export async function applyPolicyAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(applyPolicySchema, input);
    const { assigned } = await applySchedulePolicy(actor, values, { today: today(), origin: publicOrigin() });
    kickDelivery();
    revalidatePath('/due-dates');
    return { ok: true, data: undefined, message: `Due dates assigned to ${assigned} operation${assigned === 1 ? '' : 's'}; each owner was sent a notice of the date.` };
  });
}

export async function overrideDueDateAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(overrideSchema, input);
    await overrideDueDate(actor, values, { today: today(), origin: publicOrigin() });
    kickDelivery();
    revalidatePath('/due-dates');
    return { ok: true, data: undefined, message: `The due date is now ${formatDate(values.dueOn)}; the owner was sent a notice.` };
  });
}
