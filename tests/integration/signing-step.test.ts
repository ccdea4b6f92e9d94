import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, emailOutbox, operationSignatories, passkeys, planSignatures, planSubmissions, plans, recoveryCodes, signingLockouts, userSecondFactors } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { grantAccess } from '@/lib/auth/grants';
import { AppError } from '@/lib/errors';
import type { SnapshotV1 } from '@/lib/plans/document/snapshot';
import { SIGNING_LOCK, signedDocumentSha256 } from '@/lib/signing/ceremony';
import { verifySecondFactor } from '@/lib/auth/second-factor';
import { confirmTotpEnrolment, startTotpEnrolment } from '@/lib/auth/second-factor-enrolment';
import { finishPasskeyRegistration } from '@/lib/auth/passkeys';
import { encryptTotpSecret, newTotpSecret, totpCodeAt } from '@/lib/auth/totp';
import { uploadAttachment } from '@/lib/plans/attachments';
import { saveDraft } from '@/lib/plans/drafts';
import { requestSignature, signingPreview } from '@/lib/plans/signing';
import { startPlan } from '@/lib/plans/start';
import { submitPlan } from '@/lib/plans/submit';
import { SIGNATURE_AGREEMENT } from '@/lib/signing/agreement';
import type { SignatureInput } from '@/lib/signing/ceremony';
import { PLAN_CERTIFICATION, certificationSha256 } from '@/lib/signing/certification';
import { acceptSignatureAgreement, nameSignatory } from '@/lib/signing/signatories';
import { useAttachmentStorage } from '@/lib/storage';
import { LocalDiskStorage } from '@/lib/storage/local-disk';
import { freshRecoveryCode, readyToSign } from '../support/signing';
import { completeDraft, createOperation, createOwner, createUser } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// The signing step as a regulator would check it (CROMERR 40 CFR 3.2000(b)(5)): only someone who may
// sign for the operation signs; the signature binds the signer, their capacity, the SHA-256 of the
// document they read and the certification; it takes the password again and a second factor; wrong
// tries lock signing and tell the account holder; a one-time code signs once. Nothing refused is filed.

