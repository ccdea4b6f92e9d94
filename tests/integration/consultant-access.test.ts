import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, operationAccessGrants, operations, ownerPreparerGrants, ownerships, users } from '@/db/schema';
import { registerPreparer } from '@/lib/auth/accounts';
import { grantPreparer, listPreparerAccess, revokePreparer } from '@/lib/auth/preparer-grants';
import type { Actor } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { listOperationSummaries } from '@/lib/operations/queries';
import { addDays } from '@/lib/rules';
import { createOperation, createOwner } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// A consultant registers on their own; an owner grants all her operations (those added later too)
// or chosen ones, until an end date, and ends a preparer's access in one click.
const T = today();

describe(`preparer accounts and grants on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  const actorOf = async (email: string): Promise<Actor> => {
    const [u] = await db().select().from(users).where(eq(users.email, email));
    return { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
  };
  const seen = async (a: Actor) => (await listOperationSummaries(a, T)).map((o) => o.name).sort();
  let vanzee: Actor;
  let hansen: Actor;
  let consultant: Actor;

  beforeAll(async () => {
    // Made here: Van Zee with three operations, Hansen with one.
    vanzee = await createOwner({ name: 'Van Zee Pork Inc.' });
    hansen = await createOwner({ name: 'Hansen Family Farms LLC' });
    for (const name of ['Cherokee Cattle Confinement', 'Doon Sow Unit', 'Hull Contract Finisher']) await createOperation(vanzee, { name, today: T });
    await createOperation(hansen, { name: 'Rock Valley Finisher Site', today: T });
  });

  it('a consultant registers a preparer account with the firm’s name, and sees nothing until granted', async () => {
    await registerPreparer({ name: 'Alex Moreno', firm: 'Moreno Nutrient Planning', email: 'Alex@Moreno.example', password: 'a long enough passphrase', confirmPassword: 'a long enough passphrase' }, 'https://mmp.test');
    const [u] = await db().select().from(users).where(eq(users.email, 'alex@moreno.example'));
    expect(u).toMatchObject({ role: 'preparer', name: 'Alex Moreno (Moreno Nutrient Planning)', partyId: null, emailVerifiedAt: null });
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'alex@moreno.example'));
    expect(mail.map((m) => m.template)).toEqual(['verify-email']);
    consultant = await actorOf('alex@moreno.example');
    expect(await seen(consultant)).toEqual([]);
  });

  it('all of an owner’s operations, including one she adds later, until the end date', async () => {
    await grantPreparer(vanzee, { email: 'alex@moreno.example', scope: 'all', operationIds: [], endsOn: addDays(T, 30) }, T);
    expect(await seen(consultant)).toEqual(['Cherokee Cattle Confinement', 'Doon Sow Unit', 'Hull Contract Finisher']);
    // An operation she registers afterwards comes with the grant.
    const [op] = await db().insert(operations).values({ name: 'Van Zee New Nursery', kind: 'confinement', countyFips: '19167' }).returning({ id: operations.id });
    await db().insert(ownerships).values({ operationId: op!.id, ownerId: vanzee.partyId!, acquiredOn: T });
    expect(await seen(consultant)).toContain('Van Zee New Nursery');
    const [access] = await listPreparerAccess(vanzee, T);
    expect(access).toMatchObject({ preparerName: 'Alex Moreno (Moreno Nutrient Planning)', all: true, endsOn: addDays(T, 30) });
    // Past its last day the grant gives nothing.
    await db().update(ownerPreparerGrants).set({ endsOn: addDays(T, -1) }).where(eq(ownerPreparerGrants.preparerUserId, consultant.id));
    expect(await seen(consultant)).toEqual([]);
    expect(await listPreparerAccess(vanzee, T)).toEqual([]);
  });

  it('chosen operations only; an end date in the past and a non-preparer are refused with field errors', async () => {
    await grantPreparer(vanzee, { email: 'alex@moreno.example', scope: 'chosen', operationIds: [(await db().select().from(operations).where(eq(operations.name, 'Doon Sow Unit')))[0]!.id], endsOn: null }, T);
    expect(await seen(consultant)).toEqual(['Doon Sow Unit']);
    const past = await grantPreparer(vanzee, { email: 'alex@moreno.example', scope: 'all', operationIds: [], endsOn: addDays(T, -2) }, T).catch((e: unknown) => e);
    expect(past).toBeInstanceOf(AppError);
    expect((past as AppError).fieldErrors).toHaveProperty('endsOn');
    const owner = await grantPreparer(vanzee, { email: hansen.email, scope: 'all', operationIds: [], endsOn: null }, T).catch((e: unknown) => e);
    expect((owner as AppError).fieldErrors).toHaveProperty('email');
    // Someone else's operation cannot be granted.
    const [rock] = await db().select().from(operations).where(eq(operations.name, 'Rock Valley Finisher Site'));
    const foreign = await grantPreparer(vanzee, { email: 'alex@moreno.example', scope: 'chosen', operationIds: [rock!.id], endsOn: null }, T).catch((e: unknown) => e);
    expect((foreign as AppError).code).toBe('NOT_FOUND');
  });

  it('one click ends every grant the preparer holds from this owner, and no one else’s', async () => {
    await grantPreparer(vanzee, { email: 'alex@moreno.example', scope: 'all', operationIds: [], endsOn: null }, T);
    await grantPreparer(hansen, { email: 'alex@moreno.example', scope: 'all', operationIds: [], endsOn: null }, T);
    await revokePreparer(vanzee, { preparerUserId: consultant.id });
    const left = await seen(consultant);
    expect(left).not.toContain('Doon Sow Unit');
    expect(left).toContain('Rock Valley Finisher Site');
    const active = await db().select().from(operationAccessGrants).where(and(eq(operationAccessGrants.userId, consultant.id)));
    expect(active.every((g) => g.revokedAt)).toBe(true);
    // Nothing left to end: refused as not found.
    await expect(revokePreparer(vanzee, { preparerUserId: consultant.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
