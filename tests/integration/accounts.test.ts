import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, emailOutbox, users } from '@/db/schema';
import { acceptInvitation, inviteUser, registerOwner, requestPasswordReset, resetPassword, verifyEmail } from '@/lib/auth/accounts';
import { changeUserRole, listPendingInvitations, setUserDisabled } from '@/lib/auth/admin';
import { DISABLED_SIGN_IN_ERROR, GENERIC_SIGN_IN_ERROR, verifyCredentials } from '@/lib/auth/credentials';
import { grantAccess, listGrants, revokeAccess } from '@/lib/auth/grants';
import { canSeeOperation } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { checkThrottle, delayAfterFailures, recordAttempt, THROTTLE } from '@/lib/auth/throttle';
import { inviteSchema } from '@/lib/validation/accounts';
import { AppError } from '@/lib/errors';
import { createOperation, createOwner, createUser } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const ORIGIN = 'http://portal.test';
const PASSWORD = 'corn-and-soybeans-1';

async function actorFor(email: string): Promise<Actor> {
  const { getDb } = await import('@/lib/db');
  const db = await getDb();
  const [u] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
}

async function linkFromOutbox(db: ReturnType<typeof useTestDb>['get'] extends () => infer H ? H extends { db: infer D } ? D : never : never, to: string, template: string) {
  const [mail] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)));
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
  expect(token, `a link in the ${template} email`).toBeTruthy();
  return token!;
}

