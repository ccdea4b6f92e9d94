import { z } from 'zod';
import { operationSchema } from './operations';

// A preparer registers an operation for a client: the same operation form plus the owner's name
// and the email the acceptance link goes to. Parsed by the form's resolver and again on the server.
export const clientRegistrationSchema = operationSchema.safeExtend({
  clientName: z.string({ error: 'Enter the owner’s name' }).trim().min(2, 'Enter the owner’s name').max(160, 'Use at most 160 characters'),
  clientEmail: z.string({ error: 'Enter the owner’s email address' }).trim().toLowerCase().pipe(z.email('Enter the owner’s email address, like name@example.com').max(254)),
});

export type ClientRegistrationValues = z.output<typeof clientRegistrationSchema>;

/** The preparer resends or withdraws one of their waiting registrations. */
export const registrationRequestRefSchema = z.object({ requestId: z.uuid('This registration reference is not valid. Reload the page.') });

/** The owner answers through the emailed link. */
export const registrationAnswerSchema = z.object({
  token: z.string().min(10).max(200),
  response: z.enum(['accept', 'decline'], { message: 'Choose whether to accept the registration' }),
});

export type RegistrationAnswerValues = z.output<typeof registrationAnswerSchema>;
