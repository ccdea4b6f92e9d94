import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { users } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { verifyPassword } from './passwords';
import type { Actor } from './roles';
import { checkThrottle, recordAttempt, waitInWords } from './throttle';

/**
 * The signed-in person's password asked again before a change to their sign-in (a passkey added or
 * removed). A wrong one counts in the sign-in throttle, keyed to the session rather than the network
 * address: a stolen session cannot guess without limit, and no one else's sign-in slows down.
 */
export async function requirePasswordAgain(actor: Actor, password: string): Promise<void> {
  const db = await getDb();
  const key = { email: actor.email.toLowerCase(), address: `session:${actor.id}` };
  const throttle = await checkThrottle(db, key.email, key.address);
  if (throttle.limited) throw new AppError('THROTTLED', `Too many wrong tries. For your security, wait ${waitInWords(throttle.retryAfterSeconds)} and try again.`);
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.id));
  if (!(await verifyPassword(password, user?.passwordHash))) {
    await recordAttempt(db, key.email, key.address, false);
    throw new AppError('VALIDATION', 'That password is not right.', { password: ['Enter the password you sign in with'] });
  }
}
