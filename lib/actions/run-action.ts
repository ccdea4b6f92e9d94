import { headers } from 'next/headers';
import { recordDenial } from '@/lib/auth/denials';
import { toActionError, type ActionResult } from '@/lib/errors';
import { clientAddress } from '@/lib/net/client-address';

/**
 * The one wrapper of a server action's body: whatever the body throws (an AppError with its
 * field errors, a database that is away, anything unexpected) comes back as the ActionResult the
 * form shows, through toActionError: known errors in plain words, unknown ones logged and never shown.
 * A refusal by the access check is recorded in the audit log first.
 */
export async function runAction<T = undefined>(body: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await body();
  } catch (err) {
    await recordDenial(err, await requestAddress());
    return toActionError(err);
  }
}

/** The client address of the request being served, or null outside one. */
async function requestAddress(): Promise<string | null> {
  try {
    return clientAddress(await headers());
  } catch {
    return null;
  }
}
