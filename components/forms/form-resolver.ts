import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { PLAIN_WORDS } from '@/lib/validation/messages';

/**
 * The forms' resolver: react-hook-form checks with the form's zod schema (the one its server action
 * parses again), every message in plain words (lib/validation/messages.ts). `raw` hands the action
 * the values as typed rather than as parsed.
 */
export function formResolver<In extends FieldValues, Context = unknown, Out = In>(schema: z.ZodType, options: { raw?: boolean } = {}): Resolver<In, Context, Out> {
  return zodResolver(schema as never, PLAIN_WORDS as never, { raw: options.raw === true } as never) as never;
}
