import 'server-only';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { operationSignatories, ownerships, signatureAgreementAcceptances, signingLockouts, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { hasSecondFactor, isTotpCodeAlreadyUsed, verifySecondFactor } from '@/lib/auth/second-factor';
import { hasPasskey, parsePasskeyResponse, verifyPasskey } from '@/lib/auth/passkeys';
import { verifyPassword } from '@/lib/auth/passwords';
import type { Actor } from '@/lib/auth/roles';
import { publicOrigin } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { canonicalJson } from '@/lib/canonical-json';
import { createHash } from 'node:crypto';
import { SIGNATURE_AGREEMENT } from './agreement';
import { PLAN_CERTIFICATION, certificationSha256 } from './certification';

// The signing step (CROMERR 40 CFR 3.2000(b)(5)): at the moment of signing, the portal checks that
// this person may sign for the operation (the owner of record's own account, or one the owner named),
// that they accepted the electronic signature agreement, and that it is them: their password again
// and a code from their second factor, beyond the session they signed in with. The signature binds
// the signer, the time, the SHA-256 of exactly the document they read and the certification's version.
// Five wrong tries lock signing for the account for a while, and the account holder is emailed.

export const SIGNING_LOCK = { tries: 5, minutes: 30 } as const;

/** What the signatory types at the signing step, with what the page showed them. */
export type SignatureInput = { password: string; code: string; documentSha256: string; certificationVersion: string; passkey?: string };

/** A verified signature, ready to be written with the submission it signs. */
export type Signer = {
  userId: string;
  name: string;
  email: string;
  capacity: string;
  signedAt: Date;
  documentSha256: string;
  certificationVersion: string;
  certificationSha256: string;
  factor: 'password_and_authenticator' | 'password_and_recovery_code' | 'password_and_passkey';
};

/** Where the signatory stands before they can sign: each missing piece is named on the signing step. */
export type SigningReadiness = {
  /** The capacity they sign in ("Owner of record", or what the owner wrote), or null when they may not sign. */
  capacity: string | null;
  agreementAccepted: boolean;
  hasSecondFactor: boolean;
  /** A passkey can stand in for the code. */
  hasPasskey: boolean;
  lockedUntil: Date | null;
};

/** SHA-256 of the document a signatory reads and signs: the plan's content as checked, in canonical JSON (RFC 8785). */
export function signedDocumentSha256(doc: { kind: string; update: unknown; document: unknown }): string {
  const json = canonicalJson({ kind: doc.kind, update: doc.update ?? null, document: doc.document });
  if (json === undefined) throw new Error('The plan document has no JSON form.');
  return createHash('sha256').update(json, 'utf8').digest('hex');
}

/** The capacity in which this account may sign the operation's plans today, or null. */
export async function signingCapacity(db: Executor, userId: string, operationId: string): Promise<string | null> {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(ownerships, and(eq(ownerships.ownerId, users.partyId), isNull(ownerships.releasedOn)))
    .where(and(eq(users.id, userId), eq(users.role, 'owner'), isNull(users.disabledAt), eq(ownerships.operationId, operationId)))
    .limit(1);
  if (owner) return 'Owner of record';
  // Named by the current owner of record (one of its accounts), or recorded by the department on the
  // owner's written authority: a person a previous owner named does not sign for the new one.
  const namer = alias(users, 'namer');
  const [named] = await db
    .select({ capacity: operationSignatories.capacity })
    .from(operationSignatories)
    .innerJoin(namer, eq(namer.id, operationSignatories.namedByUserId))
    .innerJoin(ownerships, and(eq(ownerships.operationId, operationSignatories.operationId), isNull(ownerships.releasedOn)))
    .where(
      and(
        eq(operationSignatories.userId, userId),
        eq(operationSignatories.operationId, operationId),
        isNull(operationSignatories.revokedAt),
        or(eq(namer.partyId, ownerships.ownerId), inArray(namer.role, ['department_staff', 'department_supervisor', 'admin'])),
      ),
    )
    .limit(1);
  return named?.capacity ?? null;
}

async function lockedUntil(db: Executor, userId: string, now: Date): Promise<Date | null> {
  const [row] = await db.select({ lockedUntil: signingLockouts.lockedUntil }).from(signingLockouts).where(eq(signingLockouts.userId, userId));
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

export async function signingReadiness(actor: Actor, operationId: string, db?: Executor, now = new Date()): Promise<SigningReadiness> {
  const q = db ?? (await getDb());
  // One after another: inside a transaction (the signing step) the executor is one connection.
  const capacity = await signingCapacity(q, actor.id, operationId);
  const account = await accountSigningReadiness(actor, q, now);
  return { capacity, ...account };
}

/** The account's side of signing, whatever the operation: the agreement, a second factor, a lock. */
export async function accountSigningReadiness(actor: Actor, db?: Executor, now = new Date()): Promise<Omit<SigningReadiness, 'capacity'>> {
  const q = db ?? (await getDb());
  // One after another, as the executor may be a transaction's one connection.
  const agreement = await q
    .select({ id: signatureAgreementAcceptances.id })
    .from(signatureAgreementAcceptances)
    .where(and(eq(signatureAgreementAcceptances.userId, actor.id), eq(signatureAgreementAcceptances.version, SIGNATURE_AGREEMENT.version)))
    .limit(1);
  const factor = await hasSecondFactor(actor.id, q);
  const locked = await lockedUntil(q, actor.id, now);
  const passkey = await hasPasskey(actor.id, q);
  return { agreementAccepted: agreement.length > 0, hasSecondFactor: factor, hasPasskey: passkey, lockedUntil: locked };
}

export const NOT_A_SIGNATORY =
  'You can prepare this plan, but you may not sign it: the owner of record signs, or someone the owner names on the operation’s page. Send it to them to be signed.';
export const AGREEMENT_NEEDED = 'Accept the electronic signature agreement on your account page before you sign. It takes a minute, once.';
export const FACTOR_NEEDED =
  'Set up an authenticator app or a passkey on your account page before you sign: signing asks for your password and a code from the app, or your passkey.';
export const lockedWords = (until: Date) =>
  `Signing is locked for your account until ${formatDateTime(until)} after ${SIGNING_LOCK.tries} wrong tries. We emailed you about it. If it was not you, change your password and tell the department.`;

/** Refused credentials at signing: counted by the caller after its transaction rolls back. */
export class SigningCredentialsRefused extends AppError {
  constructor(readonly field: 'password' | 'code', message: string) {
    super('VALIDATION', message, { [field]: [message] });
  }
}

const SEALED = Symbol('verified signing credentials');

/**
 * A password and second-factor code checked at the signing step, once: what one signing session of a
 * batch (a consultant's "no change" statements) signs each filing with. Made only by
 * `verifySigningCredentials`; authority is still checked for each operation it signs for.
 */
export class VerifiedCredentials {
  private constructor(
    seal: symbol,
    readonly userId: string,
    readonly name: string,
    readonly email: string,
    readonly factor: Signer['factor'],
    readonly at: Date,
  ) {
    if (seal !== SEALED) throw new Error('Signing credentials are made by verifySigningCredentials only.');
  }
  static make(userId: string, name: string, email: string, factor: Signer['factor'], at: Date) {
    return new VerifiedCredentials(SEALED, userId, name, email, factor, at);
  }
}

/**
 * May this account sign for the operation now: a signatory, not locked, the agreement accepted, a
 * second factor set up. Returns the capacity they sign in; refuses in plain words otherwise.
 */
export async function requireSigningAuthority(tx: Executor, actor: Actor, operationId: string, now = new Date()): Promise<string> {
  const ready = await signingReadiness(actor, operationId, tx, now);
  if (!ready.capacity) throw new AppError('FORBIDDEN', NOT_A_SIGNATORY);
  if (ready.lockedUntil) throw new AppError('THROTTLED', lockedWords(ready.lockedUntil));
  if (!ready.agreementAccepted) throw new AppError('CONFLICT', AGREEMENT_NEEDED);
  if (!ready.hasSecondFactor) throw new AppError('CONFLICT', FACTOR_NEEDED);
  return ready.capacity;
}

/**
 * The signer's password again and a code from their second factor (a recovery code also does), in
 * the caller's transaction. A wrong one throws SigningCredentialsRefused, which the caller counts with
 * `countSigningFailure` once its transaction has rolled back.
 */
export async function verifySigningCredentials(
  tx: Executor,
  actor: Actor,
  input: { password: string; code: string; certificationVersion: string; passkey?: string },
  now = new Date(),
): Promise<VerifiedCredentials> {
  const locked = await lockedUntil(tx, actor.id, now);
  if (locked) throw new AppError('THROTTLED', lockedWords(locked));
  if (input.certificationVersion !== PLAN_CERTIFICATION.version) {
    throw new AppError('CONFLICT', 'The certification was updated while you were reading it. Read the new text on the signing step, then sign again.');
  }
  const [user] = await tx.select({ passwordHash: users.passwordHash, name: users.name, email: users.email }).from(users).where(eq(users.id, actor.id));
  if (!user || !(await verifyPassword(input.password, user.passwordHash))) {
    throw new SigningCredentialsRefused('password', 'That password is not right. Type the password you sign in with.');
  }
  if (input.passkey !== undefined) {
    const response = parsePasskeyResponse(input.passkey);
    if (!response || !(await verifyPasskey(actor.id, response, 'signing', tx, now))) {
      throw new SigningCredentialsRefused('code', 'Your passkey could not be checked. Try it again, or type a code from your authenticator app.');
    }
    await tx.delete(signingLockouts).where(eq(signingLockouts.userId, actor.id));
    return VerifiedCredentials.make(actor.id, user.name, user.email, 'password_and_passkey', now);
  }
  if (!input.code.trim()) throw new AppError('VALIDATION', 'Type the code from your authenticator app, or sign with a passkey.', { code: ['Type the code from your authenticator app'] });
  const factor = await verifySecondFactor(actor.id, input.code, tx, now);
  if (!factor && (await isTotpCodeAlreadyUsed(actor.id, input.code, tx, now))) {
    const message = 'That code was already used a moment ago (to sign in, or to sign). Wait for the next code your app shows, then sign with it.';
    throw new AppError('VALIDATION', message, { code: [message] });
  }
  if (!factor) {
    throw new SigningCredentialsRefused('code', 'That code is not right. Type the 6-digit code your authenticator app shows now, or one of your recovery codes.');
  }
  await tx.delete(signingLockouts).where(eq(signingLockouts.userId, actor.id));
  return VerifiedCredentials.make(actor.id, user.name, user.email, factor === 'totp' ? 'password_and_authenticator' : 'password_and_recovery_code', now);
}

/**
 * The signing step of one filing, inside the submission's transaction: authority for the operation,
 * the document the signer read (its SHA-256, as shown) against the one being filed, then the
 * credentials, unless a batch already verified them. Returns the signature to write, or the refusal
 * of wrong credentials (counted in this transaction, which the caller commits with nothing filed).
 */
export async function verifySigner(
  tx: Executor,
  actor: Actor,
  input: { signature: SignatureInput | VerifiedCredentials; operationId: string; actualDocumentSha256: string },
  now = new Date(),
): Promise<Signer | SigningRefusal> {
  const capacity = await requireSigningAuthority(tx, actor, input.operationId, now);
  const { signature } = input;
  if (!(signature instanceof VerifiedCredentials) && signature.documentSha256 !== input.actualDocumentSha256) {
    throw new AppError('CONFLICT', 'The plan changed since you read it (or a record it draws on did: a landowner’s statement, a reference value, the date), so its fingerprint is not the one shown. Read it again, then sign.');
  }
  const checked = signature instanceof VerifiedCredentials ? signature : await checkSigningCredentials(tx, actor, () => verifySigningCredentials(tx, actor, signature, now), now);
  if (isSigningRefusal(checked)) return checked;
  const credentials = checked;
  if (credentials.userId !== actor.id) throw new AppError('FORBIDDEN', NOT_A_SIGNATORY);
  return {
    userId: actor.id,
    name: credentials.name,
    email: credentials.email,
    capacity,
    signedAt: credentials.at,
    documentSha256: input.actualDocumentSha256,
    certificationVersion: PLAN_CERTIFICATION.version,
    certificationSha256: certificationSha256(),
    factor: credentials.factor,
  };
}

/** Wrong tries older than this no longer count toward the lock. */
const TRIES_FORGOTTEN_AFTER_HOURS = 24;

/**
 * Locks the account's signing-tries row for the rest of the caller's transaction and refuses while
 * signing is locked. Every check of a password and code at signing runs under this lock, so tries
 * sent at once are checked one after another, each seeing the count the one before left.
 */
export async function holdSigningTries(tx: Executor, actor: Actor, now = new Date()): Promise<void> {
  await tx.insert(signingLockouts).values({ userId: actor.id, failures: 0 }).onConflictDoNothing();
  const [row] = await tx.select({ lockedUntil: signingLockouts.lockedUntil }).from(signingLockouts).where(eq(signingLockouts.userId, actor.id)).for('update');
  if (row?.lockedUntil && row.lockedUntil > now) throw new AppError('THROTTLED', lockedWords(row.lockedUntil));
}

/**
 * Counts a wrong password or code at signing inside the caller's transaction, which then commits
 * with nothing filed (the caller returns the refusal rather than throwing it): audited, and the fifth
 * in a row (within a day) locks signing for SIGNING_LOCK.minutes, audited and emailed to the account
 * holder. Returns the message to show: the refusal with the tries left, or the lock.
 */
export async function recordSigningFailure(tx: Executor, actor: Actor, refusal: SigningCredentialsRefused, now = new Date()): Promise<AppError> {
  const stale = new Date(now.getTime() - TRIES_FORGOTTEN_AFTER_HOURS * 3_600_000);
  const [row] = await tx.select({ failures: signingLockouts.failures, lastFailureAt: signingLockouts.lastFailureAt }).from(signingLockouts).where(eq(signingLockouts.userId, actor.id)).for('update');
  const failures = (row && row.lastFailureAt && row.lastFailureAt > stale ? row.failures : 0) + 1;
  await tx
    .insert(signingLockouts)
    .values({ userId: actor.id, failures, lastFailureAt: now })
    .onConflictDoUpdate({ target: signingLockouts.userId, set: { failures, lastFailureAt: now, lockedUntil: null } });
  await recordAudit(tx, { actorUserId: actor.id, action: 'signing.refused', entityType: 'user', entityId: actor.id, after: { field: refusal.field, failures } });
  if (failures < SIGNING_LOCK.tries) {
    const left = SIGNING_LOCK.tries - failures;
    return new AppError('VALIDATION', `${refusal.message} ${left === 1 ? 'One more wrong try locks' : `${left} more wrong tries lock`} signing for ${SIGNING_LOCK.minutes} minutes.`, refusal.fieldErrors);
  }
  const until = new Date(now.getTime() + SIGNING_LOCK.minutes * 60_000);
  await tx.update(signingLockouts).set({ failures: 0, lockedUntil: until }).where(eq(signingLockouts.userId, actor.id));
  await recordAudit(tx, { actorUserId: actor.id, action: 'signing.locked', entityType: 'user', entityId: actor.id, after: { lockedUntil: until.toISOString(), tries: SIGNING_LOCK.tries } });
  const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, actor.id));
  if (user) {
    await enqueueEmail(tx, {
      eventKey: `user:${actor.id}:signing-locked:${now.getTime()}`,
      recipients: [{ address: user.email, userId: actor.id }],
      template: 'signing-locked',
      props: { name: user.name, at: now.toISOString(), lockedUntil: until.toISOString(), tries: SIGNING_LOCK.tries, accountUrl: `${publicOrigin()}/account` },
    });
  }
  return new AppError('THROTTLED', lockedWords(until));
}

/** A refusal of the credentials, to be returned from a transaction that then commits its count. */
export type SigningRefusal = { refused: AppError };

/**
 * Checks the credentials inside the caller's transaction, under the account's signing-tries lock:
 * a wrong password or code is counted in that same transaction and returned (not thrown), so the
 * caller commits the count with nothing else done and answers with the refusal.
 */
export async function checkSigningCredentials<T>(tx: Executor, actor: Actor, check: () => Promise<T>, now = new Date()): Promise<T | SigningRefusal> {
  await holdSigningTries(tx, actor, now);
  try {
    return await check();
  } catch (err) {
    if (err instanceof SigningCredentialsRefused) return { refused: await recordSigningFailure(tx, actor, err, now) };
    throw err;
  }
}

export const isSigningRefusal = (v: unknown): v is SigningRefusal => typeof v === 'object' && v !== null && 'refused' in v && (v as SigningRefusal).refused instanceof AppError;
