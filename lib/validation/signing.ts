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

/** What the signer types at the signing step: the certification ticked, their password and a code. */
export const signingCredentialsSchema = z.object({
  certify: z.literal(true, { error: 'Tick the box to make the certification' }),
  password: z.string({ error: 'Type your password to sign' }).min(1, 'Type your password to sign').max(200, 'That password is too long'),
  // Empty when a passkey answers instead (the service asks for one or the other).
  code: z.string().trim().max(40, 'That code is too long').default(''),
  passkey: z.string().max(16_000).optional(),
  certificationVersion: z.string().min(1).max(40),
});

export const requestSignatureSchema = z.object({
  planId: z.string().uuid('This plan could not be found'),
  note: z.string().trim().max(500, 'Use at most 500 characters').optional(),
});
export type SigningCredentialsInput = z.infer<typeof signingCredentialsSchema>;
