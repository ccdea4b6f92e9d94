import { z } from 'zod';
import { requiredText } from './operations';

// The owner names who may sign the operation's plans, and a signatory accepts the electronic
// signature agreement. Used by the client resolvers and the server actions.

const operationId = z.string().uuid('This operation could not be found');

export const nameSignatorySchema = z.object({
  operationId,
  email: z.string({ error: 'Enter the email address of their portal account' }).trim().toLowerCase().pipe(z.email('Enter an email address like name@example.com').max(254, 'Use at most 254 characters')),
  capacity: requiredText('Say in what capacity they sign, for example “President, Van Zee Farms Inc.”', 2, 160),
});

export const revokeSignatorySchema = z.object({
  operationId,
  id: z.string().uuid('This signatory could not be found'),
});

export const acceptAgreementSchema = z.object({
  version: z.string().min(1).max(40),
  agree: z.literal(true, { error: 'Tick the box to accept the agreement' }),
});

export type NameSignatoryInput = z.infer<typeof nameSignatorySchema>;
export type RevokeSignatoryInput = z.infer<typeof revokeSignatorySchema>;
export type AcceptAgreementInput = z.infer<typeof acceptAgreementSchema>;
