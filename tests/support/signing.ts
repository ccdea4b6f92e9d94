// Signing for tests and drills, as a signatory would: an account with a password, the electronic
// signature agreement accepted and an authenticator set up; then, for each filing, the password, a
// second factor (a fresh recovery code, so two filings in the same 30 seconds each have a valid one)
// and the SHA-256 the signing step shows for the plan as it stands.
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { recoveryCodes, signatureAgreementAcceptances, userSecondFactors, users } from '@/db/schema';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';
import type { Actor } from '@/lib/auth/roles';
import { encryptTotpSecret, hashRecoveryCode, newRecoveryCodes, newTotpSecret } from '@/lib/auth/totp';
import { signingPreview } from '@/lib/plans/signing';
import { submitPlan } from '@/lib/plans/submit';
import type { SignatureInput } from '@/lib/signing/ceremony';
import { SIGNATURE_AGREEMENT, agreementSha256 } from '@/lib/signing/agreement';
import { PLAN_CERTIFICATION } from '@/lib/signing/certification';

/** The password given to an account that has none when it is made ready to sign. */
export const TEST_SIGNING_PASSWORD = 'a signing password for tests';
/** The demo accounts' password (README). */
const KNOWN_PASSWORDS = [TEST_SIGNING_PASSWORD, 'demo-password-1'];

const ready = new Map<string, string>();

/**
 * Makes the account ready to sign and returns its password: one is set when it has none; an
 * existing one must be `password` or a known test password. Accepts the agreement and sets up an
 * authenticator (with a secret nobody holds: tests sign with recovery codes).
 */
export async function readyToSign(actor: Pick<Actor, 'id'>, password?: string): Promise<string> {
  const known = ready.get(actor.id);
  if (known) return known;
  const db = await getDb();
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.id));
  if (!user) throw new Error(`No account ${actor.id}`);
  let chosen: string | undefined;
  if (!user.passwordHash) {
    chosen = password ?? TEST_SIGNING_PASSWORD;
    await db.update(users).set({ passwordHash: await hashPassword(chosen) }).where(eq(users.id, actor.id));
  } else {
    for (const p of password ? [password] : KNOWN_PASSWORDS) if (await verifyPassword(p, user.passwordHash)) chosen = p;
    if (!chosen) throw new Error('readyToSign: the account has a password the test did not give');
  }
  await db
    .insert(signatureAgreementAcceptances)
    .values({ userId: actor.id, version: SIGNATURE_AGREEMENT.version, textSha256: agreementSha256() })
    .onConflictDoNothing();
  const [factor] = await db.select({ id: userSecondFactors.id }).from(userSecondFactors).where(and(eq(userSecondFactors.userId, actor.id), eq(userSecondFactors.kind, 'totp')));
  if (!factor) await db.insert(userSecondFactors).values({ userId: actor.id, kind: 'totp', secretEncrypted: encryptTotpSecret(newTotpSecret(), actor.id), confirmedAt: new Date() });
  ready.set(actor.id, chosen);
  return chosen;
}

/** A one-time recovery code for the account, as if from the list given at enrolment. */
export async function freshRecoveryCode(actor: Pick<Actor, 'id'>): Promise<string> {
  const [code] = newRecoveryCodes(1);
  const db = await getDb();
  await db.insert(recoveryCodes).values({ userId: actor.id, codeHash: hashRecoveryCode(code!) });
  return code!;
}

/** The signing step for `planId` as it stands, by `actor`: what submitPlan needs as `signature`. */
export async function signatureFor(actor: Actor, planId: string, today: string, password?: string): Promise<SignatureInput> {
  const pass = await readyToSign(actor, password);
  const preview = await signingPreview(actor, planId, today);
  return {
    password: pass,
    code: await freshRecoveryCode(actor),
    // A plan with something missing has no fingerprint; submitPlan then names what is missing.
    documentSha256: preview.documentSha256 ?? '0'.repeat(64),
    certificationVersion: PLAN_CERTIFICATION.version,
  };
}

/** The batch signing step of "no change" statements: password, code and certification. */
export async function batchSigningFor(actor: Actor, password?: string): Promise<{ password: string; code: string; certificationVersion: string; certify: true }> {
  const pass = await readyToSign(actor, password);
  return { password: pass, code: await freshRecoveryCode(actor), certificationVersion: PLAN_CERTIFICATION.version, certify: true };
}

/** A signature no one can have made: for calls that must be refused before the signing step. */
export const NO_SIGNATURE: SignatureInput = { password: 'not checked', code: '000000', documentSha256: '0'.repeat(64), certificationVersion: PLAN_CERTIFICATION.version };

/** Signs and submits, as the signatory does on the plan's signing step. */
export async function submitSigned(actor: Actor, input: { planId: string; version: number; idempotencyKey: string }, ctx: { today: string; origin: string }, password?: string) {
  return submitPlan(actor, { ...input, signature: await signatureFor(actor, input.planId, ctx.today, password) }, ctx);
}