const TODAY = '2026-11-30';
const ctx = { today: TODAY, origin: 'http://portal.test' };
const PASSWORD = 'a long signing password';
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe(`the signing step on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;

  beforeAll(() => {
    useAttachmentStorage(new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'mmp-signing-'))));
  });

  /** A complete original plan for a new operation of `owner`, drafted by `drafter` (the owner by default). */
  async function completePlan(owner: Actor, drafter: Actor = owner) {
    const { operationId } = await createOperation(owner, { today: TODAY });
    if (drafter.id !== owner.id) await grantAccess(owner, { operationId, email: drafter.email });
    const { planId } = await startPlan(drafter, { operationId, kind: 'original' }, TODAY);
    const [row] = await db().select({ version: plans.version }).from(plans).where(eq(plans.id, planId));
    await saveDraft(drafter, { planId, version: row!.version, draft: completeDraft() });
    await uploadAttachment(drafter, { planId, kind: 'site_map', filename: 'site map.pdf', bytes: PDF });
    return { operationId, planId, version: await versionOf(planId) };
  }

  async function versionOf(planId: string) {
    const [row] = await db().select({ version: plans.version }).from(plans).where(eq(plans.id, planId));
    return row!.version;
  }

  async function submissionsOf(planId: string) {
    return db().select({ id: planSubmissions.id }).from(planSubmissions).where(eq(planSubmissions.planId, planId));
  }

  /** What the signer types on the signing step for the plan as it stands, with a fresh one-time code. */
  async function signature(signer: Actor, planId: string, password = PASSWORD): Promise<SignatureInput> {
    const preview = await signingPreview(signer, planId, TODAY);
    expect(preview.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    return { password, code: await freshRecoveryCode(signer), documentSha256: preview.documentSha256!, certificationVersion: PLAN_CERTIFICATION.version };
  }

  const file = (actor: Actor, plan: { planId: string; version: number }, sig: SignatureInput) =>
    submitPlan(actor, { planId: plan.planId, version: plan.version, idempotencyKey: randomUUID(), signature: sig }, ctx);

  it('a preparer the owner has not named may not sign; once named, they sign and file, and the signature names them, their capacity and the document they read', async () => {
    const owner = await createOwner({ name: 'Van Zee Farms Inc.', password: PASSWORD });
    const preparer = await createUser('preparer', { name: 'Jamie Becker', password: PASSWORD });
    await readyToSign(preparer, PASSWORD);
    const plan = await completePlan(owner, preparer);

    // Ready to sign in every other way (agreement, authenticator, password, code, the right SHA-256), but not named.
    expect((await signingPreview(preparer, plan.planId, TODAY)).readiness.capacity).toBeNull();
    const refused = await refusal(file(preparer, plan, await signature(preparer, plan.planId)));
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toMatch(/Send it to them to be signed/);
    expect(await submissionsOf(plan.planId)).toEqual([]);
    expect((await db().select({ status: plans.status }).from(plans).where(eq(plans.id, plan.planId)))[0]!.status).toBe('draft');

    await nameSignatory(owner, { operationId: plan.operationId, email: preparer.email, capacity: 'Preparer authorized by the owner' });
    const preview = await signingPreview(preparer, plan.planId, TODAY);
    expect(preview.readiness.capacity).toBe('Preparer authorized by the owner');
    const sig = await signature(preparer, plan.planId);
    const result = await file(preparer, plan, sig);
    expect(result).toMatchObject({ planId: plan.planId, replayed: false });

    const [row] = await db().select().from(planSignatures).where(eq(planSignatures.planSubmissionId, result.submissionId));
    expect(row).toMatchObject({
      signerUserId: preparer.id,
      signerName: 'Jamie Becker',
      signerEmail: preparer.email,
      capacity: 'Preparer authorized by the owner',
      documentSha256: preview.documentSha256,
      certificationVersion: PLAN_CERTIFICATION.version,
      certificationSha256: certificationSha256(),
      factor: 'password_and_recovery_code',
    });
    expect(sig.documentSha256).toBe(preview.documentSha256);

    const [submission] = await db().select().from(planSubmissions).where(eq(planSubmissions.id, result.submissionId));
    expect((submission!.snapshot as SnapshotV1).signature).toEqual({
      userId: preparer.id,
      name: 'Jamie Becker',
      email: preparer.email,
      capacity: 'Preparer authorized by the owner',
      signedAt: row!.signedAt.toISOString(),
      documentSha256: preview.documentSha256,
      certificationVersion: PLAN_CERTIFICATION.version,
      certificationSha256: certificationSha256(),
      factor: 'password_and_recovery_code',
      update: null,
    });
    // Anyone holding the frozen submission can recompute the SHA-256 the signer was shown.
    const frozen = submission!.snapshot as SnapshotV1;
    expect(signedDocumentSha256({ kind: frozen.kind, update: frozen.signature!.update, document: frozen.document })).toBe(preview.documentSha256);
    const signed = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'plan.signed'), eq(auditEvents.entityId, plan.planId)));
    expect(signed).toHaveLength(1);
    expect(signed[0]).toMatchObject({ actorUserId: preparer.id, after: { submissionId: result.submissionId, capacity: 'Preparer authorized by the owner', documentSha256: preview.documentSha256 } });
  });

  it('a SHA-256 that is not the plan as it stands is refused, and nothing is filed', async () => {
    const owner = await createOwner({ password: PASSWORD });
    await readyToSign(owner, PASSWORD);
    const plan = await completePlan(owner);
    const read = await signature(owner, plan.planId);

    // The plan changes after the signer read it (another tab, a colleague): the fingerprint they saw is not this plan's.
    const draft = completeDraft();
    draft.fields.fields[0]!.acres = '90';
    const saved = await saveDraft(owner, { planId: plan.planId, version: plan.version, draft });
    const now = { planId: plan.planId, version: saved.version };
    expect((await signingPreview(owner, plan.planId, TODAY)).documentSha256).not.toBe(read.documentSha256);

    const stale = await refusal(file(owner, now, read));
    expect(stale.code).toBe('CONFLICT');
    expect(stale.message).toMatch(/plan changed since you read it/);
    const made = await refusal(file(owner, now, { ...(await signature(owner, plan.planId)), documentSha256: 'f'.repeat(64) }));
    expect(made.code).toBe('CONFLICT');
    expect(await submissionsOf(plan.planId)).toEqual([]);
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'plan.signed'), eq(auditEvents.entityId, plan.planId)))).toEqual([]);
  });

  it('an account without the signature agreement, or without a second factor, is told what to do first', async () => {
    const owner = await createOwner({ password: PASSWORD });
    const plan = await completePlan(owner);
    const sig = () => signature(owner, plan.planId);

    const noAgreement = await refusal(file(owner, plan, await sig()));
    expect(noAgreement.code).toBe('CONFLICT');
    expect(noAgreement.message).toMatch(/Accept the electronic signature agreement on your account page/);

    await acceptSignatureAgreement(owner, { version: SIGNATURE_AGREEMENT.version, agree: true });
    const noFactor = await refusal(file(owner, plan, await sig()));
    expect(noFactor.code).toBe('CONFLICT');
    expect(noFactor.message).toMatch(/Set up an authenticator app or a passkey on your account page/);
    expect(await submissionsOf(plan.planId)).toEqual([]);
  });

  it('a wrong password says how many tries are left; the fifth in a row locks signing, is audited and emailed once, and then even the right credentials are refused', async () => {
    const owner = await createOwner({ password: PASSWORD });
    await readyToSign(owner, PASSWORD);
    const plan = await completePlan(owner);

    const left = ['4 more wrong tries lock', '3 more wrong tries lock', '2 more wrong tries lock', 'One more wrong try locks'];
    for (const words of left) {
      const wrong = await refusal(file(owner, plan, await signature(owner, plan.planId, 'not my password')));
      expect(wrong.code).toBe('VALIDATION');
      expect(wrong.fieldErrors?.password?.[0]).toMatch(/password is not right/);
      expect(wrong.message).toContain(`${words} signing for 30 minutes`);
    }
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'signing.locked'), eq(auditEvents.entityId, owner.id)))).toEqual([]);

    const fifth = await refusal(file(owner, plan, await signature(owner, plan.planId, 'not my password')));
    expect(fifth.code).toBe('THROTTLED');
    expect(fifth.message).toMatch(/Signing is locked for your account until .* after 5 wrong tries/);
    const locked = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'signing.locked'), eq(auditEvents.entityId, owner.id)));
    expect(locked).toHaveLength(1);
    expect(locked[0]).toMatchObject({ actorUserId: owner.id, after: { tries: 5 } });
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'signing-locked'));
    expect(mail.map((m) => [m.toAddress, m.toUserId])).toEqual([[owner.email, owner.id]]);

    // Locked: the right password and a good code do not sign either, and the code is not spent.
    const right = await signature(owner, plan.planId);
    const stillLocked = await refusal(file(owner, plan, right));
    expect(stillLocked.code).toBe('THROTTLED');
    expect(await submissionsOf(plan.planId)).toEqual([]);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'signing-locked'))).toHaveLength(1);
  });

  it('a recovery code signs once: the same code cannot sign another filing', async () => {
    const owner = await createOwner({ password: PASSWORD });
    await readyToSign(owner, PASSWORD);
    const first = await completePlan(owner);
    const second = await completePlan(owner);

    const sig = await signature(owner, first.planId);
    const filed = await file(owner, first, sig);
    const [row] = await db().select().from(planSignatures).where(eq(planSignatures.planSubmissionId, filed.submissionId));
    expect(row!.factor).toBe('password_and_recovery_code');

    const again = { ...(await signature(owner, second.planId)), code: sig.code };
    const reused = await refusal(file(owner, second, again));
    expect(reused.code).toBe('VALIDATION');
    expect(reused.fieldErrors?.code?.[0]).toMatch(/code is not right/);
    expect(await submissionsOf(second.planId)).toEqual([]);
    const unused = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, owner.id));
    expect(unused.filter((c) => c.usedAt !== null)).toHaveLength(1);

    // With a code not used before, the same signer files it.
    await expect(file(owner, second, await signature(owner, second.planId))).resolves.toMatchObject({ planId: second.planId, replayed: false });
  });
  it('a person named by someone other than the current owner (a previous owner, say) may not sign', async () => {
    const owner = await createOwner({ password: PASSWORD });
    const stranger = await createOwner({ name: 'A previous owner' });
    const manager = await createUser('preparer', { name: 'Former farm manager', password: PASSWORD });
    await readyToSign(manager, PASSWORD);
    const plan = await completePlan(owner, manager);
    await db().insert(operationSignatories).values({ operationId: plan.operationId, userId: manager.id, capacity: 'Farm manager', namedByUserId: stranger.id });
    expect((await signingPreview(manager, plan.planId, TODAY)).readiness.capacity).toBeNull();
    const refused = await refusal(file(manager, plan, await signature(manager, plan.planId)));
    expect(refused.code).toBe('FORBIDDEN');
    expect(await submissionsOf(plan.planId)).toEqual([]);
  });

  it('tries sent at once cannot pass the lock: they are checked one after another, and only five are ever checked', async () => {
    const owner = await createOwner({ password: PASSWORD });
    await readyToSign(owner, PASSWORD);
    const plan = await completePlan(owner);
    const wrong = await Promise.all(Array.from({ length: 7 }, async () => signature(owner, plan.planId, 'not my password')));
    const answers = await Promise.all(wrong.map((sig) => refusal(file(owner, plan, sig))));
    expect(answers.filter((a) => a.code === 'VALIDATION')).toHaveLength(SIGNING_LOCK.tries - 1);
    expect(answers.filter((a) => a.code === 'THROTTLED')).toHaveLength(7 - (SIGNING_LOCK.tries - 1));
    const checked = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'signing.refused'), eq(auditEvents.entityId, owner.id)));
    expect(checked).toHaveLength(SIGNING_LOCK.tries);
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'signing.locked'), eq(auditEvents.entityId, owner.id)))).toHaveLength(1);
    expect(await submissionsOf(plan.planId)).toEqual([]);
  });

  it('an authenticator code already taken (to sign in a moment ago) is refused as used, not counted as a wrong try', async () => {
    const owner = await createOwner({ password: PASSWORD });
    await readyToSign(owner, PASSWORD);
    const secret = newTotpSecret();
    await db().update(userSecondFactors).set({ secretEncrypted: encryptTotpSecret(secret, owner.id), lastUsedStep: null }).where(eq(userSecondFactors.userId, owner.id));
    const plan = await completePlan(owner);
    const now = new Date();
    const code = totpCodeAt(secret, now);
    // Signing in took it.
    expect(await db().transaction((tx) => verifySecondFactor(owner.id, code, tx, now))).toBe('totp');
    const sig = { ...(await signature(owner, plan.planId)), code };
    const used = await refusal(file(owner, plan, sig));
    expect(used.code).toBe('VALIDATION');
    expect(used.fieldErrors?.code?.[0]).toMatch(/already used a moment ago/);
    const [count] = await db().select({ failures: signingLockouts.failures }).from(signingLockouts).where(eq(signingLockouts.userId, owner.id));
    expect(count?.failures ?? 0).toBe(0);
    expect(await submissionsOf(plan.planId)).toEqual([]);
  });

  it('a factor is added beside an existing one only with it: a passkey beside an app needs the app’s code, an app beside a passkey needs the passkey', async () => {
    const owner = await createOwner({ password: PASSWORD });
    await readyToSign(owner, PASSWORD);
    const noCode = await refusal(finishPasskeyRegistration(owner, { name: 'Laptop', password: PASSWORD, response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } as never }, null));
    expect(noCode.code).toBe('VALIDATION');
    expect(noCode.fieldErrors?.code?.[0]).toBe('Type the code your app shows now');

    const other = await createOwner({ password: PASSWORD });
    await db().insert(passkeys).values({ userId: other.id, credentialId: 'credential-of-other', publicKey: 'AAAA', name: 'Phone' });
    const { secret } = await startTotpEnrolment(other);
    const noPasskey = await refusal(confirmTotpEnrolment(other, { code: totpCodeAt(secret, new Date()) }, '10.0.0.9'));
    expect(noPasskey.message).toMatch(/Use one of your passkeys first/);
    const [app] = await db().select({ confirmedAt: userSecondFactors.confirmedAt }).from(userSecondFactors).where(eq(userSecondFactors.userId, other.id));
    expect(app?.confirmedAt ?? null).toBeNull();
  });
  it('a preparer who may not sign sends the plan to those who may: each is emailed the signing step, and not again within the hour', async () => {
    const owner = await createOwner({ name: 'Dvorak Feeders', password: PASSWORD });
    const preparer = await createUser('preparer', { name: 'Jamie Becker', password: PASSWORD });
    const plan = await completePlan(owner, preparer);
    expect(await requestSignature(preparer, { planId: plan.planId, note: 'Please sign by Friday.' }, { origin: 'http://portal.test' })).toEqual({ sentTo: ['Dvorak Feeders'] });
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'signature-requested'));
    expect(mail.map((m) => m.toAddress)).toEqual([owner.email]);
    expect(mail[0]!.text).toContain(`http://portal.test/plans/${plan.planId}/edit?step=review`);
    expect(mail[0]!.text).toContain('Please sign by Friday.');
    const again = await refusal(requestSignature(preparer, { planId: plan.planId }, { origin: 'http://portal.test' }));
    expect(again.code).toBe('CONFLICT');
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'signature-requested'))).toHaveLength(1);
  });
});
