import type { z } from 'zod';
import { AppError } from '@/lib/errors';

/** Parses a server action's input with the form's own schema; refuses with field errors. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_form';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  throw new AppError('VALIDATION', 'Some answers need another look. See the messages next to the fields.', fieldErrors);
}
