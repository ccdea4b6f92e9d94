import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditEvents, emailOutbox, operations, ownerClaims, ownerships, parties, users } from '@/db/schema';
import { canSeeOperation } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { issueOwnerClaim, listUnclaimedOwners, redeemOwnerClaim } from '@/lib/imports/claims';
import { generateImportFiles } from '@/lib/imports/generate';
import { applyImport, checkImport } from '@/lib/imports/runs';
import { createOperation, createOwner, createUser } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const T = today();
const ORIGIN = 'https://mmp.example.test';

describe(`imported owners claim their operations on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  let admin: Actor;
  const partyOf = async (name: string) => (await db().select().from(parties).where(eq(parties.name, name)))[0]!;
  const opOf = async (facilityId: string) => (await db().select().from(operations).where(eq(operations.facilityId, facilityId)))[0]!;
  const owner = async (email: string, partyName = email): Promise<Actor> => {
    const [p] = await db().insert(parties).values({ kind: 'person', name: partyName, email }).returning();
    const [u] = await db().insert(users).values({ email, name: partyName, role: 'owner', partyId: p!.id }).returning();
    return { id: u!.id, role: 'owner', name: u!.name, email: u!.email, countyFips: null, partyId: p!.id };
  };

  beforeAll(async () => {
    admin = await createUser('admin');
    const files = generateImportFiles(8, T, 'CL');
    for (const kind of ['operations', 'owners'] as const) {
      const id = await checkImport(admin, { kind, filename: `${kind}.csv`, bytes: new TextEncoder().encode(files[kind]) }, T);
      await applyImport(admin, id, { today: T });
    }
  });

  it('lists owners without an account, and a letter’s code is shown once and stored as a hash', async () => {
    const list = await listUnclaimedOwners(admin, 'CL');
    expect(list.map((o) => o.name)).toContain('Owner 5 Farms');
    const five = await partyOf('Owner 5 Farms');
    expect(five.email).toBeNull();
    const letter = await issueOwnerClaim(admin, five.id, ORIGIN);
    expect(letter).toMatchObject({ channel: 'letter', email: null, code: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/) });
    const [row] = await db().select().from(ownerClaims).where(eq(ownerClaims.partyId, five.id));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(letter.code!);
    await expect(issueOwnerClaim({ ...admin, role: 'department_supervisor' }, five.id, ORIGIN)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('the owner who registers and types the letter’s code takes over that owner’s operations, once', async () => {
    const five = await partyOf('Owner 5 Farms');
    const { code } = await issueOwnerClaim(admin, five.id, ORIGIN);
    const op = await opOf('CL000005');
    const newcomer = await owner('five@example.org', 'Five Person');
    expect(await canSeeOperation(newcomer, op.id)).toBe(false);
    // Typed in lower case with spaces: still the code.
    const r = await redeemOwnerClaim(newcomer, code!.toLowerCase().replace(/-/g, ' '));
    expect(r).toEqual({ ownerName: 'Owner 5 Farms', operations: 2 });
    const [u] = await db().select().from(users).where(eq(users.id, newcomer.id));
    expect(u!.partyId).toBe(five.id);
    expect(await canSeeOperation({ ...newcomer, partyId: five.id }, op.id)).toBe(true);
    // The ownership itself is the department's record, unchanged.
    expect((await db().select().from(ownerships).where(eq(ownerships.operationId, op.id))).map((o) => o.ownerId)).toEqual([five.id]);
    const second = await owner('someone.else@example.org');
    await expect(redeemOwnerClaim(second, code!)).rejects.toMatchObject({ code: 'VALIDATION' });
    const audit = await db().select().from(auditEvents).where(sql`${auditEvents.action} = 'owner_claim.redeemed'`);
    expect(audit).toHaveLength(1);
    expect((await listUnclaimedOwners(admin, 'CL')).map((o) => o.name)).not.toContain('Owner 5 Farms');
  });

  it('an emailed claim works only for the account with the address the records hold', async () => {
    const three = await partyOf('Owner 3 Farms');
    expect(three.email).toBe('owner3@example.com');
    const issued = await issueOwnerClaim(admin, three.id, ORIGIN);
    expect(issued).toMatchObject({ channel: 'email', code: null });
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'owner-claim-invitation'));
    expect(mail!.toAddress).toBe('owner3@example.com');
    expect(mail!.text).toContain(`${ORIGIN}/operations/claim-records?code=`);
    const code = /code=([A-Z0-9-]+)/.exec(mail!.text)![1]!;
    const impostor = await owner('impostor@example.org');
    await expect(redeemOwnerClaim(impostor, code)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const real = await owner('OWNER3@example.com');
    expect(await redeemOwnerClaim(real, code)).toMatchObject({ ownerName: 'Owner 3 Farms' });
  });

  it('refuses an expired or replaced code, and an account that owns operations of its own', async () => {
    const one = await partyOf('Owner 1 Farms');
    const first = await issueOwnerClaim(admin, one.id, ORIGIN, new Date(Date.now() - 40 * 86_400_000));
    void first;
    const [old] = await db().select().from(emailOutbox).where(sql`${emailOutbox.template} = 'owner-claim-invitation' and ${emailOutbox.toAddress} = 'owner1@example.com'`);
    const expiredCode = /code=([A-Z0-9-]+)/.exec(old!.text)![1]!;
    const right = await owner('owner1@example.com');
    await expect(redeemOwnerClaim(right, expiredCode)).rejects.toMatchObject({ code: 'VALIDATION' });
    const six = await partyOf('Owner 7 Farms');
    const a = await issueOwnerClaim(admin, six.id, ORIGIN);
    const b = await issueOwnerClaim(admin, six.id, ORIGIN);
    void a;
    void b;
    const mails = await db().select().from(emailOutbox).where(sql`${emailOutbox.template} = 'owner-claim-invitation' and ${emailOutbox.toAddress} = 'owner7@example.com'`).orderBy(emailOutbox.createdAt);
    const [firstCode, secondCode] = mails.map((m) => /code=([A-Z0-9-]+)/.exec(m.text)![1]!);
    const six6 = await owner('owner7@example.com');
    await expect(redeemOwnerClaim(six6, firstCode!)).rejects.toMatchObject({ code: 'VALIDATION' });
    // An account that already owns an operation cannot become another owner too, even with the
    // address the records hold.
    const h = await createOwner({ name: 'Hansen Family Farms LLC' });
    await createOperation(h, { name: 'Rock Valley Finisher Site', today: T });
    const hansen: Actor = { ...h, email: 'owner7@example.com' };
    await expect(redeemOwnerClaim(hansen, secondCode!)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await redeemOwnerClaim(six6, secondCode!)).toMatchObject({ ownerName: 'Owner 7 Farms' });
  });
});
