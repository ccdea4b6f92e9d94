'use server';

import { getActor } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';
import { definePublicAction } from '@/lib/actions/define';
import { kickDelivery } from '@/lib/notifications/deliver';
import { respondByLink } from '@/lib/transfers/respond';
import { ownerLinkAnswerSchema } from '@/lib/validation/transfers';

// The owner on record answers a transfer request through the link emailed to them. The link is
// the authority (the owner may have no portal account): single use, hashed, and it expires.
// Whoever is signed in, if anyone, is recorded beside the answer.
export const respondWithLinkAction = definePublicAction({ input: ownerLinkAnswerSchema }, async ({ input }) => {
  const result = await respondByLink(input.token, input, { today: today(), origin: publicOrigin() }, await getActor());
  kickDelivery();
  const message =
    result.status === 'confirmed'
      ? 'You accepted the request. The operation is now recorded as the new owner’s, and you were both emailed.'
      : 'Your answer was recorded and the department can see it. You remain the owner on record until the department decides; you will both be emailed.';
  return { ok: true, data: { status: result.status }, message };
});
