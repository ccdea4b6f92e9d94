'use server';

import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { answerRegistration } from '@/lib/registrations/answer';
import { registrationAnswerSchema } from '@/lib/validation/registrations';

// The owner named in a preparer's registration answers through the emailed link, signed in as the
// owner account that uses the address it was sent to (checked in lib/registrations).
export const answerRegistrationAction = defineAction({ input: registrationAnswerSchema, capability: 'registration.answer' }, async ({ actor, input: values }): Promise<ActionResult<{ status: 'accepted' | 'declined'; operationId: string }>> => {
  const result = await answerRegistration(actor, values, { today: today(), origin: publicOrigin() });
  kickDelivery();
  // No revalidatePath: it would re-render this page, whose used link now reads as expired, over
  // the answer just shown. The dashboard is rendered per request anyway.
  const message =
    result.status === 'accepted'
      ? `You accepted the registration. The operation is yours (facility ID ${result.facilityId}), and your preparer may act for it; you can end that access from the operation’s page.`
      : 'You declined the registration. The operation was withdrawn and your preparer was told.';
  return { ok: true, data: { status: result.status, operationId: result.operationId }, message };
});
