import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { counties, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { AppError, notFoundError } from '@/lib/errors';
import { authorize } from './policy';
import { revokeAllSessions } from './sessions';
import type { Actor, Role } from './roles';

export type UserRow = {
  id: string;
  name: string;
  email: string;
  role: Role;
  countyName: string | null;
  verified: boolean;
  disabled: boolean;
  createdAt: Date;
};

/** The user list for admins: never a password hash. */
export async function listUsers(actor: Actor): Promise<UserRow[]> {
  await authorize(actor, 'user.change_role');
  const db = await getDb();
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      countyName: counties.name,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      disabled: sql<boolean>`${users.disabledAt} is not null`,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(counties, eq(counties.fips, users.countyFips))
    .orderBy(asc(users.role), asc(users.name));
}

/** Changes a role (and county); the user's open sessions end so the new rights apply at once. */
export async function changeUserRole(actor: Actor, input: { userId: string; role: Role; countyFips?: string }): Promise<void> {
  if (input.userId === actor.id) throw new AppError('VALIDATION', 'You cannot change your own role. Ask another administrator.');
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'user.change_role', undefined, tx);
    const [before] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
    if (!before) throw notFoundError();
    const countyFips = input.role === 'county_official' ? (input.countyFips ?? null) : null;
    await tx
      .update(users)
      .set({ role: input.role, countyFips, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, input.userId));
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'user.role_changed',
      entityType: 'user',
      entityId: input.userId,
      before: { role: before.role, countyFips: before.countyFips },
      after: { role: input.role, countyFips },
    });
  });
}

export async function setUserDisabled(actor: Actor, userId: string, disabled: boolean): Promise<void> {
  if (userId === actor.id) throw new AppError('VALIDATION', 'You cannot disable your own account.');
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'user.disable', undefined, tx);
    const [row] = await tx
      .update(users)
      .set({ disabledAt: disabled ? new Date() : null, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!row) throw notFoundError();
    await recordAudit(tx, { actorUserId: actor.id, action: disabled ? 'user.disabled' : 'user.enabled', entityType: 'user', entityId: userId });
  });
}

/** Ends every session of the signed-in user (on all devices). */
export async function signOutEverywhere(actor: Actor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'account.manage_own', undefined, tx);
    await tx.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, actor.id));
    await revokeAllSessions(tx, actor.id);
    await recordAudit(tx, { actorUserId: actor.id, action: 'auth.sign_out_everywhere', entityType: 'user', entityId: actor.id });
  });
}
