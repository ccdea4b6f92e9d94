'use server';

import { headers } from 'next/headers';
import { revalidatePath } from 'next/cache';
import { defineAction } from '@/lib/actions/define';
import { clientAddress } from '@/lib/net/client-address';
import { acceptSignatureAgreement } from '@/lib/signing/signatories';
import { acceptAgreementSchema } from '@/lib/validation/signing';

// CROMERR: the electronic signature agreement, accepted once per version by whoever signs plans.
export const acceptSignatureAgreementAction = defineAction({ input: acceptAgreementSchema, capability: 'account.manage_own' }, async ({ actor, input }) => {
  await acceptSignatureAgreement(actor, input, clientAddress(await headers()));
  revalidatePath('/account');
  return { ok: true, data: undefined, message: 'You accepted the electronic signature agreement. A copy is below.' };
});
