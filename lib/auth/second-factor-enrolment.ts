import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { recoveryCodes, userSecondFactors, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { verifyPassword } from './passwords';
import { authorize } from './policy';
import type { Actor } from './roles';
import { hasSecondFactor, issueRecoveryCodes, noticeSecondFactorChange, verifySecondFactor } from './second-factor';
import { requireExistingFactor } from './passkeys';
import { SECOND_FACTOR_WRONG } from './second-factor-words';
import { checkThrottle, recordAttempt, waitInWords } from './throttle';
import { checkTotpCode, decryptTotpSecret, encryptTotpSecret, newTotpSecret, totpQrDataUrl } from './totp';

// The account holder sets up, replaces the recovery codes of, or removes their own authenticator app.
// A code or password typed here is a guess like one at sign-in: wrong ones count in the same throttle,
// keyed to the account's session rather than to the network address, so a stolen session cannot try
// codes without limit, and these tries never slow anyone else's sign-in from the same address.
const throttleKey = (actor: Actor) => ({ email: actor.email.toLowerCase(), address: `session:${actor.id}` });

export type EnrolmentStart = { secret: string; qrDataUrl: string };

/**
 * Starts (or starts again) setting up an authenticator app: a new secret, kept encrypted and not yet
 * asked for at sign-in. The secret is shown now, for the QR code and for typing; never again.
 */
export async function startTotpEnrolment(actor: Actor): Promise<EnrolmentStart> {
  const db = await getDb();
  const secret = newTotpSecret();
  await db.transaction(async (tx) => {
    await authorize(actor, 'account.manage_own', undefined, tx);
    const [existing] = await tx.select().from(userSecondFactors).where(and(eq(userSecondFactors.userId, actor.id), eq(userSecondFactors.kind, 'totp'))).for('update');
    if (existing?.confirmedAt) throw new AppError('CONFLICT', 'Your account already has an authenticator app. Remove it first to set up another.');
    const secretEncrypted = encryptTotpSecret(secret, actor.id);
    if (existing) await tx.update(userSecondFactors).set({ secretEncrypted, lastUsedStep: null, createdAt: new Date() }).where(eq(userSecondFactors.id, existing.id));
    else await tx.insert(userSecondFactors).values({ userId: actor.id, kind: 'totp', secretEncrypted });
  });
  return { secret, qrDataUrl: await totpQrDataUrl(secret, actor.email) };
}

async function refuseWhileThrottled(db: Executor, actor: Actor): Promise<void> {
  const key = throttleKey(actor);
  const throttle = await checkThrottle(db, key.email, key.address);
  if (throttle.limited) throw new AppError('THROTTLED', `Too many wrong codes. For your security, wait ${waitInWords(throttle.retryAfterSeconds)} and try again.`);
}

async function refuseCode(db: Executor, actor: Actor, field = 'code'): Promise<never> {
  const key = throttleKey(actor);
  await recordAttempt(db, key.email, key.address, false);
  throw new AppError('VALIDATION', SECOND_FACTOR_WRONG, { [field]: ['Enter the code your app shows now'] });
}

/**
 * Finishes setting up: the current code from the app proves it holds the secret. From now on every
 * sign-in asks for a code. Returns the ten recovery codes, shown this once.
 */
export async function confirmTotpEnrolment(actor: Actor, input: { code: string; stepUp?: string }, ip: string, at = new Date()): Promise<string[]> {
  const db = await getDb();
  await refuseWhileThrottled(db, actor);
  const codes = await db.transaction(async (tx) => {
    await authorize(actor, 'account.manage_own', undefined, tx);
    // An account with passkeys proves it with one before an app is added beside them.
    await requireExistingFactor(tx, actor.id, { stepUp: input.stepUp });
    const [pending] = await tx
      .select()
      .from(userSecondFactors)
      .where(and(eq(userSecondFactors.userId, actor.id), eq(userSecondFactors.kind, 'totp'), isNull(userSecondFactors.confirmedAt)))
      .for('update');
    if (!pending) throw new AppError('CONFLICT', 'Start setting up the authenticator app again: this setup has ended or is already finished.');
    const step = checkTotpCode(decryptTotpSecret(pending.secretEncrypted, actor.id), input.code, at, null);
    if (step === null) return null;
    await tx.update(userSecondFactors).set({ confirmedAt: at, lastUsedStep: step, lastUsedAt: at }).where(eq(userSecondFactors.id, pending.id));
    const issued = await issueRecoveryCodes(tx, actor.id);
    await recordAudit(tx, { actorUserId: actor.id, action: 'auth.second_factor_enrolled', entityType: 'user', entityId: actor.id, after: { kind: 'totp', recoveryCodes: issued.length }, ipAddress: ip });
    await noticeSecondFactorChange(tx, actor, 'enrolled', at);
    return issued;
  });
  if (!codes) return refuseCode(db, actor);
  return codes;
}

/** New recovery codes for lost or used ones: a current code is asked, and the old codes stop working. */
export async function renewRecoveryCodes(actor: Actor, input: { code: string }, ip: string, at = new Date()): Promise<string[]> {
  const db = await getDb();
  await refuseWhileThrottled(db, actor);
  const codes = await db.transaction(async (tx) => {
    await authorize(actor, 'account.manage_own', undefined, tx);
    const method = await verifySecondFactor(actor.id, input.code, tx, at);
    if (!method) return null;
    const issued = await issueRecoveryCodes(tx, actor.id);
    await recordAudit(tx, { actorUserId: actor.id, action: 'auth.recovery_codes_renewed', entityType: 'user', entityId: actor.id, after: { with: method, recoveryCodes: issued.length }, ipAddress: ip });
    await noticeSecondFactorChange(tx, actor, 'recovery_codes_renewed', at);
    return issued;
  });
  if (!codes) return refuseCode(db, actor);
  return codes;
}

/** Removes the authenticator app: the password and a current code (or a recovery code) are asked. */
export async function removeOwnSecondFactor(actor: Actor, input: { password: string; code: string }, ip: string, at = new Date()): Promise<void> {
  const db = await getDb();
  await refuseWhileThrottled(db, actor);
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.id));
  if (!(await verifyPassword(input.password, user?.passwordHash))) {
    await recordAttempt(db, throttleKey(actor).email, throttleKey(actor).address, false);
    throw new AppError('VALIDATION', 'That password is not right.', { password: ['Enter the password you sign in with'] });
  }
  const removed = await db.transaction(async (tx) => {
    await authorize(actor, 'account.manage_own', undefined, tx);
    const method = await verifySecondFactor(actor.id, input.code, tx, at);
    if (!method) return false;
    // The app only: the account's passkeys stay until removed one by one, and so do the recovery
    // codes while a passkey remains (they stand in for it when its device is lost).
    await tx.delete(userSecondFactors).where(eq(userSecondFactors.userId, actor.id));
    if (!(await hasSecondFactor(actor.id, tx))) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, actor.id));
    await recordAudit(tx, { actorUserId: actor.id, action: 'auth.second_factor_removed', entityType: 'user', entityId: actor.id, before: { kind: 'totp' }, after: { with: method }, ipAddress: ip });
    await noticeSecondFactorChange(tx, actor, 'removed', at);
    return true;
  });
  if (!removed) await refuseCode(db, actor);
}
