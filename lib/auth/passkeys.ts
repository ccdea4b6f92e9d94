import 'server-only';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, isNotNull } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { passkeys, recoveryCodes, userSecondFactors, webauthnChallenges } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { publicOrigin } from '@/lib/env';
import { AppError, notFoundError } from '@/lib/errors';
import { authorize } from './policy';
import type { Actor } from './roles';
import { hasSecondFactor, issueRecoveryCodes, noticeSecondFactorChange, verifySecondFactor } from './second-factor';
import { requirePasswordAgain } from './password-again';

// Passkeys (WebAuthn, through the maintained @simplewebauthn/server): a second factor beside the
// authenticator app, asked at sign-in and at the signing step. The relying party is the portal's
// configured public address (never a request header): its host name is the RP ID, its origin the
// only origin accepted. A challenge is kept per account and purpose for five minutes and taken once.

export type PasskeyPurpose = 'register' | 'sign_in' | 'signing' | 'step_up';
const CHALLENGE_MINUTES = 5;
const RP_NAME = 'Iowa MMP Portal';

// The WebAuthn library (with its CBOR and crypto code) is loaded with the first passkey ceremony, not
// with every page that links to one: most sign-ins use a password and an app code.
let webauthn: Promise<typeof import('@simplewebauthn/server')> | undefined;
const loadWebauthn = () =>
  (webauthn ??= import('@simplewebauthn/server').catch((err: unknown) => {
    webauthn = undefined;
    throw err;
  }));

function relyingParty(): { rpID: string; origin: string } {
  const url = new URL(publicOrigin());
  return { rpID: url.hostname, origin: url.origin };
}

async function keepChallenge(db: Executor, userId: string, purpose: PasskeyPurpose, challenge: string): Promise<void> {
  const expiresAt = new Date(Date.now() + CHALLENGE_MINUTES * 60_000);
  await db
    .insert(webauthnChallenges)
    .values({ userId, purpose, challenge, expiresAt })
    .onConflictDoUpdate({ target: [webauthnChallenges.userId, webauthnChallenges.purpose], set: { challenge, expiresAt } });
}

/** The live challenge of this purpose, taken (deleted) as it is read: a response answers it once. */
async function takeChallenge(tx: Executor, userId: string, purpose: PasskeyPurpose): Promise<string | null> {
  const [row] = await tx
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, new Date())))
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

export type PasskeySummary = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null };

export async function listPasskeys(userId: string, db?: Executor): Promise<PasskeySummary[]> {
  const q = db ?? (await getDb());
  return q.select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt }).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function hasPasskey(userId: string, db?: Executor): Promise<boolean> {
  const q = db ?? (await getDb());
  const [row] = await q.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return (row?.n ?? 0) > 0;
}

/** Options for the browser to make a new passkey for the signed-in account. */
export async function startPasskeyRegistration(actor: Actor): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const db = await getDb();
  await authorize(actor, 'account.manage_own', undefined, db);
  const existing = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, actor.id));
  const { rpID } = relyingParty();
  const options = await (await loadWebauthn()).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: actor.email,
    userDisplayName: actor.name,
    userID: new TextEncoder().encode(actor.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: (c.transports ?? undefined) as AuthenticatorTransport[] | undefined })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  await keepChallenge(db, actor.id, 'register', options.challenge);
  return options;
}

/**
 * Proof that the account holder, not just their session, adds a factor to an account that has one:
 * a code from the app (or a recovery code) where the account has an app, else an answer from one of
 * its passkeys ('step_up'). Nothing is asked of an account without a factor yet.
 */
export async function requireExistingFactor(tx: Executor, userId: string, input: { code?: string; stepUp?: string }): Promise<void> {
  const [app] = await tx.select({ id: userSecondFactors.id }).from(userSecondFactors).where(and(eq(userSecondFactors.userId, userId), isNotNull(userSecondFactors.confirmedAt)));
  if (app) {
    if (!(await verifySecondFactor(userId, input.code ?? '', tx))) {
      throw new AppError('VALIDATION', 'Type a current code from your authenticator app (or a recovery code): adding a factor asks for the one you have.', { code: ['Type the code your app shows now'] });
    }
    return;
  }
  if (!(await hasPasskey(userId, tx))) return;
  const answer = parsePasskeyResponse(input.stepUp);
  if (!answer || !(await verifyPasskey(userId, answer, 'step_up', tx))) {
    throw new AppError('VALIDATION', 'Use one of your passkeys first: adding a factor asks for the one you have.');
  }
}

/** Options for the browser to answer with one of the account's passkeys before a factor is added; null without one. */
export async function stepUpOptions(actor: Actor): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  return passkeyRequestOptions(actor.id, 'step_up');
}

/**
 * Keeps the passkey the browser made, once its response answers the challenge: the password is asked
 * again (wrong ones count in the sign-in throttle of this session) and, where the account has a
 * factor, that factor too. The account holder is emailed. A passkey that is the account's first
 * factor comes with ten recovery codes, returned to be shown this once (as with an authenticator
 * app): they stand in for the passkey if its device is lost. Otherwise `recoveryCodes` is null.
 */
