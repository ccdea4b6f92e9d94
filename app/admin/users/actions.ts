'use server';

import { revalidatePath } from 'next/cache';
import { inviteUser } from '@/lib/auth/accounts';
import { changeUserRole, setUserDisabled } from '@/lib/auth/admin';
import { actorOrThrow } from '@/lib/auth/session';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { publicOrigin } from '@/lib/env';
import { changeRoleSchema, inviteSchema, userDisabledSchema } from '@/lib/validation/accounts';
import { parseOrThrow } from '@/lib/validation/parse';
import { resetSecondFactor } from '@/lib/auth/second-factor';
import { resetSecondFactorSchema } from '@/lib/validation/second-factor';

// Admin actions: parse -> authorize (inside the service) -> act -> revalidate.

export async function inviteUserAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(inviteSchema, input);
    await inviteUser(actor, values, publicOrigin());
    kickDelivery();
    revalidatePath('/admin/users');
    return { ok: true, data: undefined, message: `Invitation sent to ${values.email}.` };
  });
}

export async function changeRoleAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(changeRoleSchema, input);
    await changeUserRole(actor, values);
    revalidatePath('/admin/users');
    return { ok: true, data: undefined, message: 'Role changed. The person’s open sessions were ended.' };
  });
}


export async function setDisabledAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(userDisabledSchema, input);
    await setUserDisabled(actor, values.userId, values.disabled);
    revalidatePath('/admin/users');
    return { ok: true, data: undefined, message: values.disabled ? 'Account disabled.' : 'Account enabled.' };
  });
}

export async function resetSecondFactorAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(resetSecondFactorSchema, input);
    await resetSecondFactor(actor, values);
    kickDelivery();
    revalidatePath(`/admin/users/${values.userId}`);
    return { ok: true, data: undefined, message: 'The second factor was removed and the person’s sessions ended. They sign in with their password and can set up a new app.' };
  });
}
