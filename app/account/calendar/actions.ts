'use server';

import { revalidatePath } from 'next/cache';
import { createCalendarFeed, revokeCalendarFeeds } from '@/lib/calendar/feeds';
import { defineAction, NO_INPUT } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { publicOrigin } from '@/lib/env';

// No input to parse: both act on the signed-in person's own calendar only.
export const createCalendarFeedAction = defineAction({ input: NO_INPUT, capability: 'account.manage_own' }, async ({ actor }): Promise<ActionResult<{ url: string }>> => {
  const { token } = await createCalendarFeed(actor);
  revalidatePath('/account/calendar');
  return { ok: true, data: { url: `${publicOrigin()}/api/calendar/${token}.ics` }, message: 'Your new calendar address is ready. Any earlier address has stopped working.' };
});

export const revokeCalendarFeedAction = defineAction({ input: NO_INPUT, capability: 'account.manage_own' }, async ({ actor }): Promise<ActionResult> => {
  const n = await revokeCalendarFeeds(actor);
  revalidatePath('/account/calendar');
  return { ok: true, data: undefined, message: n ? 'Your calendar address has stopped working.' : 'You had no calendar address.' };
});
