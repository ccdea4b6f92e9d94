import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getServerSession } from 'next-auth';
import { forbidden, redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { users, userSessions } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { authOptions } from './options';
import { isSessionId } from './sessions';
import type { Actor, Role } from './roles';

/**
 * The signed-in user for this request, re-read from the database with the session's own row: null
 * when signed out (the session row revoked), when the account was disabled, or when the session
 * predates a password reset or role change.
 */
export const getActor = cache(async (): Promise<Actor | null> => {
  const session = (await getServerSession(authOptions)) as { uid?: string; sv?: number; sid?: string } | null;
  if (!session?.uid || !isSessionId(session.sid)) return null;
  const db = await getDb();
  const [user] = await db
    .select({
      id: users.id,
      role: users.role,
      name: users.name,
      email: users.email,
      countyFips: users.countyFips,
      partyId: users.partyId,
      disabledAt: users.disabledAt,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .innerJoin(
      userSessions,
      and(eq(userSessions.id, session.sid), eq(userSessions.userId, users.id), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, new Date())),
    )
    .where(eq(users.id, session.uid))
    .limit(1);
  if (!user || user.disabledAt || user.sessionVersion !== session.sv) return null;
  return { id: user.id, role: user.role, name: user.name, email: user.email, countyFips: user.countyFips, partyId: user.partyId };
});

/** For pages: the actor, or a redirect to sign in (coming back to `returnTo`). */
export async function requireActor(returnTo?: string): Promise<Actor> {
  const actor = await getActor();
  if (!actor) redirect(returnTo ? `/sign-in?callbackUrl=${encodeURIComponent(returnTo)}` : '/sign-in');
  return actor;
}

/** For pages: the actor if their role is one of `roles`, else the 403 page. */
export async function requireRole(roles: readonly Role[], returnTo?: string): Promise<Actor> {
  const actor = await requireActor(returnTo);
  if (!roles.includes(actor.role)) forbidden();
  return actor;
}

/** For server actions and route handlers: the actor, or a typed error. */
export async function actorOrThrow(): Promise<Actor> {
  const actor = await getActor();
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Sign in again to continue; nothing you saved is lost.');
  return actor;
}
