import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { verifyPassword } from './passwords';
import { createSession } from './sessions';
import type { Actor } from './roles';
import { checkThrottle, recordAttempt, waitInWords } from './throttle';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { issueToken } from './tokens';
import { publicOrigin } from '@/lib/env';
import { hasSecondFactor, verifySecondFactor } from './second-factor';
import { parsePasskeyResponse, passkeyRequestOptions, verifyPasskey } from './passkeys';
import { SECOND_FACTOR_NEEDED, SECOND_FACTOR_WRONG } from './second-factor-words';

export type SignedIn = Actor & { sessionVersion: number; sessionId: string };

// One answer for a wrong password, an unknown email and an unconfirmed address, so the sign-in
// page cannot tell anyone which addresses have accounts.
export const GENERIC_SIGN_IN_ERROR =
  'The email or password is not right. Check both and try again. If you registered recently, first open the link we emailed you.';

// Told only to someone who gave the right password: it says nothing about which addresses exist.
export const DISABLED_SIGN_IN_ERROR = 'This account is disabled. Ask the department’s administrator to enable it again.';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Checks an email and password. Wrong email, wrong password and an unconfirmed address give the
 * same answer (null) in about the same time; an unconfirmed account with the right password is
 * emailed a new confirmation link. Guesses beyond the throttle are refused with THROTTLED before
 * the password is checked.
 * An account with a second factor then needs `code` (an authenticator code or a recovery code):
 * without one, SECOND_FACTOR_NEEDED (said only after the right password); a wrong one counts as a
 * failed attempt. An account without a factor signs in with its password alone.
 */
export async function verifyCredentials(input: { email: string; password: string; ip: string; origin?: string; code?: string; passkey?: string }): Promise<SignedIn | null> {
  const db = await getDb();
  const email = normalizeEmail(input.email);
  const throttle = await checkThrottle(db, email, input.ip);
  if (throttle.limited) {
    throw new AppError(
      'THROTTLED',
      `Too many sign-in attempts. For your security, wait ${waitInWords(throttle.retryAfterSeconds)} and try again, or reset your password: the reset link always works.`,
    );
  }
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) {
    await recordAttempt(db, email, input.ip, false);
    return null;
  }
  if (user.disabledAt) {
    await recordAttempt(db, email, input.ip, false);
    throw new AppError('FORBIDDEN', DISABLED_SIGN_IN_ERROR);
  }
  if (!user.emailVerifiedAt) {
    await resendVerificationAfterSignIn(user, input.origin ?? publicOrigin());
    return null;
  }
  const needsCode = await hasSecondFactor(user.id, db);
  const code = input.code?.trim() ?? '';
  const passkey = parsePasskeyResponse(input.passkey);
  if (needsCode && !code && !passkey) throw new AppError('VALIDATION', SECOND_FACTOR_NEEDED);
  const sessionId = await db.transaction(async (tx) => {
    const method = !needsCode ? null : passkey ? ((await verifyPasskey(user.id, passkey, 'sign_in', tx)) ? 'passkey' : null) : await verifySecondFactor(user.id, code, tx);
    if (needsCode && !method) return null;
    await recordAttempt(tx, email, input.ip, true);
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'auth.sign_in',
      entityType: 'user',
      entityId: user.id,
      after: method ? { secondFactor: method } : undefined,
      ipAddress: input.ip,
    });
    return createSession(tx, user.id, input.ip);
  });
  if (!sessionId) {
    await db.transaction(async (tx) => {
      await recordAttempt(tx, email, input.ip, false);
      await recordAudit(tx, { actorUserId: user.id, action: 'auth.second_factor_refused', entityType: 'user', entityId: user.id, ipAddress: input.ip });
    });
    throw new AppError('VALIDATION', SECOND_FACTOR_WRONG);
  }
  return {
    id: user.id,
    role: user.role,
    name: user.name,
    email: user.email,
    countyFips: user.countyFips,
    partyId: user.partyId,
    sessionVersion: user.sessionVersion,
    sessionId,
  };
}

/**
 * The passkey step of sign-in, after the right password: options for the browser to answer with one
 * of the account's passkeys. A wrong password (or an unknown address) gets the same answer as at
 * sign-in and counts in the same throttle; an account without a passkey is told to use its code.
 */
export async function passkeySignInOptions(input: { email: string; password: string; ip: string }) {
  const db = await getDb();
  const email = normalizeEmail(input.email);
  const throttle = await checkThrottle(db, email, input.ip);
  if (throttle.limited) throw new AppError('THROTTLED', `Too many sign-in attempts. For your security, wait ${waitInWords(throttle.retryAfterSeconds)} and try again.`);
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
  // The password is checked (against a dummy hash for an unknown address) before anything else is
  // looked at, so the answer's time says nothing about which addresses have accounts.
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok || user.disabledAt || !user.emailVerifiedAt) {
    await recordAttempt(db, email, input.ip, false);
    throw new AppError('VALIDATION', GENERIC_SIGN_IN_ERROR);
  }
  const options = await passkeyRequestOptions(user.id, 'sign_in', db);
  if (!options) throw new AppError('CONFLICT', 'No passkey is set up for this account. Enter the code from your authenticator app, or one of your recovery codes.');
  return options;
}

/**
 * The right password for an account whose address is not confirmed yet: the sign-in is refused
 * with the same words as a wrong password, and the address gets a fresh confirmation link.
 */
async function resendVerificationAfterSignIn(user: { id: string; email: string; name: string }, origin: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const { token, expiresAt } = await issueToken(tx, { kind: 'verify_email', email: user.email, userId: user.id });
    await enqueueEmail(tx, {
      eventKey: `user:${user.id}:verify:${expiresAt.getTime()}`,
      recipients: [{ address: user.email, userId: user.id }],
      template: 'verify-email',
      props: { name: user.name, verifyUrl: `${origin}/verify-email?token=${token}`, expiresAt: expiresAt.toISOString(), afterSignInAttempt: true },
    });
  });
}

