import { z } from 'zod';

export const claimCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Type the code from your letter or email.')
    .max(40, 'The code has 12 letters and digits, like ABCD-EFGH-JKMN.')
    .regex(/^[A-Za-z0-9\s-]+$/, 'The code has only letters, digits and dashes, like ABCD-EFGH-JKMN.'),
});
