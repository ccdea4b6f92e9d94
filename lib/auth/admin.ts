import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { getDb } from '@/lib/db';
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

export type PendingInvitation = { email: string; name: string | null; role: Role; countyName: string | null; invitedBy: string | null; sentAt: Date; expiresAt: Date };

/**
 * Invitations sent and not yet accepted, still within their days: the newest per address, none
 * for an address that has an account by now.
 */
export async function listPendingInvitations(actor: Actor, now = new Date()): Promise<PendingInvitation[]> {
  await authorize(actor, 'user.invite');
  const db = await getDb();
  return queryRows<PendingInvitation>(
    db,
    sql`select * from (
        select distinct on (lower(t.email)) t.email, t.name, t.role, c.name as "countyName", u.name as "invitedBy", t.created_at as "sentAt", t.expires_at as "expiresAt"
        from auth_tokens t left join counties c on c.fips = t.county_fips left join users u on u.id = t.created_by_user_id
        where t.kind = 'invitation' and t.used_at is null and t.expires_at > ${now.toISOString()}::timestamptz
          and not exists (select 1 from users x where lower(x.email) = lower(t.email))
        order by lower(t.email), t.created_at desc
      ) p order by "sentAt" desc`,
  );
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
