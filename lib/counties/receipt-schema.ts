// IAC 567-65.110(3)"b"(1): a county official records that the county received a hard-copy plan
// (DNR form 542-8046: the date and who received it). One schema for the form and its action.
import { z } from 'zod';
import { isIsoDate } from '@/lib/rules';

export const countyReceiptSchema = z.object({
  planId: z.string().uuid('This plan address is not valid.'),
  receivedOn: z
    .string()
    .trim()
    .min(1, 'Enter the date the county received the plan.')
    .refine((v) => isIsoDate(v), 'Enter a real date, for example 03/01/2027.'),
  receivedByName: z
    .string()
    .trim()
    .min(1, 'Enter who received the plan for the county.')
    .max(200, 'Enter 200 characters or fewer.'),
});

export type CountyReceiptValues = z.infer<typeof countyReceiptSchema>;
