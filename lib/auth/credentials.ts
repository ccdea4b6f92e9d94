import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { verifyPassword } from './passwords';
import type { Actor } from './roles';
import { checkThrottle, recordAttempt } from './throttle';

export type SignedIn = Actor & { sessionVersion: number };

export const GENERIC_SIGN_IN_ERROR = 'The email or password is not right. Check both and try again.';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Checks an email and password. Wrong email and wrong password give the same answer (null) in the
 * same time; too many failures are refused with THROTTLED before the password is checked.
 */
export async function verifyCredentials(input: { email: string; password: string; ip: string }): Promise<SignedIn | null> {
  const db = await getDb();
  const email = normalizeEmail(input.email);
  const throttle = await checkThrottle(db, email, input.ip);
  if (throttle.limited) {
    throw new AppError(
      'THROTTLED',
      `Too many sign-in attempts. For your security, wait ${throttle.retryAfterMinutes} minute${throttle.retryAfterMinutes === 1 ? '' : 's'} and try again, or reset your password.`,
    );
  }
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok || user.disabledAt) {
    await recordAttempt(db, email, input.ip, false);
    return null;
  }
  if (!user.emailVerifiedAt) {
    throw new AppError('UNAUTHENTICATED', 'Confirm your email address first: open the link we emailed you when you registered.');
  }
  await db.transaction(async (tx) => {
    await recordAttempt(tx, email, input.ip, true);
    await recordAudit(tx, { actorUserId: user.id, action: 'auth.sign_in', entityType: 'user', entityId: user.id, ipAddress: input.ip });
  });
  return {
    id: user.id,
    role: user.role,
    name: user.name,
    email: user.email,
    countyFips: user.countyFips,
    partyId: user.partyId,
    sessionVersion: user.sessionVersion,
  };
}
