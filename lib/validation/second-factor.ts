import { z } from 'zod';
import { signInSchema } from './accounts';

// The second-factor forms: one schema each, for the client resolver and the server action.
// A code is 6 digits from the app, or a recovery code (10 letters and digits, a dash or spaces allowed).
const anyCode = z
  .string()
  .trim()
  .min(1, 'Enter the code from your authenticator app, or a recovery code')
  .max(40, 'Enter the code from your authenticator app, or a recovery code')
  .regex(/^(?:[\d\s]{6,9}|[A-Za-z0-9][A-Za-z0-9\s-]{8,20})$/, 'Enter the 6 digits your app shows, or a recovery code like abcde-fghjk');

const appCode = z
  .string()
  .trim()
  .min(1, 'Enter the 6-digit code your authenticator app shows')
  .regex(/^\d{3}\s?\d{3}$/, 'Enter the 6 digits your authenticator app shows, like 123456');

/** The sign-in form: the code is asked only after the password, of an account with a second factor. */
export const signInWithCodeSchema = signInSchema.extend({ code: z.string().trim().max(40).optional() });
export type SignInWithCodeInput = z.infer<typeof signInWithCodeSchema>;

export const confirmTotpSchema = z.object({ code: appCode, stepUp: z.string().max(16_000).optional() });
export type ConfirmTotpValues = z.infer<typeof confirmTotpSchema>;

export const renewRecoveryCodesSchema = z.object({ code: anyCode });
export type RenewRecoveryCodesValues = z.infer<typeof renewRecoveryCodesSchema>;

export const removeSecondFactorSchema = z.object({ password: z.string().min(1, 'Enter your password').max(200), code: anyCode });
export type RemoveSecondFactorValues = z.infer<typeof removeSecondFactorSchema>;

export const resetSecondFactorSchema = z.object({
  userId: z.string().uuid(),
  reason: z.string().trim().min(10, 'Say why, in a sentence: how the person lost the factor and how you checked it was them').max(500, 'Use at most 500 characters'),
});
export type ResetSecondFactorValues = z.infer<typeof resetSecondFactorSchema>;

/** The passkey step of sign-in: the email and password already typed, checked again by the server. */
export const passkeySignInSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(200),
});

/** A new passkey's name (so the account page can tell them apart) and the browser's answer. */
export const addPasskeySchema = z.object({
  name: z.string().trim().min(1, 'Name the passkey, for example “Work laptop”').max(60, 'Use at most 60 characters'),
  response: z.record(z.string(), z.unknown()),
  password: z.string().min(1, 'Enter the password you sign in with').max(200),
  // The factor the account already has: a code from its app, or a passkey's answer.
  code: z.string().trim().max(40).optional(),
  stepUp: z.string().max(16_000).optional(),
});

export const removePasskeySchema = z.object({
  id: z.string().uuid('This passkey could not be found'),
  password: z.string().min(1, 'Enter the password you sign in with').max(200),
});
