import 'server-only';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { passkeys, recoveryCodes, userSecondFactors, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { AppError, notFoundError } from '@/lib/errors';
import { publicOrigin } from '@/lib/env';
import { enqueueEmail } from '@/lib/notifications/outbox';
import type { SecondFactorChange } from '@/lib/mail/templates';
import { authorize } from './policy';
import type { Actor, Role } from './roles';
import { checkTotpCode, decryptTotpSecret, hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './totp';

// The second sign-in factor: what sign-in (lib/auth/credentials) and, later, a signing step ask.
// Enrolment by the account holder is in ./second-factor-enrolment.

/** Department staff and the administrator are asked to set one up (issue 27: CROMERR credentials). */
export const SECOND_FACTOR_EXPECTED: readonly Role[] = ['department_staff', 'department_supervisor', 'admin'];

export type SecondFactorStatus = { enrolled: boolean; confirmedAt: Date | null; lastUsedAt: Date | null; recoveryCodesLeft: number };

/** Does the account have a confirmed second factor, an authenticator app or a passkey (so sign-in and signing must ask for it)? */
export async function hasSecondFactor(userId: string, db?: Executor): Promise<boolean> {
  const q = db ?? (await getDb());
  // One statement: staff pages ask this on every request (lib/auth/session.ts).
  const [row] = await q
    .select({
      enrolled: sql<boolean>`exists (select 1 from ${userSecondFactors} where ${userSecondFactors.userId} = ${userId} and ${userSecondFactors.confirmedAt} is not null)
        or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.enrolled === true;
}

export async function getSecondFactorStatus(userId: string, db?: Executor): Promise<SecondFactorStatus> {
  const q = db ?? (await getDb());
  const [factor] = await q
    .select({ confirmedAt: userSecondFactors.confirmedAt, lastUsedAt: userSecondFactors.lastUsedAt })
    .from(userSecondFactors)
    .where(and(eq(userSecondFactors.userId, userId), isNotNull(userSecondFactors.confirmedAt)))
    .limit(1);
  const [left] = await q.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  // Recovery codes come with the first factor, an app or a passkey, and go with the last one.
  return { enrolled: Boolean(factor), confirmedAt: factor?.confirmedAt ?? null, lastUsedAt: factor?.lastUsedAt ?? null, recoveryCodesLeft: left?.n ?? 0 };
}

/** Ten new recovery codes for the account, inside the caller's transaction; earlier ones stop working. Shown once: only their hashes are kept. */
export async function issueRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
  return codes;
}

/**
 * Checks a code against the account's confirmed factor, inside the caller's transaction: a current
 * authenticator code (not one used before: its time-step must be later than the last one taken), or
 * an unused recovery code, whether the account's factor is an app or only passkeys (marked used, with
 * the time: the account page counts those left). Returns
 * which one was taken, or null. The caller counts a null as a failed attempt.
 */
export async function verifySecondFactor(userId: string, code: string, tx: Executor, at = new Date()): Promise<'totp' | 'recovery' | null> {
  const typed = code.trim();
  if (!typed || typed.length > 40) return null;
  // No row lock is held while the code is checked: each take below is one conditional UPDATE, so two
  // requests with the same code cannot both succeed, and one account's filings do not wait on each other.
  const [factor] = await tx
    .select()
    .from(userSecondFactors)
    .where(and(eq(userSecondFactors.userId, userId), isNotNull(userSecondFactors.confirmedAt)));
  if (/^[\d\s]+$/.test(typed)) {
    if (!factor) return null;
    const step = checkTotpCode(decryptTotpSecret(factor.secretEncrypted, userId), typed, at, factor.lastUsedStep);
    if (step === null) return null;
    // Taken only if no request has taken this step (or a later one) meanwhile.
    const [taken] = await tx
      .update(userSecondFactors)
      .set({ lastUsedStep: step, lastUsedAt: at })
      .where(and(eq(userSecondFactors.id, factor.id), sql`(${userSecondFactors.lastUsedStep} is null or ${userSecondFactors.lastUsedStep} < ${step})`))
      .returning({ id: userSecondFactors.id });
    return taken ? 'totp' : null;
  }
  if (!looksLikeRecoveryCode(typed)) return null;
  const [used] = await tx
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(typed)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used ? 'recovery' : null;
}

/**
 * Is this a current authenticator code that was already taken (to sign in, or to sign a moment ago)?
 * Then it is no guess: the person should wait for the app's next code, and it is not counted.
 */
export async function isTotpCodeAlreadyUsed(userId: string, code: string, db: Executor, at = new Date()): Promise<boolean> {
  const typed = code.trim();
  if (!/^[\d\s]+$/.test(typed) || typed.length > 40) return false;
  const [factor] = await db
    .select({ secretEncrypted: userSecondFactors.secretEncrypted, lastUsedStep: userSecondFactors.lastUsedStep })
    .from(userSecondFactors)
    .where(and(eq(userSecondFactors.userId, userId), isNotNull(userSecondFactors.confirmedAt)));
  if (!factor || factor.lastUsedStep === null) return false;
  const step = checkTotpCode(decryptTotpSecret(factor.secretEncrypted, userId), typed, at, null);
  return step !== null && step <= factor.lastUsedStep;
}

/** Tells the account holder, by email in the same transaction, that their second factor changed. */
export async function noticeSecondFactorChange(tx: Executor, user: { id: string; email: string; name: string }, change: SecondFactorChange, at = new Date()): Promise<void> {
  await enqueueEmail(tx, {
    eventKey: `user:${user.id}:second-factor:${change}:${at.getTime()}`,
    recipients: [{ address: user.email, userId: user.id }],
    template: 'second-factor-changed',
    props: { name: user.name, change, at: at.toISOString(), accountUrl: `${publicOrigin()}/account` },
  });
}

/** Removes every factor (the app, each passkey) and recovery code of an account, inside the caller's transaction. */
export async function deleteSecondFactor(tx: Executor, userId: string): Promise<boolean> {
  const removed = await tx.delete(userSecondFactors).where(eq(userSecondFactors.userId, userId)).returning({ confirmedAt: userSecondFactors.confirmedAt });
  const keys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return removed.some((r) => r.confirmedAt !== null) || keys.length > 0;
}

/**
 * An administrator resets the factor of someone who lost their phone and their recovery codes: the
 * account signs in with its password again until the person enrolls anew. Who and why are audited,
 * and the person's sessions end.
 */
export async function resetSecondFactor(actor: Actor, input: { userId: string; reason: string }): Promise<void> {
  if (input.userId === actor.id) throw new AppError('VALIDATION', 'You cannot reset your own second factor. Ask another administrator.');
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'user.reset_second_factor', undefined, tx);
    const [user] = await tx.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, input.userId)).for('update');
    if (!user) throw notFoundError();
    const had = await deleteSecondFactor(tx, input.userId);
    await tx.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, input.userId));
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'auth.second_factor_reset',
      entityType: 'user',
      entityId: input.userId,
      before: { secondFactor: had ? 'totp' : null },
      after: { secondFactor: null, reason: input.reason, resetBy: actor.email },
    });
    await noticeSecondFactorChange(tx, user, 'reset');
  });
}
