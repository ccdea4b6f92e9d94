import { toActionError, type ActionResult } from '@/lib/errors';

/**
 * The one wrapper of a server action's body: whatever the body throws (an AppError with its
 * field errors, a database that is away, anything unexpected) comes back as the ActionResult the
 * form shows, through toActionError: known errors in plain words, unknown ones logged and never shown.
 */
export async function runAction<T = undefined>(body: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await body();
  } catch (err) {
    return toActionError(err);
  }
}
