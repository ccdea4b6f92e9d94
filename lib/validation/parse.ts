import type { z } from 'zod';
import { AppError } from '@/lib/errors';
import { PLAIN_WORDS } from './messages';

/**
 * A text PostgreSQL cannot store: a NUL character, or half of a UTF-16 surrogate pair (not a character
 * at all; a browser sends it as U+FFFD, and a JSON column refuses it).
 */
function unstorable(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/** Where in `value` a text (or a key) holds what PostgreSQL cannot store; else null. */
export function unstorablePath(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, v] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof key === 'string' && unstorable(key)) return [...path, key];
    const found = unstorablePath(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Parses a server action's input with the form's own schema; refuses with field errors in plain words. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // No form types a NUL character or half a character; refused here for every form rather than failing in the database.
  const bad = unstorablePath(input);
  if (bad) {
    throw new AppError('VALIDATION', 'Some answers need another look. See the messages next to the fields.', { [bad.join('.') || '_form']: ['Remove the control character or unreadable character from this answer'] });
  }
  const result = schema.safeParse(input, PLAIN_WORDS);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_form';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  throw new AppError('VALIDATION', 'Some answers need another look. See the messages next to the fields.', fieldErrors);
}
