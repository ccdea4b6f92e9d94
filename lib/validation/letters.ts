import { z } from 'zod';

// Forms that feed decision letters: the owner's mailing address, a field office's contact, and the
// appeal paragraph an administrator keeps.

const lines = (max: number) =>
  z
    .string()
    .trim()
    .max(400, 'Keep the address under 400 characters')
    .transform((s) => s.split(/\r?\n/).map((l) => l.trim()).filter(Boolean).join('\n'))
    .refine((s) => s.split('\n').length >= 2, 'Write the street (or box) on one line and the city, state and ZIP code on the next')
    .refine((s) => s.split('\n').length <= max, `Use at most ${max} lines`)
    .refine((s) => /\b[A-Z]{2}\s+\d{5}(-\d{4})?$/.test(s.split('\n').at(-1) ?? ''), 'End the last line with the state and ZIP code, like “Sioux Center, IA 51250”');

/** An envelope address: 2 to 5 lines, the last ending in a state and ZIP code. */
export const mailingAddressSchema = z.object({ mailingAddress: lines(5) });
export type MailingAddressValues = z.input<typeof mailingAddressSchema>;

export const fieldOfficeContactSchema = z.object({
  id: z.coerce.number().int().min(1).max(99),
  mailingAddress: lines(5),
  phone: z
    .string()
    .trim()
    .regex(/^\(?\d{3}\)?[-. ]?\d{3}[-. ]\d{4}$/, 'Enter a phone number like 712-262-4177'),
});
export type FieldOfficeContactValues = z.input<typeof fieldOfficeContactSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date');

export const appealNoticeFormSchema = z.object({
  days: z.coerce.number({ message: 'Enter a number of days' }).int('Use a whole number of days').min(1, 'Enter at least 1 day').max(365, 'Enter at most 365 days'),
  text: z
    .string()
    .trim()
    .min(20, 'Write the paragraph the letters print')
    .max(2000, 'Keep the paragraph under 2,000 characters')
    .refine((t) => t.includes('{deadline}'), 'Put {deadline} where the last day to appeal goes'),
  effectiveFrom: isoDate,
  source: z.string().trim().min(3, 'Name the source (statute, rule or department notice)').max(500),
  confirmed: z.boolean().default(false),
});
export type AppealNoticeFormValues = z.input<typeof appealNoticeFormSchema>;
