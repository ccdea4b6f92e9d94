import { z } from 'zod';

/**
 * A schema for a form sent as FormData (a file with its fields): the entries, one value per name,
 * are parsed as an object by `schema`, so a server action with a file is declared like any other.
 */
export function formDataInput<S extends z.ZodType>(schema: S) {
  return z.preprocess((raw) => (raw instanceof FormData ? Object.fromEntries(raw.entries()) : raw), schema);
}
