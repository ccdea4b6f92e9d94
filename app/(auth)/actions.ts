'use server';

import { definePublicAction } from '@/lib/actions/define';
import { acceptInvitation, registerOwner, registerPreparer, requestPasswordReset, resetPassword, verifyEmail } from '@/lib/auth/accounts';
import { AppError, type ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { publicOrigin } from '@/lib/env';
import { acceptInvitationSchema, emailLinkTokenSchema, forgotPasswordSchema, registerPreparerSchema, registerSchema, resetPasswordSchema } from '@/lib/validation/accounts';
import { headers } from 'next/headers';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { passkeySignInOptions } from '@/lib/auth/credentials';
import { clientAddress } from '@/lib/net/client-address';
import { passkeySignInSchema } from '@/lib/validation/second-factor';

// Public endpoints (no session needed): each is declared with definePublicAction, which parses its
// input with the form's schema; a malformed email link's token answers in a link's words.

export const registerAction = definePublicAction({ input: registerSchema }, async ({ input }) => {
  await registerOwner(input, publicOrigin());
  kickDelivery();
  return { ok: true, data: undefined };
});

export const registerPreparerAction = definePublicAction({ input: registerPreparerSchema }, async ({ input }) => {
  await registerPreparer(input, publicOrigin());
  kickDelivery();
  return { ok: true, data: undefined };
});

export const verifyEmailAction = definePublicAction({ input: emailLinkTokenSchema, malformed: invalidLink }, async ({ input: token }) => {
  if (!(await verifyEmail(token))) throw invalidLink();
  return { ok: true, data: undefined };
});

export const forgotPasswordAction = definePublicAction({ input: forgotPasswordSchema }, async ({ input }) => {
  await requestPasswordReset(input.email, publicOrigin());
  kickDelivery();
  return { ok: true, data: undefined };
});

export const resetPasswordAction = definePublicAction({ input: resetPasswordSchema }, async ({ input }) => {
  if (!(await resetPassword(input.token, input.password, publicOrigin()))) throw invalidLink();
  kickDelivery();
  return { ok: true, data: undefined };
});

export const acceptInvitationAction = definePublicAction({ input: acceptInvitationSchema }, async ({ input }) => {
  if (!(await acceptInvitation(input))) throw invalidLink();
  return { ok: true, data: undefined };
});

function invalidLink() {
  return new AppError('VALIDATION', 'This link has expired or was already used. Ask for a new one.');
}

/** The passkey step of sign-in: after the right password, a challenge for one of the account's passkeys. */
export const passkeySignInOptionsAction = definePublicAction(
  { input: passkeySignInSchema },
  async ({ input }): Promise<ActionResult<PublicKeyCredentialRequestOptionsJSON>> => ({ ok: true, data: await passkeySignInOptions({ ...input, ip: clientAddress(await headers()) }) }),
);
