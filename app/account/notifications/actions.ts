'use server';

import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { saveNotificationPreferences } from '@/lib/preferences/preferences';
import { notificationPreferencesSchema } from '@/lib/preferences/schema';
import { parseOrThrow } from '@/lib/validation/parse';

export async function savePreferencesAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(notificationPreferencesSchema, input);
    await saveNotificationPreferences(actor, values);
    revalidatePath('/account/notifications');
    return { ok: true, data: undefined, message: 'Your email choices are saved.' };
  });
}
