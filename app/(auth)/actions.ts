'use server';

import { runAction } from '@/lib/actions/run-action';
import { acceptInvitation, registerOwner, registerPreparer, requestPasswordReset, resetPassword, verifyEmail } from '@/lib/auth/accounts';
import { AppError, type ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { publicOrigin } from '@/lib/env';
import { acceptInvitationSchema, forgotPasswordSchema, registerPreparerSchema, registerSchema, resetPasswordSchema } from '@/lib/validation/accounts';
import { parseOrThrow } from '@/lib/validation/parse';
import { headers } from 'next/headers';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { passkeySignInOptions } from '@/lib/auth/credentials';
import { clientAddress } from '@/lib/net/client-address';
import { passkeySignInSchema } from '@/lib/validation/second-factor';

// Public endpoints (no session needed): each re-validates its input with the form's schema.

export async function registerAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const values = parseOrThrow(registerSchema, input);
    await registerOwner(values, publicOrigin());
    kickDelivery();
    return { ok: true, data: undefined };
  });
}

export async function registerPreparerAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const values = parseOrThrow(registerPreparerSchema, input);
    await registerPreparer(values, publicOrigin());
    kickDelivery();
    return { ok: true, data: undefined };
  });
}

export async function verifyEmailAction(token: unknown): Promise<ActionResult> {
  return runAction(async () => {
    if (typeof token !== 'string' || token.length < 10 || token.length > 200) throw invalidLink();
    if (!(await verifyEmail(token))) throw invalidLink();
    return { ok: true, data: undefined };
  });
}

export async function forgotPasswordAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const { email } = parseOrThrow(forgotPasswordSchema, input);
    await requestPasswordReset(email, publicOrigin());
    kickDelivery();
    return { ok: true, data: undefined };
  });
}

export async function resetPasswordAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const values = parseOrThrow(resetPasswordSchema, input);
    if (!(await resetPassword(values.token, values.password))) throw invalidLink();
    return { ok: true, data: undefined };
  });
}

export async function acceptInvitationAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const values = parseOrThrow(acceptInvitationSchema, input);
    if (!(await acceptInvitation(values))) throw invalidLink();
    return { ok: true, data: undefined };
  });
}

function invalidLink() {
  return new AppError('VALIDATION', 'This link has expired or was already used. Ask for a new one.');
}

/** The passkey step of sign-in: after the right password, a challenge for one of the account's passkeys. */
export async function passkeySignInOptionsAction(input: unknown): Promise<ActionResult<PublicKeyCredentialRequestOptionsJSON>> {
  return runAction(async () => {
    const values = parseOrThrow(passkeySignInSchema, input);
    return { ok: true, data: await passkeySignInOptions({ ...values, ip: clientAddress(await headers()) }) };
  });
}
