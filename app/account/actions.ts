'use server';

import { signOutEverywhere } from '@/lib/auth/admin';
import { actorOrThrow } from '@/lib/auth/session';
import { toActionError, type ActionResult } from '@/lib/errors';

export async function signOutEverywhereAction(): Promise<ActionResult> {
  try {
    await signOutEverywhere(await actorOrThrow());
    return { ok: true, data: undefined };
  } catch (err) {
    return toActionError(err);
  }
}
