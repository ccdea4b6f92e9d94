'use server';

import { signOutEverywhere } from '@/lib/auth/admin';
import { actorOrThrow } from '@/lib/auth/session';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { setOwnMailingAddress } from '@/lib/parties/mailing-address';
import { mailingAddressSchema } from '@/lib/validation/letters';
import { parseOrThrow } from '@/lib/validation/parse';
import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { confirmTotpEnrolment, removeOwnSecondFactor, renewRecoveryCodes, startTotpEnrolment, type EnrolmentStart } from '@/lib/auth/second-factor-enrolment';
import { clientAddress } from '@/lib/net/client-address';
import { kickDelivery } from '@/lib/notifications/deliver';
import { addPasskeySchema, confirmTotpSchema, removePasskeySchema, removeSecondFactorSchema, renewRecoveryCodesSchema } from '@/lib/validation/second-factor';
import { finishPasskeyRegistration, removePasskey, startPasskeyRegistration, stepUpOptions } from '@/lib/auth/passkeys';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

export async function signOutEverywhereAction(): Promise<ActionResult> {
  return runAction(async () => {
    await signOutEverywhere(await actorOrThrow({ enrolling: true }));
    return { ok: true, data: undefined };
  });
}

export async function setMailingAddressAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(mailingAddressSchema, input);
    await setOwnMailingAddress(actor, values);
    revalidatePath('/account');
    return { ok: true, data: undefined, message: 'Saved. The department’s letters are addressed here.' };
  });
}

// The second factor: each action acts on the signed-in account only (its id comes from the session).

export async function startTotpAction(): Promise<ActionResult<EnrolmentStart>> {
  return runAction(async () => {
    const actor = await actorOrThrow({ enrolling: true });
    return { ok: true, data: await startTotpEnrolment(actor) };
  });
}

export async function confirmTotpAction(input: unknown): Promise<ActionResult<string[]>> {
  return runAction(async () => {
    const actor = await actorOrThrow({ enrolling: true });
    const values = parseOrThrow(confirmTotpSchema, input);
    const codes = await confirmTotpEnrolment(actor, values, clientAddress(await headers()));
    kickDelivery();
    return { ok: true, data: codes, message: 'Your authenticator app is set up. From now on, signing in asks for a code from it.' };
  });
}

export async function renewRecoveryCodesAction(input: unknown): Promise<ActionResult<string[]>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(renewRecoveryCodesSchema, input);
    const codes = await renewRecoveryCodes(actor, values, clientAddress(await headers()));
    kickDelivery();
    return { ok: true, data: codes, message: 'New recovery codes are ready. The old ones no longer work.' };
  });
}

export async function removeSecondFactorAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(removeSecondFactorSchema, input);
    await removeOwnSecondFactor(actor, values, clientAddress(await headers()));
    kickDelivery();
    revalidatePath('/account');
    return { ok: true, data: undefined, message: 'The authenticator app was removed. Signing in asks for your password only.' };
  });
}

/** Options for the browser to make a passkey for this account. */
export async function startPasskeyAction(): Promise<ActionResult<PublicKeyCredentialCreationOptionsJSON>> {
  return runAction(async () => {
    const actor = await actorOrThrow({ enrolling: true });
    return { ok: true, data: await startPasskeyRegistration(actor) };
  });
}

/** Before a factor is added to an account with passkeys: a challenge for one of them; null without any. */
export async function stepUpOptionsAction(): Promise<ActionResult<PublicKeyCredentialRequestOptionsJSON | null>> {
  return runAction(async () => {
    const actor = await actorOrThrow({ enrolling: true });
    return { ok: true, data: await stepUpOptions(actor) };
  });
}

/** Keeps the passkey the browser made. */
export async function addPasskeyAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow({ enrolling: true });
    const values = parseOrThrow(addPasskeySchema, input);
    const key = await finishPasskeyRegistration(actor, { ...values, response: values.response as unknown as RegistrationResponseJSON }, clientAddress(await headers()));
    kickDelivery();
    revalidatePath('/account');
    return { ok: true, data: undefined, message: `Passkey “${key.name}” added. Signing in and signing plans can use it instead of a code.` };
  });
}

export async function removePasskeyAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(removePasskeySchema, input);
    await removePasskey(actor, values, clientAddress(await headers()));
    kickDelivery();
    revalidatePath('/account');
    return { ok: true, data: undefined, message: 'Passkey removed.' };
  });
}
