import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { counties, parties, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { AppError, pgErrorCode } from '@/lib/errors';
import { publicOrigin } from '@/lib/env';
import { enqueueEmail } from '@/lib/notifications/outbox';
import type { InviteInput, RegisterInput, RegisterPreparerInput } from '@/lib/validation/accounts';
import { normalizeEmail } from './credentials';
import { hashPassword } from './passwords';
import { authorize } from './policy';
import { revokeAllSessions } from './sessions';
import { clearFailedAttempts } from './throttle';
import type { Actor } from './roles';
import { consumeToken, issueToken } from './tokens';

const emailTaken = () =>
  new AppError('CONFLICT', 'An account already uses that email address.', { email: ['An account already uses this email. Sign in, or reset your password.'] });

async function findUserByEmail(email: string) {
  const db = await getDb();
  const [u] = await db.select().from(users).where(eq(sql`lower(${users.email})`, normalizeEmail(email))).limit(1);
  return u ?? null;
}

/**
 * An owner registers: the account exists at once but signs in only after confirming the email.
 * The page answers the same whether or not the address already has an account (so it cannot be
 * used to find out who has one), and does the same work either way: the password is hashed and
 * one email is queued. The address's owner learns which it was from that email.
 */
export async function registerOwner(input: RegisterInput, origin: string): Promise<void> {
  return registerAccount({ role: 'owner', name: input.name, email: input.email, password: input.password, partyName: input.organization || input.name, partyKind: input.organization ? 'organization' : 'person' }, origin);
}

/**
 * A consultant registers a preparer account on their own, with the firm's name; owners then grant
 * it access (nothing is visible to it until they do). Same answer and work as an owner's registration.
 */
export async function registerPreparer(input: RegisterPreparerInput, origin: string): Promise<void> {
  return registerAccount({ role: 'preparer', name: `${input.name} (${input.firm})`, email: input.email, password: input.password }, origin);
}

type NewAccount = { role: 'owner' | 'preparer'; name: string; email: string; password: string; partyName?: string; partyKind?: 'person' | 'organization' };

async function registerAccount(input: NewAccount, origin: string): Promise<void> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const existing = await findUserByEmail(email);
  if (existing) return noticeExistingAccount(existing, origin);
  try {
    await db.transaction(async (tx) => {
      // An owner speaks for a party (the owner of record); a preparer acts for others and has none.
      const [party] = input.role === 'owner'
        ? await tx.insert(parties).values({ kind: input.partyKind ?? 'person', name: input.partyName ?? input.name, email }).returning({ id: parties.id })
        : [null];
      const [user] = await tx
        .insert(users)
        .values({ email, name: input.name, role: input.role, partyId: party?.id ?? null, passwordHash })
        .returning({ id: users.id });
      const { token, expiresAt } = await issueToken(tx, { kind: 'verify_email', email, userId: user!.id });
      await recordAudit(tx, { actorUserId: user!.id, action: 'user.registered', entityType: 'user', entityId: user!.id, after: { email, role: input.role } });
      await enqueueEmail(tx, {
        eventKey: `user:${user!.id}:verify:${expiresAt.getTime()}`,
        recipients: [{ address: email, userId: user!.id }],
        template: 'verify-email',
        props: { name: input.name, verifyUrl: `${origin}/verify-email?token=${token}`, expiresAt: expiresAt.toISOString() },
      });
    });
  } catch (err) {
    // Two registrations of one address at once: the loser is told by email like any other.
    if (pgErrorCode(err) !== '23505') throw err;
    const winner = await findUserByEmail(email);
    if (winner) await noticeExistingAccount(winner, origin);
  }
}

async function noticeExistingAccount(user: { id: string; email: string; name: string }, origin: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await recordAudit(tx, { actorUserId: null, action: 'user.registration_refused_existing', entityType: 'user', entityId: user.id });
    await enqueueEmail(tx, {
      eventKey: `user:${user.id}:registration-attempt:${Date.now()}`,
      recipients: [{ address: user.email, userId: user.id }],
      template: 'account-notice',
      props: { kind: 'registration_with_existing_account', name: user.name, ...accountLinks(origin) },
    });
  });
}

function accountLinks(origin: string) {
  return { signInUrl: `${origin}/sign-in`, resetUrl: `${origin}/forgot-password`, registerUrl: `${origin}/register` };
}

