import { z } from 'zod';

// The public check of a copy of record: a PDF someone holds, or its SHA-256 pasted. One of the two.
// A copy of record is some tens of kilobytes; the server action's body is capped at 1 MB.
export const MAX_VERIFY_BYTES = 900 * 1024;

export const SHA256_MESSAGE = 'Enter the SHA-256 as 64 letters and digits (0–9, a–f), as printed on the copy or in the email';

/** The form's text field: blank, or a SHA-256 in any case, with spaces allowed (a hash copied over two lines). */
export const verifyFormSchema = z.object({
  sha256: z
    .string()
    .max(200, SHA256_MESSAGE)
    .transform((v) => v.replace(/\s+/g, '').toLowerCase())
    .refine((v) => v === '' || /^[0-9a-f]{64}$/.test(v), SHA256_MESSAGE),
});

/** What the server action parses: the text field and the file, exactly one of them given. */
export const verifyRequestSchema = verifyFormSchema
  .extend({
    file: z
      .instanceof(File)
      .optional()
      .refine((f) => !f || f.size <= MAX_VERIFY_BYTES, 'The file is larger than 900 KB, so it is not a copy of record from this portal. Paste its SHA-256 instead.'),
  })
  .transform((v) => ({ sha256: v.sha256, file: v.file && v.file.size > 0 ? v.file : undefined }))
  .refine((v) => v.sha256 !== '' || v.file !== undefined, { message: 'Choose the PDF or paste its SHA-256', path: ['sha256'] })
  .refine((v) => v.sha256 === '' || v.file === undefined, { message: 'Give the PDF or its SHA-256, not both', path: ['sha256'] });

export type VerifyFormValues = z.input<typeof verifyFormSchema>;