export async function finishPasskeyRegistration(
  actor: Actor,
  input: { response: RegistrationResponseJSON; name: string; password: string; code?: string; stepUp?: string },
  ip: string | null,
): Promise<PasskeySummary & { recoveryCodes: string[] | null }> {
  await requirePasswordAgain(actor, input.password);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'account.manage_own', undefined, tx);
    await requireExistingFactor(tx, actor.id, input);
    const first = !(await hasSecondFactor(actor.id, tx));
    const challenge = await takeChallenge(tx, actor.id, 'register');
    if (!challenge) throw new AppError('CONFLICT', 'Adding the passkey took too long. Start again.');
    const { rpID, origin } = relyingParty();
    const result = await (await loadWebauthn()).verifyRegistrationResponse({ response: input.response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true }).catch(() => null);
    if (!result?.verified) throw new AppError('VALIDATION', 'Your device’s answer could not be checked, so no passkey was added. Try again.');
    const { credential } = result.registrationInfo;
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: actor.id, credentialId: credential.id, publicKey: Buffer.from(credential.publicKey).toString('base64url'), counter: credential.counter,
        transports: credential.transports ?? null, name: input.name,
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt });
    if (!row) throw new AppError('CONFLICT', 'This passkey is already on an account.');
    const codes = first ? await issueRecoveryCodes(tx, actor.id) : null;
    await recordAudit(tx, {
      actorUserId: actor.id, action: 'auth.second_factor_enrolled', entityType: 'user', entityId: actor.id,
      after: { kind: 'passkey', passkeyId: row.id, name: row.name, ...(codes ? { recoveryCodes: codes.length } : {}) }, ipAddress: ip,
    });
    await noticeSecondFactorChange(tx, actor, 'enrolled');
    return { ...row, recoveryCodes: codes };
  });
}

/** Removes one of the account's passkeys; the password is asked again (wrong ones count in this session's sign-in throttle). */
export async function removePasskey(actor: Actor, input: { id: string; password: string }, ip: string | null): Promise<void> {
  await requirePasswordAgain(actor, input.password);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'account.manage_own', undefined, tx);
    const [gone] = await tx.delete(passkeys).where(and(eq(passkeys.id, input.id), eq(passkeys.userId, actor.id))).returning({ name: passkeys.name });
    if (!gone) throw notFoundError();
    // The recovery codes go with the account's last factor: a code must never sign in an account that asks for none.
    if (!(await hasSecondFactor(actor.id, tx))) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, actor.id));
    await recordAudit(tx, { actorUserId: actor.id, action: 'auth.second_factor_removed', entityType: 'user', entityId: actor.id, before: { kind: 'passkey', passkeyId: input.id, name: gone.name }, ipAddress: ip });
    await noticeSecondFactorChange(tx, actor, 'removed');
  });
}

/** Options for the browser to answer with one of the account's passkeys, for sign-in or the signing step; null without one. */
export async function passkeyRequestOptions(userId: string, purpose: Exclude<PasskeyPurpose, 'register'>, db?: Executor): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const q = db ?? (await getDb());
  const mine = await q.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  if (!mine.length) return null;
  const { rpID } = relyingParty();
  const options = await (await loadWebauthn()).generateAuthenticationOptions({
    rpID,
    allowCredentials: mine.map((c) => ({ id: c.id, transports: (c.transports ?? undefined) as AuthenticatorTransport[] | undefined })),
    userVerification: 'required',
  });
  await keepChallenge(q, userId, purpose, options.challenge);
  return options;
}

/** Parses what the browser sent as a passkey's answer; null when it is not one. */
export function parsePasskeyResponse(raw: string | null | undefined): AuthenticationResponseJSON | null {
  if (!raw || raw.length > 16_000) return null;
  try {
    const value = JSON.parse(raw) as AuthenticationResponseJSON;
    return value && typeof value.id === 'string' && typeof value.response === 'object' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Checks a passkey's answer to the account's live challenge of this purpose, inside the caller's
 * transaction: the credential must be the account's, the signature valid, the user verified, and the
 * counter (when the authenticator keeps one) moved on. True when it was.
 */
export async function verifyPasskey(userId: string, response: AuthenticationResponseJSON, purpose: Exclude<PasskeyPurpose, 'register'>, tx: Executor, at = new Date()): Promise<boolean> {
  const challenge = await takeChallenge(tx, userId, purpose);
  if (!challenge) return false;
  const [key] = await tx.select().from(passkeys).where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, response.id))).for('update');
  if (!key) return false;
  const { rpID, origin } = relyingParty();
  const result = await (await loadWebauthn()).verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
    credential: { id: key.credentialId, publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')), counter: key.counter, transports: (key.transports ?? undefined) as AuthenticatorTransport[] | undefined },
  }).catch(() => null);
  if (!result?.verified) return false;
  await tx.update(passkeys).set({ counter: result.authenticationInfo.newCounter, lastUsedAt: at }).where(eq(passkeys.id, key.id));
  return true;
}
