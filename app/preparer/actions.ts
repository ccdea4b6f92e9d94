'use server';

import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { resendRegistration, withdrawRegistration } from '@/lib/registrations/commands';
import { registrationRequestRefSchema } from '@/lib/validation/registrations';
import { parseOrThrow } from '@/lib/validation/parse';

// A preparer's own registrations for clients: send the owner a new link, or withdraw it.
export async function resendRegistrationAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(registrationRequestRefSchema, input);
    const { ownerEmail } = await resendRegistration(actor, values, { today: today(), origin: publicOrigin() });
    kickDelivery();
    revalidatePath('/preparer');
    return { ok: true, data: undefined, message: `We emailed ${ownerEmail} a new link. The one sent before no longer works.` };
  });
}

export async function withdrawRegistrationAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(registrationRequestRefSchema, input);
    await withdrawRegistration(actor, values, { today: today(), origin: publicOrigin() });
    revalidatePath('/preparer');
    return { ok: true, data: undefined, message: 'The registration was withdrawn; its link no longer works.' };
  });
}
