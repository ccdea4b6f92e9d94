import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ActionResult } from '@/lib/errors';

/**
 * Puts a server action's field errors on the right fields (react-hook-form keeps what was typed)
 * and returns the form-level message to show, if any.
 */
export function applyActionResult<T extends FieldValues>(result: ActionResult<unknown>, setError: UseFormSetError<T>): string | null {
  if (result.ok) return null;
  let first = true;
  for (const [field, messages] of Object.entries(result.fieldErrors ?? {})) {
    if (!messages?.[0]) continue;
    setError(field as Path<T>, { type: 'server', message: messages[0] }, { shouldFocus: first });
    first = false;
  }
  return result.message;
}