export async function verifyEmail(token: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await consumeToken(tx, 'verify_email', token);
    if (!row?.userId) return false;
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, row.userId));
    await recordAudit(tx, { actorUserId: row.userId, action: 'user.email_verified', entityType: 'user', entityId: row.userId });
    return true;
  });
}

/**
 * Always answers the same way, whether or not the address has an account, and queues one email
 * either way: the reset link, or a note that no account uses the address.
 */
export async function requestPasswordReset(emailInput: string, origin: string): Promise<void> {
  const email = normalizeEmail(emailInput);
  const user = await findUserByEmail(email);
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (!user || user.disabledAt) {
      await enqueueEmail(tx, {
        eventKey: `address:${email}:reset-no-account:${Date.now()}`,
        recipients: [{ address: email }],
        template: 'account-notice',
        props: { kind: 'reset_without_account', ...accountLinks(origin) },
      });
      return;
    }
    const { token, expiresAt } = await issueToken(tx, { kind: 'password_reset', email: user.email, userId: user.id });
    await enqueueEmail(tx, {
      eventKey: `user:${user.id}:reset:${expiresAt.getTime()}`,
      recipients: [{ address: user.email, userId: user.id }],
      template: 'password-reset',
      props: { name: user.name, resetUrl: `${origin}/reset-password?token=${token}`, expiresAt: expiresAt.toISOString() },
    });
  });
}

/**
 * Sets a new password from a reset link; every older session of the account stops working, and the
 * account holder is emailed that the password changed, with what to do if it was not them.
 */
export async function resetPassword(token: string, password: string, origin = publicOrigin(), at = new Date()): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await consumeToken(tx, 'password_reset', token);
    if (!row?.userId) return false;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, email: users.email, name: users.name });
    if (user) {
      await enqueueEmail(tx, {
        eventKey: `user:${user.id}:password-changed:${at.getTime()}`,
        recipients: [{ address: user.email, userId: user.id }],
        template: 'password-changed',
        props: { name: user.name, at: at.toISOString(), resetUrl: accountLinks(origin).resetUrl, signInUrl: accountLinks(origin).signInUrl },
      });
    }
    await revokeAllSessions(tx, row.userId);
    // The reset is the way back in that always works: earlier failed sign-ins no longer slow it.
    await clearFailedAttempts(tx, row.email);
    await recordAudit(tx, { actorUserId: row.userId, action: 'user.password_reset', entityType: 'user', entityId: row.userId });
    return true;
  });
}

/** An admin invites department, county, preparer or admin accounts by emailed link. */
export async function inviteUser(actor: Actor, input: InviteInput, origin: string): Promise<void> {
  if (await findUserByEmail(input.email)) throw emailTaken();
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'user.invite', undefined, tx);
    if (input.countyFips) {
      const [county] = await tx.select({ fips: counties.fips }).from(counties).where(eq(counties.fips, input.countyFips));
      if (!county) throw new AppError('VALIDATION', 'Choose one of Iowa’s 99 counties.', { countyFips: ['Choose one of Iowa’s 99 counties'] });
    }
    const email = normalizeEmail(input.email);
    const { token, expiresAt } = await issueToken(tx, {
      kind: 'invitation', email, role: input.role, countyFips: input.countyFips ?? null, name: input.name, createdByUserId: actor.id,
    });
    await recordAudit(tx, { actorUserId: actor.id, action: 'user.invited', entityType: 'invitation', entityId: email, after: { role: input.role, countyFips: input.countyFips ?? null } });
    await enqueueEmail(tx, {
      eventKey: `invitation:${email}:${expiresAt.getTime()}`,
      recipients: [{ address: email }],
      template: 'account-invitation',
      props: { inviteeName: input.name, role: input.role, invitedByName: actor.name, acceptUrl: `${origin}/accept-invitation?token=${token}`, expiresAt: expiresAt.toISOString() },
    });
  });
}

export async function acceptInvitation(input: { token: string; name: string; password: string }): Promise<boolean> {
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const row = await consumeToken(tx, 'invitation', input.token);
      if (!row?.role) return false;
      const [user] = await tx
        .insert(users)
        .values({ email: row.email, name: input.name, role: row.role, countyFips: row.countyFips, passwordHash, emailVerifiedAt: new Date() })
        .returning({ id: users.id });
      await recordAudit(tx, { actorUserId: user!.id, action: 'user.invitation_accepted', entityType: 'user', entityId: user!.id, after: { role: row.role, countyFips: row.countyFips } });
      return true;
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw emailTaken();
    throw err;
  }
}
