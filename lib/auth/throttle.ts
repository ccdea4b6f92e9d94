import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { allOf, type Executor } from '@/db/client';
import { signInAttempts } from '@/db/schema';

// Sign-in throttle, stored in the database so it holds across app instances. It slows guessing
// without letting anyone lock an owner out of her own account:
// - per account AND address: a few free failures, then each further try waits twice as long as the
//   last (1 s, 2 s, 4 s ... up to 15 minutes). Failures from someone else's address never slow the
//   owner's own sign-in, and a successful sign-in or a password reset starts the count again;
// - per address (any account): 20 failures within 15 minutes stop that address for the window.
// The address is the socket's peer (lib/net/client-address), never a header a client typed.
export const THROTTLE = { windowMinutes: 15, perAddress: 20, freeFailuresPerAccountAndAddress: 3, maxDelaySeconds: 15 * 60 } as const;

export type ThrottleState = { limited: false } | { limited: true; retryAfterSeconds: number; scope: 'account_and_address' | 'address' };

/** The wait after `failures` consecutive failures of one account from one address. */
export function delayAfterFailures(failures: number): number {
  const beyond = failures - THROTTLE.freeFailuresPerAccountAndAddress;
  if (beyond < 0) return 0;
  return Math.min(THROTTLE.maxDelaySeconds, 2 ** beyond);
}

export async function checkThrottle(db: Executor, email: string, ip: string, now = new Date()): Promise<ThrottleState> {
  const since = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  const [byIp, pair] = await allOf(db, [
    () => db
      .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${signInAttempts.attemptedAt})` })
      .from(signInAttempts)
      .where(and(eq(signInAttempts.ipAddress, ip), eq(signInAttempts.succeeded, false), gt(signInAttempts.attemptedAt, since))),
    // Failures of this account from this address since its last success there, within the window.
    () => db
      .select({ n: sql<number>`count(*)::int`, latest: sql<string | null>`max(${signInAttempts.attemptedAt})` })
      .from(signInAttempts)
      .where(
        and(
          eq(signInAttempts.email, email),
          eq(signInAttempts.ipAddress, ip),
          eq(signInAttempts.succeeded, false),
          gt(signInAttempts.attemptedAt, since),
          sql`${signInAttempts.attemptedAt} > coalesce((select max(s.attempted_at) from sign_in_attempts s
            where s.email = ${email} and s.ip_address = ${ip} and s.succeeded), '-infinity')`,
        ),
      ),
  ]);
  const address = byIp[0];
  if (address && address.n >= THROTTLE.perAddress) {
    const freesAt = new Date(address.oldest ?? now).getTime() + THROTTLE.windowMinutes * 60_000;
    return { limited: true, scope: 'address', retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)) };
  }
  const row = pair[0];
  const wait = delayAfterFailures(row?.n ?? 0);
  if (!wait || !row?.latest) return { limited: false };
  const readyAt = new Date(row.latest).getTime() + wait * 1000;
  if (readyAt <= now.getTime()) return { limited: false };
  return { limited: true, scope: 'account_and_address', retryAfterSeconds: Math.ceil((readyAt - now.getTime()) / 1000) };
}

/**
 * Records a sign-in attempt at the portal's own time, the clock checkThrottle compares against: one
 * clock for both, so a database server whose clock runs apart from the portal's cannot shorten or
 * lengthen a wait.
 */
export async function recordAttempt(db: Executor, email: string, ip: string, succeeded: boolean, now = new Date()): Promise<void> {
  await db.insert(signInAttempts).values({ email, ipAddress: ip, succeeded, attemptedAt: now });
}

/** After a password reset, earlier failures of the account count no more. */
export async function clearFailedAttempts(db: Executor, email: string): Promise<void> {
  await db.delete(signInAttempts).where(and(eq(signInAttempts.email, email), eq(signInAttempts.succeeded, false)));
}

/** "2 minutes", "40 seconds": how long to wait, in words. */
export function waitInWords(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
