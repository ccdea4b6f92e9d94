import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { signInAttempts } from '@/db/schema';

// Sign-in throttle, per account and per network address, stored in the database so it holds
// across app instances: 5 failures for one email, or 20 from one address, within 15 minutes.
export const THROTTLE = { windowMinutes: 15, perAccount: 5, perAddress: 20 } as const;

export type ThrottleState = { limited: false } | { limited: true; retryAfterMinutes: number };

export async function checkThrottle(db: Executor, email: string, ip: string, now = new Date()): Promise<ThrottleState> {
  const since = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  const count = async (cond: ReturnType<typeof eq>) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${signInAttempts.attemptedAt})` })
      .from(signInAttempts)
      .where(and(cond, eq(signInAttempts.succeeded, false), gt(signInAttempts.attemptedAt, since)));
    return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  };
  const [byEmail, byIp] = await Promise.all([count(eq(signInAttempts.email, email)), count(eq(signInAttempts.ipAddress, ip))]);
  const hit = byEmail.n >= THROTTLE.perAccount ? byEmail : byIp.n >= THROTTLE.perAddress ? byIp : null;
  if (!hit) return { limited: false };
  const freesAt = (hit.oldest ?? now).getTime() + THROTTLE.windowMinutes * 60_000;
  return { limited: true, retryAfterMinutes: Math.max(1, Math.ceil((freesAt - now.getTime()) / 60_000)) };
}

export async function recordAttempt(db: Executor, email: string, ip: string, succeeded: boolean): Promise<void> {
  await db.insert(signInAttempts).values({ email, ipAddress: ip, succeeded });
}