describe(`accounts and access on ${databaseLabel}`, () => {
  const t = useTestDb();
  // The people each test signs in as or acts for, made here (three owners who can sign in, a
  // preparer, department staff and an admin).
  let hansen: Actor, vanzee: Actor, prairie: Actor, preparer: Actor, staff: Actor, admin: Actor;
  beforeAll(async () => {
    hansen = await createOwner({ name: 'Karen Hansen', password: PASSWORD });
    vanzee = await createOwner({ name: 'Pieter Van Zee', password: PASSWORD });
    prairie = await createOwner({ name: 'Luis Ortega', password: PASSWORD });
    preparer = await createUser('preparer', { name: 'Jamie Becker (Becker Ag Consulting)' });
    staff = await createUser('department_staff');
    admin = await createUser('admin');
  });

  it('an owner registers, cannot sign in before confirming the email (told only by email), then can', async () => {
    const { db } = t.get();
    await registerOwner({ name: 'Ada Schultz', organization: 'Schultz Pork LLC', email: 'Ada@Example.com', password: 'corn-beans-rotation', confirmPassword: 'corn-beans-rotation' }, ORIGIN);
    const token = await linkFromOutbox(db, 'ada@example.com', 'verify-email');
    // The right password before confirming: the same answer as a wrong one, and a fresh link by email.
    expect(await verifyCredentials({ email: 'ada@example.com', password: 'corn-beans-rotation', ip: '10.0.0.1', origin: ORIGIN })).toBeNull();
    const confirmations = await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, 'ada@example.com'), eq(emailOutbox.template, 'verify-email')));
    expect(confirmations).toHaveLength(2);
    expect(confirmations.some((m) => /right password/.test(m.text) && m.text.includes(`${ORIGIN}/verify-email?token=`))).toBe(true);
    expect(await verifyEmail(token)).toBe(true);
    expect(await verifyEmail(token)).toBe(false); // single use
    const user = await verifyCredentials({ email: ' ADA@example.com ', password: 'corn-beans-rotation', ip: '10.0.0.1' });
    expect(user).toMatchObject({ role: 'owner', name: 'Ada Schultz' });
  });

  it('registering with an address that has an account answers as for a new one; the owner is told by email', async () => {
    const { db } = t.get();
    const [before] = await db.select().from(users).where(eq(users.email, 'ada@example.com'));
    await expect(
      registerOwner({ name: 'Again', email: 'ADA@example.com', password: 'another-long-pass', confirmPassword: 'another-long-pass' }, ORIGIN),
    ).resolves.toBeUndefined();
    const [after] = await db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(after).toEqual(before); // nothing about the account changed
    const [notice] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, 'ada@example.com'), eq(emailOutbox.template, 'account-notice')));
    expect(notice!.subject).toMatch(/tried to create/);
    expect(notice!.text).toContain(`${ORIGIN}/sign-in`);
  });

  it('a wrong password and an unknown email get the same answer; no hash ever leaves the service', async () => {
    expect(await verifyCredentials({ email: hansen.email, password: 'nope-nope-nope', ip: '10.0.0.2' })).toBeNull();
    expect(await verifyCredentials({ email: 'ghost@example.com', password: 'nope-nope-nope', ip: '10.0.0.2' })).toBeNull();
    const ok = await verifyCredentials({ email: hansen.email, password: PASSWORD, ip: '10.0.0.2' });
    expect(JSON.stringify(ok)).not.toMatch(/\$2[aby]\$/);
    const { db } = t.get();
    const signIns = await db.select().from(auditEvents).where(and(eq(auditEvents.action, 'auth.sign_in'), eq(auditEvents.actorUserId, ok!.id)));
    expect(signIns).toHaveLength(1);
    expect(signIns[0]!.ipAddress).toBe('10.0.0.2');
    expect(GENERIC_SIGN_IN_ERROR).toMatch(/email or password/);
  });

  it('an attacker guessing from one address slows only that address, never the owner signing in from hers', async () => {
    const { db } = t.get();
    // Ten failed guesses at the owner's account from the attacker's address.
    for (let i = 0; i < 10; i++) await recordAttempt(db, vanzee.email, '10.9.9.9', false);
    expect(await checkThrottle(db, vanzee.email, '10.9.9.9')).toMatchObject({ limited: true, scope: 'account_and_address' });
    await expect(verifyCredentials({ email: vanzee.email, password: PASSWORD, ip: '10.9.9.9' })).rejects.toMatchObject({ code: 'THROTTLED' });
    // The owner, from her own address, signs in with the right password at once.
    expect(await checkThrottle(db, vanzee.email, '10.0.0.77')).toEqual({ limited: false });
    expect(await verifyCredentials({ email: vanzee.email, password: PASSWORD, ip: '10.0.0.77' })).toMatchObject({ role: 'owner' });
  });

  it('each further failure of one account from one address waits twice as long, and a success starts over', async () => {
    const { db } = t.get();
    const email = 'slow@example.com';
    const ip = '10.3.3.3';
    for (let i = 0; i < THROTTLE.freeFailuresPerAccountAndAddress; i++) await recordAttempt(db, email, ip, false);
    expect(await checkThrottle(db, email, ip)).toMatchObject({ limited: true, retryAfterSeconds: 1 });
    expect(await checkThrottle(db, email, ip, new Date(Date.now() + 1500))).toEqual({ limited: false });
    await recordAttempt(db, email, ip, false);
    await recordAttempt(db, email, ip, false);
    const state = await checkThrottle(db, email, ip);
    expect(state).toMatchObject({ limited: true, scope: 'account_and_address' });
    expect(state.limited && state.retryAfterSeconds).toBeGreaterThan(2);
    expect([1, 2, 4, 8].map((n) => delayAfterFailures(THROTTLE.freeFailuresPerAccountAndAddress + Math.log2(n)))).toEqual([1, 2, 4, 8]);
    expect(delayAfterFailures(100)).toBe(THROTTLE.maxDelaySeconds);
    await recordAttempt(db, email, ip, true);
    expect(await checkThrottle(db, email, ip)).toEqual({ limited: false });
  });

  it('one address failing at many accounts is stopped for the window, then frees up', async () => {
    const { db } = t.get();
    for (let i = 0; i < THROTTLE.perAddress; i++) await recordAttempt(db, `user${i}@example.com`, '10.2.2.2', false);
    expect(await checkThrottle(db, 'fresh@example.com', '10.2.2.2')).toMatchObject({ limited: true, scope: 'address' });
    expect(await checkThrottle(db, 'fresh@example.com', '10.2.2.3')).toEqual({ limited: false });
    const later = new Date(Date.now() + (THROTTLE.windowMinutes + 1) * 60_000);
    expect(await checkThrottle(db, 'fresh@example.com', '10.2.2.2', later)).toEqual({ limited: false });
  });

  it('password reset: same answer for unknown addresses, single-use link, old sessions end, earlier failures forgiven', async () => {
    const { db } = t.get();
    await expect(requestPasswordReset('nobody@example.com', ORIGIN)).resolves.toBeUndefined();
    const [noAccount] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'nobody@example.com'));
    expect(noAccount).toMatchObject({ template: 'account-notice' });
    expect(noAccount!.text).toMatch(/no account uses it/i);
    for (let i = 0; i < 8; i++) await recordAttempt(db, prairie.email, '10.0.0.3', false);
    expect(await checkThrottle(db, prairie.email, '10.0.0.3')).toMatchObject({ limited: true });
    const before = prairie;
    const [u0] = await db.select().from(users).where(eq(users.id, before.id));
    await requestPasswordReset(prairie.email, ORIGIN);
    const token = await linkFromOutbox(db, prairie.email, 'password-reset');
    expect(await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, prairie.email), eq(emailOutbox.template, 'password-changed')))).toHaveLength(0);
    expect(await resetPassword(token, 'a-brand-new-password', ORIGIN)).toBe(true);
    expect(await resetPassword(token, 'another-new-password', ORIGIN)).toBe(false);
    // The account holder is told the password changed (once: the used link changed nothing more), and what to do if it was not them.
    const changed = await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, prairie.email), eq(emailOutbox.template, 'password-changed')));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ subject: 'Your Iowa MMP Portal password was changed', toUserId: prairie.id, listKind: null });
    expect(changed[0]!.text).toContain('If it was not you, someone may be reading your email.');
    expect(changed[0]!.text).toContain('tell the department at once');
    expect(changed[0]!.text).toContain(`${ORIGIN}/forgot-password`);
    const [u1] = await db.select().from(users).where(eq(users.id, before.id));
    expect(u1!.sessionVersion).toBe(u0!.sessionVersion + 1);
    expect(await checkThrottle(db, prairie.email, '10.0.0.3')).toEqual({ limited: false });
    expect(await verifyCredentials({ email: prairie.email, password: 'a-brand-new-password', ip: '10.0.0.3' })).not.toBeNull();
  });

  it('an admin invites a county official, who accepts; a role change is audited and ends sessions', async () => {
    const { db } = t.get();
    await inviteUser(admin, { email: 'auditor.polk@example.com', name: 'Polk Auditor', role: 'county_official', countyFips: '19153' }, ORIGIN);
    const token = await linkFromOutbox(db, 'auditor.polk@example.com', 'account-invitation');
    expect(await acceptInvitation({ token, name: 'Pat Polk', password: 'polk-county-2026' })).toBe(true);
    const polk = await actorFor('auditor.polk@example.com');
    expect(polk).toMatchObject({ role: 'county_official', countyFips: '19153', name: 'Pat Polk' });
    const [before] = await db.select().from(users).where(eq(users.id, polk.id));
    await changeUserRole(admin, { userId: polk.id, role: 'department_staff' });
    const [after] = await db.select().from(users).where(eq(users.id, polk.id));
    expect(after).toMatchObject({ role: 'department_staff', countyFips: null, sessionVersion: before!.sessionVersion + 1 });
    const audit = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, polk.id), eq(auditEvents.action, 'user.role_changed')));
    expect(audit[0]).toMatchObject({ actorUserId: admin.id, before: { role: 'county_official', countyFips: '19153' }, after: { role: 'department_staff' } });
    await expect(inviteUser(staff, { email: 'x@example.com', name: 'X Y', role: 'admin' }, ORIGIN)).rejects.toBeInstanceOf(AppError);
  });

  it('the admin sees invitations not yet accepted, until each becomes an account; the form asks for the person’s address', async () => {
    const { db } = t.get();
    await inviteUser(admin, { email: 'reviewer.new@example.com', name: 'Robin Reviewer', role: 'department_staff' }, ORIGIN);
    await inviteUser(admin, { email: 'auditor.story@example.com', name: 'Story Auditor', role: 'county_official', countyFips: '19169' }, ORIGIN);
    const pending = await listPendingInvitations(admin);
    expect(pending.map((i) => i.email).sort()).toEqual(['auditor.story@example.com', 'reviewer.new@example.com']);
    expect(pending.find((i) => i.email === 'auditor.story@example.com')).toMatchObject({ name: 'Story Auditor', role: 'county_official', countyName: 'Story', invitedBy: admin.name });
    const token = await linkFromOutbox(db, 'reviewer.new@example.com', 'account-invitation');
    expect(await acceptInvitation({ token, name: 'Robin Reviewer', password: 'review-the-plans-1' })).toBe(true);
    expect((await listPendingInvitations(admin)).map((i) => i.email)).toEqual(['auditor.story@example.com']);
    // Expired links are no longer waiting.
    expect(await listPendingInvitations(admin, new Date(Date.now() + 400 * 86_400_000))).toEqual([]);
    await expect(listPendingInvitations(staff)).rejects.toBeInstanceOf(AppError);
    const blank = inviteSchema.safeParse({ email: '', name: 'Robin Reviewer', role: 'department_staff' });
    expect(blank.success ? [] : blank.error.issues.map((i) => i.message)).toContain('Enter the person’s email address');
  });

  it('a disabled user who gives the right password is told the account is disabled; a wrong password still gets the one answer', async () => {
    const owner = await createOwner({ name: 'Dale Disabled', password: PASSWORD });
    await setUserDisabled(admin, owner.id, true);
    await expect(verifyCredentials({ email: owner.email, password: PASSWORD, ip: '10.0.0.91' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: DISABLED_SIGN_IN_ERROR });
    expect(await verifyCredentials({ email: owner.email, password: 'not-the-password', ip: '10.0.0.91' })).toBeNull();
    await setUserDisabled(admin, owner.id, false);
    expect(await verifyCredentials({ email: owner.email, password: PASSWORD, ip: '10.0.0.92' })).toMatchObject({ id: owner.id });
  });

  it('an owner grants a preparer access to one operation and revokes it; both are audited', async () => {
    const { db } = t.get();
    const owner = vanzee;
    const { operationId } = await createOperation(owner, { name: 'Doon Sow Unit' });
    const op = { id: operationId };
    expect(await canSeeOperation(preparer, op.id)).toBe(false);
    await grantAccess(owner, { operationId: op.id, email: preparer.email.toUpperCase() });
    expect(await canSeeOperation(preparer, op.id)).toBe(true);
    const [grant] = await listGrants(owner, op.id);
    await revokeAccess(owner, { operationId: op.id, grantId: grant!.id });
    expect(await canSeeOperation(preparer, op.id)).toBe(false);
    const actions = (await db.select().from(auditEvents).where(eq(auditEvents.entityId, op.id))).map((a) => a.action).filter((a) => a.startsWith('access.'));
    expect(actions).toEqual(['access.granted', 'access.revoked']);
    await expect(grantAccess(owner, { operationId: op.id, email: staff.email })).rejects.toMatchObject({ code: 'VALIDATION' });
    const otherOwner = hansen;
    await expect(grantAccess(otherOwner, { operationId: op.id, email: preparer.email })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
