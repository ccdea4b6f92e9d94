'use server';

import { acceptInvitation, registerOwner, registerPreparer, requestPasswordReset, resetPassword, verifyEmail } from '@/lib/auth/accounts';
import { AppError, toActionError, type ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { publicOrigin } from '@/lib/env';
import { acceptInvitationSchema, forgotPasswordSchema, registerPreparerSchema, registerSchema, resetPasswordSchema } from '@/lib/validation/accounts';
import { parseOrThrow } from '@/lib/validation/parse';

// Public endpoints (no session needed): each re-validates its input with the form's schema.

export async function registerAction(input: unknown): Promise<ActionResult> {
  try {
    const values = parseOrThrow(registerSchema, input);
    await registerOwner(values, publicOrigin());
    kickDelivery();
    return { ok: true, data: undefined };
  } catch (err) {
    return toActionError(err);
  }
}

export async function registerPreparerAction(input: unknown): Promise<ActionResult> {
  try {
    const values = parseOrThrow(registerPreparerSchema, input);
    await registerPreparer(values, publicOrigin());
    kickDelivery();
    return { ok: true, data: undefined };
  } catch (err) {
    return toActionError(err);
  }
}

export async function verifyEmailAction(token: unknown): Promise<ActionResult> {
  try {
    if (typeof token !== 'string' || token.length < 10 || token.length > 200) throw invalidLink();
    if (!(await verifyEmail(token))) throw invalidLink();
    return { ok: true, data: undefined };
  } catch (err) {
    return toActionError(err);
  }
}

export async function forgotPasswordAction(input: unknown): Promise<ActionResult> {
  try {
    const { email } = parseOrThrow(forgotPasswordSchema, input);
    await requestPasswordReset(email, publicOrigin());
    kickDelivery();
    return { ok: true, data: undefined };
  } catch (err) {
    return toActionError(err);
  }
}

export async function resetPasswordAction(input: unknown): Promise<ActionResult> {
  try {
    const values = parseOrThrow(resetPasswordSchema, input);
    if (!(await resetPassword(values.token, values.password))) throw invalidLink();
    return { ok: true, data: undefined };
  } catch (err) {
    return toActionError(err);
  }
}

export async function acceptInvitationAction(input: unknown): Promise<ActionResult> {
  try {
    const values = parseOrThrow(acceptInvitationSchema, input);
    if (!(await acceptInvitation(values))) throw invalidLink();
    return { ok: true, data: undefined };
  } catch (err) {
    return toActionError(err);
  }
}

function invalidLink() {
  return new AppError('VALIDATION', 'This link has expired or was already used. Ask for a new one.');
}
