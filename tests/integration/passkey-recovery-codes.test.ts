import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, recoveryCodes } from '@/db/schema';
import { verifyCredentials } from '@/lib/auth/credentials';
import { finishPasskeyRegistration, listPasskeys, removePasskey, startPasskeyRegistration } from '@/lib/auth/passkeys';
import { getSecondFactorStatus } from '@/lib/auth/second-factor';
import { confirmTotpEnrolment, removeOwnSecondFactor, startTotpEnrolment } from '@/lib/auth/second-factor-enrolment';
import { SECOND_FACTOR_NEEDED, SECOND_FACTOR_WRONG } from '@/lib/auth/second-factor-words';
import { totpCodeAt } from '@/lib/auth/totp';
import { publicOrigin } from '@/lib/env';
import { createOwner } from './support/factories';
import { softAuthenticator } from './support/soft-authenticator';
import { databaseLabel, useTestDb } from './support/test-db';

// A passkey as the account's first second factor comes with ten recovery codes, shown once, as an
// authenticator app's do: if the device that holds the passkey is lost, a code signs in in its place.

const PASSWORD = 'corn-and-soybeans-1';
const IP = '10.9.1.1';

describe(`recovery codes with a first passkey on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;

  const addPasskey = async (owner: Awaited<ReturnType<typeof createOwner>>, name: string, extra: { code?: string } = {}) => {
    const options = await startPasskeyRegistration(owner);
    return finishPasskeyRegistration(owner, { response: softAuthenticator().register(options, publicOrigin()), name, password: PASSWORD, ...extra }, IP);
  };

  it('gives ten recovery codes, once, with the first passkey; a code signs in once in its place; they go with the last passkey', async () => {
    const owner = await createOwner({ password: PASSWORD });
    const added = await addPasskey(owner, 'Kitchen laptop');
    expect(added.name).toBe('Kitchen laptop');
    expect(added.recoveryCodes).toHaveLength(10);
    expect(new Set(added.recoveryCodes).size).toBe(10);
    // Only their hashes are kept.
    const stored = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, owner.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.codeHash)).not.toContain(added.recoveryCodes![0]);
    expect(await getSecondFactorStatus(owner.id)).toMatchObject({ enrolled: false, recoveryCodesLeft: 10 });
    const [event] = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'auth.second_factor_enrolled'), eq(auditEvents.entityId, owner.id)));
    expect(event?.after).toMatchObject({ kind: 'passkey', name: 'Kitchen laptop', recoveryCodes: 10 });

    // Signing in asks for the second factor; with the device lost, a recovery code answers it, once.
    await expect(verifyCredentials({ email: owner.email, password: PASSWORD, ip: IP })).rejects.toMatchObject({ message: SECOND_FACTOR_NEEDED });
    const code = added.recoveryCodes![3]!;
    expect(await verifyCredentials({ email: owner.email, password: PASSWORD, ip: IP, code })).toMatchObject({ id: owner.id });
    await expect(verifyCredentials({ email: owner.email, password: PASSWORD, ip: IP, code })).rejects.toMatchObject({ message: SECOND_FACTOR_WRONG });
    expect(await getSecondFactorStatus(owner.id)).toMatchObject({ recoveryCodesLeft: 9 });

    // With the last passkey removed the account asks for no factor, and its codes are gone with it.
    const [key] = await listPasskeys(owner.id);
    await removePasskey(owner, { id: key!.id, password: PASSWORD }, IP);
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, owner.id))).toHaveLength(0);
    expect(await verifyCredentials({ email: owner.email, password: PASSWORD, ip: IP })).toMatchObject({ id: owner.id });
  });

  it('gives no new codes for a passkey added beside an authenticator app, whose codes stay valid', async () => {
    const owner = await createOwner({ password: PASSWORD });
    const earlier = new Date(Date.now() - 60_000);
    const { secret } = await startTotpEnrolment(owner);
    const appCodes = await confirmTotpEnrolment(owner, { code: totpCodeAt(secret, earlier) }, IP, earlier);
    const added = await addPasskey(owner, 'Phone', { code: totpCodeAt(secret, new Date()) });
    expect(added.recoveryCodes).toBeNull();
    expect(await getSecondFactorStatus(owner.id)).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });
    expect(await verifyCredentials({ email: owner.email, password: PASSWORD, ip: IP, code: appCodes[0] })).toMatchObject({ id: owner.id });

    // The app removed, the passkey remains and so do the codes that stand in for it.
    await removeOwnSecondFactor(owner, { password: PASSWORD, code: appCodes[1]! }, IP);
    expect(await getSecondFactorStatus(owner.id)).toMatchObject({ enrolled: false, recoveryCodesLeft: 8 });
    expect(await verifyCredentials({ email: owner.email, password: PASSWORD, ip: IP, code: appCodes[2] })).toMatchObject({ id: owner.id });
  });
});
