import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, emailOutbox, operations, users } from '@/db/schema';
import { seedDatabase } from '@/db/seed';
import { acceptInvitation, inviteUser, registerOwner, requestPasswordReset, resetPassword, verifyEmail } from '@/lib/auth/accounts';
import { changeUserRole } from '@/lib/auth/admin';
import { GENERIC_SIGN_IN_ERROR, verifyCredentials } from '@/lib/auth/credentials';
import { grantAccess, listGrants, revokeAccess } from '@/lib/auth/grants';
import { canSeeOperation } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { checkThrottle, recordAttempt, THROTTLE } from '@/lib/auth/throttle';
import { AppError } from '@/lib/errors';
import { databaseLabel, useTestDb } from './support/test-db';

const ORIGIN = 'http://portal.test';

async function actorFor(email: string): Promise<Actor> {
  const { getDb } = await import('@/db/client');
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

  it('an owner registers, cannot sign in before confirming the email, then can', async () => {
    const { db } = t.get();
    await seedDatabase(db, { demo: true, today: '2026-11-30' });
    await registerOwner({ name: 'Ada Schultz', organization: 'Schultz Pork LLC', email: 'Ada@Example.com', password: 'corn-beans-rotation', confirmPassword: 'corn-beans-rotation' }, ORIGIN);
    await expect(verifyCredentials({ email: 'ada@example.com', password: 'corn-beans-rotation', ip: '10.0.0.1' })).rejects.toThrow(/Confirm your email/);
    const token = await linkFromOutbox(db, 'ada@example.com', 'verify-email');
    expect(await verifyEmail(token)).toBe(true);
    expect(await verifyEmail(token)).toBe(false); // single use
    const user = await verifyCredentials({ email: ' ADA@example.com ', password: 'corn-beans-rotation', ip: '10.0.0.1' });
    expect(user).toMatchObject({ role: 'owner', name: 'Ada Schultz' });
    await expect(
      registerOwner({ name: 'Again', email: 'ada@example.com', password: 'another-long-pass', confirmPassword: 'another-long-pass' }, ORIGIN),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('a wrong password and an unknown email get the same answer; no hash ever leaves the service', async () => {
    expect(await verifyCredentials({ email: 'owner.hansen@example.com', password: 'nope-nope-nope', ip: '10.0.0.2' })).toBeNull();
    expect(await verifyCredentials({ email: 'ghost@example.com', password: 'nope-nope-nope', ip: '10.0.0.2' })).toBeNull();
    const ok = await verifyCredentials({ email: 'owner.hansen@example.com', password: 'demo-password-1', ip: '10.0.0.2' });
    expect(JSON.stringify(ok)).not.toMatch(/\$2[aby]\$/);
    const { db } = t.get();
    const signIns = await db.select().from(auditEvents).where(and(eq(auditEvents.action, 'auth.sign_in'), eq(auditEvents.actorUserId, ok!.id)));
    expect(signIns).toHaveLength(1);
    expect(signIns[0]!.ipAddress).toBe('10.0.0.2');
    expect(GENERIC_SIGN_IN_ERROR).toMatch(/email or password/);
  });

  it('throttles per account after 5 failures and per address after 20, and frees up after the window', async () => {
    const { db } = t.get();
    for (let i = 0; i < THROTTLE.perAccount; i++) await recordAttempt(db, 'victim@example.com', `10.1.0.${i}`, false);
    expect(await checkThrottle(db, 'victim@example.com', '10.9.9.9')).toMatchObject({ limited: true });
    expect(await checkThrottle(db, 'someone-else@example.com', '10.9.9.9')).toEqual({ limited: false });
    for (let i = 0; i < THROTTLE.perAddress; i++) await recordAttempt(db, `user${i}@example.com`, '10.2.2.2', false);
    expect(await checkThrottle(db, 'fresh@example.com', '10.2.2.2')).toMatchObject({ limited: true });
    const later = new Date(Date.now() + (THROTTLE.windowMinutes + 1) * 60_000);
    expect(await checkThrottle(db, 'victim@example.com', '10.9.9.9', later)).toEqual({ limited: false });
    await expect(verifyCredentials({ email: 'victim@example.com', password: 'x', ip: '10.9.9.9' })).rejects.toMatchObject({ code: 'THROTTLED' });
  });

  it('password reset: same answer for unknown addresses, single-use link, old sessions end', async () => {
    const { db } = t.get();
    await requestPasswordReset('nobody@example.com', ORIGIN);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'nobody@example.com'))).toHaveLength(0);
    const before = await actorFor('owner.prairie@example.com');
    const [u0] = await db.select().from(users).where(eq(users.id, before.id));
    await requestPasswordReset('owner.prairie@example.com', ORIGIN);
    const token = await linkFromOutbox(db, 'owner.prairie@example.com', 'password-reset');
    expect(await resetPassword(token, 'a-brand-new-password')).toBe(true);
    expect(await resetPassword(token, 'another-new-password')).toBe(false);
    const [u1] = await db.select().from(users).where(eq(users.id, before.id));
    expect(u1!.sessionVersion).toBe(u0!.sessionVersion + 1);
    expect(await verifyCredentials({ email: 'owner.prairie@example.com', password: 'a-brand-new-password', ip: '10.0.0.3' })).not.toBeNull();
  });

  it('an admin invites a county official, who accepts; a role change is audited and ends sessions', async () => {
    const { db } = t.get();
    const admin = await actorFor('admin@example.com');
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
    const staff = await actorFor('reviewer@example.com');
    await expect(inviteUser(staff, { email: 'x@example.com', name: 'X Y', role: 'admin' }, ORIGIN)).rejects.toBeInstanceOf(AppError);
  });

  it('an owner grants a preparer access to one operation and revokes it; both are audited', async () => {
    const { db } = t.get();
    const owner = await actorFor('owner.vanzee@example.com');
    const preparer = await actorFor('preparer@example.com');
    const [op] = await db.select().from(operations).where(eq(operations.name, 'Doon Sow Unit'));
    expect(await canSeeOperation(preparer, op!.id)).toBe(false);
    await grantAccess(owner, { operationId: op!.id, email: 'Preparer@example.com' });
    expect(await canSeeOperation(preparer, op!.id)).toBe(true);
    const [grant] = await listGrants(owner, op!.id);
    await revokeAccess(owner, { operationId: op!.id, grantId: grant!.id });
    expect(await canSeeOperation(preparer, op!.id)).toBe(false);
    const actions = (await db.select().from(auditEvents).where(eq(auditEvents.entityId, op!.id))).map((a) => a.action);
    expect(actions).toEqual(['access.granted', 'access.revoked']);
    await expect(grantAccess(owner, { operationId: op!.id, email: 'reviewer@example.com' })).rejects.toMatchObject({ code: 'VALIDATION' });
    const otherOwner = await actorFor('owner.hansen@example.com');
    await expect(grantAccess(otherOwner, { operationId: op!.id, email: 'preparer@example.com' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
