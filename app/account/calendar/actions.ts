'use server';

import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import { createCalendarFeed, revokeCalendarFeeds } from '@/lib/calendar/feeds';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { publicOrigin } from '@/lib/env';

// No input to parse: both act on the signed-in person's own calendar only.
export async function createCalendarFeedAction(): Promise<ActionResult<{ url: string }>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const { token } = await createCalendarFeed(actor);
    revalidatePath('/account/calendar');
    return { ok: true, data: { url: `${publicOrigin()}/api/calendar/${token}.ics` }, message: 'Your new calendar address is ready. Any earlier address has stopped working.' };
  });
}

export async function revokeCalendarFeedAction(): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const n = await revokeCalendarFeeds(actor);
    revalidatePath('/account/calendar');
    return { ok: true, data: undefined, message: n ? 'Your calendar address has stopped working.' : 'You had no calendar address.' };
  });
}
