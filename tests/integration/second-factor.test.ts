import { and, desc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, emailOutbox, recoveryCodes, signInAttempts, userSecondFactors } from '@/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoPeople } from '@/lib/demo/demo-people';
import { verifyCredentials } from '@/lib/auth/credentials';
import type { Actor } from '@/lib/auth/roles';
import { getSecondFactorStatus, hasSecondFactor, resetSecondFactor, verifySecondFactor } from '@/lib/auth/second-factor';
import { confirmTotpEnrolment, removeOwnSecondFactor, renewRecoveryCodes, startTotpEnrolment } from '@/lib/auth/second-factor-enrolment';
import { SECOND_FACTOR_NEEDED, SECOND_FACTOR_WRONG } from '@/lib/auth/second-factor-words';
import { totpCodeAt } from '@/lib/auth/totp';
import { AppError } from '@/lib/errors';
import { createUser } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const PASSWORD = 'corn-and-soybeans-1';
const IP = '10.9.0.1';

// Only Date is faked: the clock moves in 30-second steps while the database's own timers run. It
// starts at the real time (the throttle compares with the database's own timestamps).
let clock = new Date(Math.floor(Date.now() / 30_000) * 30_000 + 5_000);
const step = (n = 1) => {
  clock = new Date(clock.getTime() + n * 30_000);
  vi.setSystemTime(clock);
};
afterEach(() => vi.useRealTimers());

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  const err = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe(`a second sign-in factor on ${databaseLabel}`, () => {
  const t = useTestDb();
  let staff: Actor, admin: Actor;
  let secret = '';
  let recovery: string[] = [];

  beforeAll(async () => {
    staff = await createUser('department_staff', { password: PASSWORD });
    admin = await createUser('admin', { password: PASSWORD });
    await seedDemoPeople(t.get().db);
  });

  const fake = () => {
    vi.useFakeTimers({ toFake: ['Date'], now: clock });
  };
  const signIn = (code?: string, ip = IP) => verifyCredentials({ email: staff.email, password: PASSWORD, ip, code });

  it('staff sets up an authenticator app with a current code, and gets ten recovery codes once', async () => {
    fake();
    const { db } = t.get();
    const started = await startTotpEnrolment(staff);
    secret = started.secret;
    expect(started.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    // Until confirmed, sign-in does not ask for a code.
    expect(await hasSecondFactor(staff.id)).toBe(false);
    const [row] = await db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, staff.id));
    expect(row!.secretEncrypted).not.toContain(secret);

    const wrong = await refusal(() => confirmTotpEnrolment(staff, { code: totpCodeAt(secret, new Date(clock.getTime() - 5 * 60_000)) }, IP));
    expect(wrong.message).toBe(SECOND_FACTOR_WRONG);
    expect(await hasSecondFactor(staff.id)).toBe(false);

    recovery = await confirmTotpEnrolment(staff, { code: totpCodeAt(secret, clock) }, IP);
    expect(recovery).toHaveLength(10);
    expect(await getSecondFactorStatus(staff.id)).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });
    const stored = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, staff.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(recovery[0]);
    const [audit] = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, staff.id), eq(auditEvents.action, 'auth.second_factor_enrolled')));
    expect(audit).toBeTruthy();
  });

  it('sign-in then needs a code after the right password; a wrong password still gets the generic answer', async () => {
    fake();
    step();
    expect(await verifyCredentials({ email: staff.email, password: 'not-the-password', ip: IP })).toBeNull();
    const needed = await refusal(() => signIn());
    expect(needed.message).toBe(SECOND_FACTOR_NEEDED);
    const user = await signIn(totpCodeAt(secret, clock));
    expect(user).toMatchObject({ id: staff.id, role: 'department_staff' });
  });

  it('a wrong code is refused and counts as a failed attempt; the code just used is refused (no replay)', async () => {
    fake();
    const { db } = t.get();
    const failuresBefore = await db.select().from(signInAttempts).where(and(eq(signInAttempts.email, staff.email), eq(signInAttempts.succeeded, false)));
    const used = totpCodeAt(secret, clock);
    const replay = await refusal(() => signIn(used, '10.9.0.2'));
    expect(replay.message).toBe(SECOND_FACTOR_WRONG);
    const wrong = used === '000000' ? '111111' : '000000';
    expect((await refusal(() => signIn(wrong, '10.9.0.2'))).message).toBe(SECOND_FACTOR_WRONG);
    const failuresAfter = await db.select().from(signInAttempts).where(and(eq(signInAttempts.email, staff.email), eq(signInAttempts.succeeded, false)));
    expect(failuresAfter.length - failuresBefore.length).toBe(2);
    const [refused] = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, staff.id), eq(auditEvents.action, 'auth.second_factor_refused')));
    expect(refused).toBeTruthy();
    // Enough wrong codes from one address and the throttle stops even the right one there.
    await refusal(() => signIn(wrong, '10.9.0.2'));
    await refusal(() => signIn(wrong, '10.9.0.2'));
    expect((await refusal(() => signIn(totpCodeAt(secret, new Date(clock.getTime() + 30_000)), '10.9.0.2'))).code).toBe('THROTTLED');
  });

  it('a recovery code signs in once, typed in capitals or without the dash; then it is refused', async () => {
    fake();
    step();
    const code = recovery[3]!;
    expect(await signIn(code.toUpperCase().replace('-', ''))).toMatchObject({ id: staff.id });
    expect((await refusal(() => signIn(code))).message).toBe(SECOND_FACTOR_WRONG);
    expect(await getSecondFactorStatus(staff.id)).toMatchObject({ recoveryCodesLeft: 9 });
    const { db } = t.get();
    const [audit] = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, staff.id), eq(auditEvents.action, 'auth.sign_in'))).orderBy(desc(auditEvents.occurredAt)).limit(1);
    expect(audit!.after).toEqual({ secondFactor: 'recovery' });
  });

  it('new recovery codes need a current code, and the old ones stop working', async () => {
    fake();
    step();
    const fresh = await renewRecoveryCodes(staff, { code: totpCodeAt(secret, clock) }, IP);
    expect(fresh).toHaveLength(10);
    const { db } = t.get();
    const ok = await db.transaction((tx) => verifySecondFactor(staff.id, recovery[5]!, tx));
    expect(ok).toBeNull();
    recovery = fresh;
  });

  it('removing the app needs the password and a code; the administrator resets a lost one, audited with who and why', async () => {
    fake();
    step();
    const badPassword = await refusal(() => removeOwnSecondFactor(staff, { password: 'wrong-password-1', code: totpCodeAt(secret, clock) }, IP));
    expect(badPassword.fieldErrors?.password).toBeTruthy();
    expect(await hasSecondFactor(staff.id)).toBe(true);
    await removeOwnSecondFactor(staff, { password: PASSWORD, code: totpCodeAt(secret, clock) }, IP);
    expect(await hasSecondFactor(staff.id)).toBe(false);
    expect(await getSecondFactorStatus(staff.id)).toMatchObject({ enrolled: false, recoveryCodesLeft: 0 });

    // Set up again, on a new phone, then lose it.
    step();
    secret = (await startTotpEnrolment(staff)).secret;
    await confirmTotpEnrolment(staff, { code: totpCodeAt(secret, clock) }, IP);
    expect(await hasSecondFactor(staff.id)).toBe(true);

    expect((await refusal(() => resetSecondFactor(staff, { userId: staff.id, reason: 'mine' }))).code).toBe('VALIDATION');
    const other = await createUser('department_staff');
    expect((await refusal(() => resetSecondFactor(other, { userId: staff.id, reason: 'lost' }))).code).toBe('FORBIDDEN');
    await resetSecondFactor(admin, { userId: staff.id, reason: 'Phone lost on a site visit; identity checked by phone call' });
    expect(await hasSecondFactor(staff.id)).toBe(false);
    const { db } = t.get();
    const [audit] = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, staff.id), eq(auditEvents.action, 'auth.second_factor_reset')));
    expect(audit).toMatchObject({ actorUserId: admin.id, after: { secondFactor: null, reason: 'Phone lost on a site visit; identity checked by phone call', resetBy: admin.email } });
    // The person is told of each change by email, the reset included.
    const mails = await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, staff.email), eq(emailOutbox.template, 'second-factor-changed')));
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        'An authenticator app was set up on your Iowa MMP Portal account',
        'New recovery codes were made for your Iowa MMP Portal account',
        'The authenticator app was removed from your Iowa MMP Portal account',
        'An administrator reset the second factor of your Iowa MMP Portal account',
      ]),
    );
    // Back to the password alone, from an address the wrong codes did not slow.
    expect(await verifyCredentials({ email: staff.email, password: PASSWORD, ip: '10.9.0.3' })).toMatchObject({ id: staff.id });
  });

  it('every demo account, with no second factor, signs in with its password alone', async () => {
    for (const a of DEMO_ACCOUNTS) {
      expect(await verifyCredentials({ email: a.email, password: DEMO_PASSWORD, ip: '10.9.1.1' }), a.email).toMatchObject({ email: a.email, role: a.role });
    }
  });
});
