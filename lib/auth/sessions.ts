import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { userSessions } from '@/db/schema';

// Server-side sessions: the signed cookie names a row here, and a session is only as good as its
// row. Signing out revokes the row, so a cookie copied before sign-out opens nothing after it.

/** A session lasts at most this long from sign-in, however active (the cookie also expires when idle). */
export const SESSION_ABSOLUTE_HOURS = 12;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export async function createSession(tx: Executor, userId: string, ipAddress: string, now = new Date()): Promise<string> {
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_HOURS * 3_600_000);
  const [row] = await tx.insert(userSessions).values({ userId, ipAddress, expiresAt }).returning({ id: userSessions.id });
  return row!.id;
}

/** Ends one session (sign out). Revoking an ended or unknown session does nothing. */
export async function revokeSession(db: Executor, sessionId: string): Promise<boolean> {
  if (!isSessionId(sessionId)) return false;
  const rows = await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  return rows.length > 0;
}

/** Ends every session of a user (sign out everywhere, a password reset). */
export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await db.update(userSessions).set({ revokedAt: new Date() }).where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
}
