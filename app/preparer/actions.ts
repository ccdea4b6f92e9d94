'use server';

import { revalidatePath } from 'next/cache';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { resendRegistration, withdrawRegistration } from '@/lib/registrations/commands';
import { registrationRequestRefSchema } from '@/lib/validation/registrations';

// A preparer's own registrations for clients: send the owner a new link, or withdraw it.
export const resendRegistrationAction = defineAction({ input: registrationRequestRefSchema, capability: 'registration.manage' }, async ({ actor, input: values }): Promise<ActionResult> => {
  const { ownerEmail } = await resendRegistration(actor, values, { today: today(), origin: publicOrigin() });
  kickDelivery();
  revalidatePath('/preparer');
  return { ok: true, data: undefined, message: `We emailed ${ownerEmail} a new link. The one sent before no longer works.` };
});

export const withdrawRegistrationAction = defineAction({ input: registrationRequestRefSchema, capability: 'registration.manage' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await withdrawRegistration(actor, values, { today: today(), origin: publicOrigin() });
  revalidatePath('/preparer');
  return { ok: true, data: undefined, message: 'The registration was withdrawn; its link no longer works.' };
});
