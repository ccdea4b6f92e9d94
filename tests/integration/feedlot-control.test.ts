import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, operations, ownerships, parties, users } from '@/db/schema';
import { seedDatabase } from '@/lib/demo';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { saveStructure } from '@/lib/feedlots/commands';
import { addFamilyLink, addInterest, addManager, listControlRecords, removeControl } from '@/lib/feedlots/control';
import { getFeedlotViewForOperation } from '@/lib/feedlots/queries';
import { familyLinkSchema, interestSchema, managerSchema } from '@/lib/validation/feedlot-control';
import { structureSchema } from '@/lib/validation/structures';
import { databaseLabel, useTestDb } from './support/test-db';

// Iowa Code 459A.103(1)"c": the owner records who holds the interests in two adjacent open feedlots. Held by
// different people they are two operations; once the joint tenant of one is recorded as the spouse of the
// sole proprietor of the other, the spouse's interest counts as the person's own and they are one operation.

const TODAY = '2026-11-30';

describe(`ownership and management recorded on the operation page on ${databaseLabel}`, () => {
  const t = useTestDb();
  const actors = {} as Record<'hansen' | 'vanzee' | 'staff' | 'county', Actor>;
  let north = '';
  let south = '';

  const actorFor = async (email: string): Promise<Actor> => {
    const [u] = await t.get().db.select().from(users).where(eq(users.email, email));
    return { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
  };
  const structure = (operationId: string, over: Record<string, unknown>) =>
    structureSchema(TODAY).parse({ operationId, structureId: '', kind: 'open_feedlot_lot', footprint: '', excavationOn: '', formsInstalledOn: '',
      pipingInstalledOn: '', abandoned: false, abandonedOn: '', ...over });
  const groupOf = async (operationId: string) => (await getFeedlotViewForOperation(actors.hansen, operationId)).groups.find((g) => g.operationIds.includes(operationId))!;

  beforeAll(async () => {
    const { db } = t.get();
    await seedDatabase(db, { demo: true, today: TODAY });
    actors.hansen = await actorFor('owner.hansen@example.com');
    actors.vanzee = await actorFor('owner.vanzee@example.com');
    actors.staff = await actorFor('reviewer@example.com');
    actors.county = await actorFor('auditor.sioux@example.com');
    const [company] = await db.select().from(parties).where(eq(parties.id, actors.hansen.partyId!));
    for (const name of ['Hansen Lot North', 'Hansen Lot South']) {
      const [op] = await db.insert(operations).values({ name, kind: 'open_feedlot', countyFips: '19167', latitude: 43.1, longitude: -96.3 }).returning({ id: operations.id });
      await db.insert(ownerships).values({ operationId: op!.id, ownerId: company!.id, acquiredOn: '2000-01-01' });
      if (name.endsWith('North')) north = op!.id; else south = op!.id;
    }
    await saveStructure(actors.hansen, structure(north, { name: 'North pen', latitude: '43.1', longitude: '-96.3', excavationOn: '1999-06-01' }));
    await saveStructure(actors.hansen, structure(south, { name: 'South pen', latitude: '43.1', longitude: '-96.3035', formsInstalledOn: '2010-09-01' }));
  });

  it('with nothing recorded the company on record is sole proprietor of both, so they are one operation', async () => {
    expect((await getFeedlotViewForOperation(actors.hansen, north)).control).toEqual([]);
    expect((await groupOf(north)).joined).toBe(true);
  });

  it('recorded interests held by different people make them two operations', async () => {
    await addInterest(actors.hansen, interestSchema.parse({ operationId: north, name: 'Karen Hansen', partyKind: 'person', kind: 'sole_proprietor', equityPercent: '' }));
    await addInterest(actors.hansen, interestSchema.parse({ operationId: south, name: 'Erik Hansen', partyKind: 'person', kind: 'joint_tenant', equityPercent: '' }));
    await addInterest(actors.hansen, interestSchema.parse({ operationId: south, name: 'Ingrid Dahl', partyKind: 'person', kind: 'equity', equityPercent: '40' }));
    const view = await getFeedlotViewForOperation(actors.hansen, south);
    expect(view.control).toEqual(expect.arrayContaining([{ name: 'Erik Hansen', words: 'joint tenant' }, { name: 'Ingrid Dahl', words: 'equity interest of 40%' }]));
    const group = await groupOf(north);
    expect(group.joined).toBe(false);
    expect(group.names).toEqual(['Hansen Lot North']);
  });

  it('recording Erik as Karen’s spouse attributes his joint tenancy to her (1)"c"(2): one operation again, with the citation', async () => {
    const { id } = await addFamilyLink(actors.hansen, familyLinkSchema.parse({ operationId: north, personName: ' karen hansen ', relativeName: 'Erik Hansen', relation: 'spouse' }));
    const group = await groupOf(north);
    expect(group.joined).toBe(true);
    expect([...group.names].sort()).toEqual(['Hansen Lot North', 'Hansen Lot South']);
    expect(group.citation).toBe('Iowa Code 459A.103(1)');
    expect(group.reason).toMatch(/one open feedlot operation: under common ownership/);
    // The typed name found the party already recorded: one Karen Hansen, not two.
    expect(await t.get().db.select().from(parties).where(eq(parties.name, 'Karen Hansen'))).toHaveLength(1);
    const records = await listControlRecords(actors.hansen, south);
    expect(records.links).toEqual([{ id, personName: 'Karen Hansen', relativeName: 'Erik Hansen', relation: 'spouse' }]);
    expect(records.interests.map((i) => [i.name, i.kind, i.equityShare])).toEqual([['Erik Hansen', 'joint_tenant', null], ['Ingrid Dahl', 'equity', 0.4]]);
    const audit = await t.get().db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audit.map((a) => a.action)).toEqual(['family_link.add']);
  });

  it('removing the link parts them again, and a manager is listed', async () => {
    const { links } = await listControlRecords(actors.hansen, north);
    await removeControl(actors.hansen, { operationId: north, what: 'link', id: links[0]!.id });
    expect((await groupOf(north)).joined).toBe(false);
    await addManager(actors.staff, managerSchema.parse({ operationId: south, name: 'Dahl Cattle Services', partyKind: 'organization', kind: 'contractor_of_contract_facility' }));
    expect((await listControlRecords(actors.hansen, south)).managers.map((m) => m.name)).toEqual(['Dahl Cattle Services']);
    // A contractor's control of a contract facility is not common management (1)"d".
    expect((await groupOf(north)).joined).toBe(false);
  });

  it('a recorded interest already there is refused in plain words', async () => {
    const again = addInterest(actors.hansen, interestSchema.parse({ operationId: north, name: 'Karen Hansen', partyKind: 'person', kind: 'sole_proprietor', equityPercent: '' }));
    await expect(again).rejects.toMatchObject({ code: 'VALIDATION', fieldErrors: { name: ['Karen Hansen already holds that interest in this operation'] } });
  });

  it('another owner can neither read nor write them, a county official only reads', async () => {
    const denied = async (run: () => Promise<unknown>) => run().then(() => 'allowed', (e: unknown) => (e instanceof AppError ? e.code : String(e)));
    const interest = interestSchema.parse({ operationId: north, name: 'Jan Van Zee', partyKind: 'person', kind: 'joint_tenant', equityPercent: '' });
    expect(await denied(() => addInterest(actors.vanzee, interest))).toBe('NOT_FOUND');
    expect(await denied(() => addManager(actors.vanzee, managerSchema.parse({ operationId: north, name: 'Jan Van Zee', partyKind: 'person', kind: 'day_to_day_control' })))).toBe('NOT_FOUND');
    expect(await denied(() => addFamilyLink(actors.vanzee, familyLinkSchema.parse({ operationId: north, personName: 'Karen Hansen', relativeName: 'Erik Hansen', relation: 'spouse' })))).toBe('NOT_FOUND');
    const { interests } = await listControlRecords(actors.hansen, north);
    expect(await denied(() => removeControl(actors.vanzee, { operationId: north, what: 'interest', id: interests[0]!.id }))).toBe('NOT_FOUND');
    expect(await denied(() => listControlRecords(actors.vanzee, north))).toBe('NOT_FOUND');
    expect(await denied(() => addInterest(actors.county, interest))).toBe('FORBIDDEN');
    expect(await denied(() => listControlRecords(actors.county, north))).toBe('allowed');
    // An id from another operation is not found through this one.
    const [vz] = await t.get().db.select().from(operations).where(eq(operations.name, 'Cherokee Feedlot North'));
    const vzInterests = await listControlRecords(actors.vanzee, vz!.id);
    expect(await denied(() => removeControl(actors.hansen, { operationId: north, what: 'interest', id: vzInterests.interests[0]!.id }))).toBe('NOT_FOUND');
    expect((await listControlRecords(actors.hansen, north)).interests.map((i) => i.name)).toEqual(['Karen Hansen']);
  });
});
