'use server';

import { revalidatePath } from 'next/cache';
import { inviteUser } from '@/lib/auth/accounts';
import { changeUserRole, setUserDisabled } from '@/lib/auth/admin';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { publicOrigin } from '@/lib/env';
import { changeRoleSchema, inviteSchema, userDisabledSchema } from '@/lib/validation/accounts';
import { resetSecondFactor } from '@/lib/auth/second-factor';
import { resetSecondFactorSchema } from '@/lib/validation/second-factor';

// Admin actions: parse -> authorize (inside the service) -> act -> revalidate.

export const inviteUserAction = defineAction({ input: inviteSchema, capability: 'user.invite' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await inviteUser(actor, values, publicOrigin());
  kickDelivery();
  revalidatePath('/admin/users');
  return { ok: true, data: undefined, message: `Invitation sent to ${values.email}.` };
});

export const changeRoleAction = defineAction({ input: changeRoleSchema, capability: 'user.change_role' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await changeUserRole(actor, values);
  revalidatePath('/admin/users');
  return { ok: true, data: undefined, message: 'Role changed. The person’s open sessions were ended.' };
});


export const setDisabledAction = defineAction({ input: userDisabledSchema, capability: 'user.disable' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await setUserDisabled(actor, values.userId, values.disabled);
  revalidatePath('/admin/users');
  return { ok: true, data: undefined, message: values.disabled ? 'Account disabled.' : 'Account enabled.' };
});

export const resetSecondFactorAction = defineAction({ input: resetSecondFactorSchema, capability: 'user.reset_second_factor' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await resetSecondFactor(actor, values);
  kickDelivery();
  revalidatePath(`/admin/users/${values.userId}`);
  return { ok: true, data: undefined, message: 'The second factor was removed and the person’s sessions ended. They sign in with their password and can set up a new app.' };
});
