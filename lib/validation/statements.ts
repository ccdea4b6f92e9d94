import { z } from 'zod';
import { optionalNumber, requiredText } from './operations';

// DNR form 542-8167: the filer asks a landowner to confirm a statement of intent by email; the
// landowner confirms it by typing their name. One schema per form, parsed on the client and the server.

export const statementRequestSchema = z.object({
  planId: z.uuid('This plan reference is not valid. Reload the page.'),
  agreementKey: z.string().min(1).max(64),
  landownerName: requiredText('Enter the landowner’s name first', 2, 160),
  landownerEmail: z.string().trim().toLowerCase().email('Enter the landowner’s email address, like name@example.com').max(254),
  fieldName: requiredText('Choose the field this statement covers first', 1, 80),
  acres: optionalNumber('Enter the acres as a number', 0.01, 100_000, 'Acres must be more than 0'),
  commercialNLbPerAcre: optionalNumber('Enter the commercial nitrogen as a number', 0, 500, 'The commercial nitrogen must be between 0 and 500 pounds per acre'),
  commercialP2o5LbPerAcre: optionalNumber('Enter the commercial phosphate as a number', 0, 500, 'The commercial phosphate must be between 0 and 500 pounds per acre'),
});
export type StatementRequestValues = z.output<typeof statementRequestSchema>;

export const statementConfirmSchema = z.object({
  token: z.string().min(20).max(200),
  signedName: requiredText('Type your full name to sign the statement', 2, 160),
  agree: z.literal(true, { error: 'Tick the box to confirm the statement' }),
});
export type StatementConfirmValues = z.output<typeof statementConfirmSchema>;
