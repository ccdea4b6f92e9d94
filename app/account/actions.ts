'use server';

import { signOutEverywhere } from '@/lib/auth/admin';
import { defineAction, NO_INPUT } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { setOwnMailingAddress } from '@/lib/parties/mailing-address';
import { mailingAddressSchema } from '@/lib/validation/letters';
import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { confirmTotpEnrolment, removeOwnSecondFactor, renewRecoveryCodes, startTotpEnrolment, type EnrolmentStart } from '@/lib/auth/second-factor-enrolment';
import { clientAddress } from '@/lib/net/client-address';
import { kickDelivery } from '@/lib/notifications/deliver';
import { addPasskeySchema, confirmTotpSchema, removePasskeySchema, removeSecondFactorSchema, renewRecoveryCodesSchema } from '@/lib/validation/second-factor';
import { finishPasskeyRegistration, removePasskey, startPasskeyRegistration, stepUpOptions } from '@/lib/auth/passkeys';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

export const signOutEverywhereAction = defineAction({ input: NO_INPUT, capability: 'account.manage_own', enrolling: true }, async ({ actor }): Promise<ActionResult> => {
  await signOutEverywhere(actor);
  return { ok: true, data: undefined };
});

export const setMailingAddressAction = defineAction({ input: mailingAddressSchema, capability: 'account.manage_own' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await setOwnMailingAddress(actor, values);
  revalidatePath('/account');
  return { ok: true, data: undefined, message: 'Saved. The department’s letters are addressed here.' };
});

// The second factor: each action acts on the signed-in account only (its id comes from the session).

export const startTotpAction = defineAction({ input: NO_INPUT, capability: 'account.manage_own', enrolling: true }, async ({ actor }): Promise<ActionResult<EnrolmentStart>> => {
  return { ok: true, data: await startTotpEnrolment(actor) };
});

export const confirmTotpAction = defineAction({ input: confirmTotpSchema, capability: 'account.manage_own', enrolling: true }, async ({ actor, input: values }): Promise<ActionResult<string[]>> => {
  const codes = await confirmTotpEnrolment(actor, values, clientAddress(await headers()));
  kickDelivery();
  return { ok: true, data: codes, message: 'Your authenticator app is set up. From now on, signing in asks for a code from it.' };
});

export const renewRecoveryCodesAction = defineAction({ input: renewRecoveryCodesSchema, capability: 'account.manage_own' }, async ({ actor, input: values }): Promise<ActionResult<string[]>> => {
  const codes = await renewRecoveryCodes(actor, values, clientAddress(await headers()));
  kickDelivery();
  return { ok: true, data: codes, message: 'New recovery codes are ready. The old ones no longer work.' };
});

export const removeSecondFactorAction = defineAction({ input: removeSecondFactorSchema, capability: 'account.manage_own' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await removeOwnSecondFactor(actor, values, clientAddress(await headers()));
  kickDelivery();
  revalidatePath('/account');
  return { ok: true, data: undefined, message: 'The authenticator app was removed. Signing in asks for your password only.' };
});

/** Options for the browser to make a passkey for this account. */
export const startPasskeyAction = defineAction({ input: NO_INPUT, capability: 'account.manage_own', enrolling: true }, async ({ actor }): Promise<ActionResult<PublicKeyCredentialCreationOptionsJSON>> => {
  return { ok: true, data: await startPasskeyRegistration(actor) };
});

/** Before a factor is added to an account with passkeys: a challenge for one of them; null without any. */
export const stepUpOptionsAction = defineAction({ input: NO_INPUT, capability: 'account.manage_own', enrolling: true }, async ({ actor }): Promise<ActionResult<PublicKeyCredentialRequestOptionsJSON | null>> => {
  return { ok: true, data: await stepUpOptions(actor) };
});

/** Keeps the passkey the browser made; the account's first factor comes with its recovery codes, shown once. */
export const addPasskeyAction = defineAction({ input: addPasskeySchema, capability: 'account.manage_own', enrolling: true }, async ({ actor, input: values }): Promise<ActionResult<string[] | null>> => {
  const key = await finishPasskeyRegistration(actor, { ...values, response: values.response as unknown as RegistrationResponseJSON }, clientAddress(await headers()));
  kickDelivery();
  // With recovery codes to show, the page refreshes once they are saved, so they are not lost to a re-render.
  if (!key.recoveryCodes) revalidatePath('/account');
  return { ok: true, data: key.recoveryCodes, message: `Passkey “${key.name}” added. Signing in and signing plans can use it instead of a code.` };
});

export const removePasskeyAction = defineAction({ input: removePasskeySchema, capability: 'account.manage_own' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await removePasskey(actor, values, clientAddress(await headers()));
  kickDelivery();
  revalidatePath('/account');
  return { ok: true, data: undefined, message: 'Passkey removed.' };
});
