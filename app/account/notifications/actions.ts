'use server';

import { revalidatePath } from 'next/cache';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { saveNotificationPreferences } from '@/lib/preferences/preferences';
import { notificationPreferencesSchema } from '@/lib/preferences/schema';

export const savePreferencesAction = defineAction({ input: notificationPreferencesSchema, capability: 'account.manage_own' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await saveNotificationPreferences(actor, values);
  revalidatePath('/account/notifications');
  return { ok: true, data: undefined, message: 'Your email choices are saved.' };
});
