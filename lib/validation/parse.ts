import type { z } from 'zod';
import { AppError } from '@/lib/errors';
import { PLAIN_WORDS } from './messages';

/** Where in `value` a text (or a key) holds a NUL character, which PostgreSQL cannot store; else null. */
export function nulPath(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, v] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof key === 'string' && key.includes('\u0000')) return [...path, key];
    const found = nulPath(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Parses a server action's input with the form's own schema; refuses with field errors in plain words. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // No form types a NUL character; refused here for every form rather than failing in the database.
  const nul = nulPath(input);
  if (nul) {
    throw new AppError('VALIDATION', 'Some answers need another look. See the messages next to the fields.', { [nul.join('.') || '_form']: ['Remove the control character from this answer'] });
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
