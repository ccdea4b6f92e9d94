import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operations, operationStructures, ownerships, parties, users } from '@/db/schema';
import { seedDatabase } from '@/lib/demo';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { saveStructure } from '@/lib/feedlots/commands';
import { getFeedlotViewForOperation, listJoinedFeedlotGroups } from '@/lib/feedlots/queries';
import { structureSchema } from '@/lib/validation/structures';
import { databaseLabel, useTestDb } from './support/test-db';

// Iowa Code 459A.103(1): an owner records the structures of two open feedlots; the portal reports them
// as one operation, with the distance and the citation; no other owner can read or write them.

const TODAY = '2026-11-30';

describe(`open feedlots joined into one operation on ${databaseLabel}`, () => {
  const t = useTestDb();
  const actors = {} as Record<'hansen' | 'vanzee' | 'staff' | 'county', Actor>;
  let east = '';
  let west = '';

  const actorFor = async (email: string): Promise<Actor> => {
    const [u] = await t.get().db.select().from(users).where(eq(users.email, email));
    return { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
  };

  beforeAll(async () => {
    const { db } = t.get();
    await seedDatabase(db, { demo: true, today: TODAY });
    actors.hansen = await actorFor('owner.hansen@example.com');
    actors.vanzee = await actorFor('owner.vanzee@example.com');
    actors.staff = await actorFor('reviewer@example.com');
    actors.county = await actorFor('auditor.sioux@example.com');
    // Two open feedlots of Karen Hansen's company in Sioux County, with no structures yet.
    const [hansen] = await db.select().from(parties).where(eq(parties.id, actors.hansen.partyId!));
    for (const name of ['Hansen Lot East', 'Hansen Lot West']) {
      const [op] = await db.insert(operations).values({ name, kind: 'open_feedlot', countyFips: '19167', latitude: 43.05, longitude: -96.2 }).returning({ id: operations.id });
      await db.insert(ownerships).values({ operationId: op!.id, ownerId: hansen!.id, acquiredOn: '2000-01-01' });
      if (name.endsWith('East')) east = op!.id; else west = op!.id;
    }
  });

  const structure = (operationId: string, over: Record<string, unknown>) =>
    structureSchema(TODAY).parse({ operationId, structureId: '', kind: 'open_feedlot_lot', footprint: '', excavationOn: '', formsInstalledOn: '',
      pipingInstalledOn: '', abandoned: false, abandonedOn: '', ...over });

  it('the owner records a lot on each; the page says they are one open feedlot operation, with the distance and citation', async () => {
    await saveStructure(actors.hansen, structure(east, { name: 'East lot', latitude: '43.05', longitude: '-96.2', excavationOn: '1999-06-01' }));
    await saveStructure(actors.hansen, structure(west, { name: 'West lot', latitude: '43.05', longitude: '-96.2035', formsInstalledOn: '2010-09-01' }));
    const view = await getFeedlotViewForOperation(actors.hansen, east);
    const group = view.groups.find((g) => g.operationIds.includes(east))!;
    expect(group.joined).toBe(true);
    expect(group.names.sort()).toEqual(['Hansen Lot East', 'Hansen Lot West']);
    expect(group.citation).toBe('Iowa Code 459A.103(1)');
    expect(group.reason).toMatch(/one open feedlot operation: under common ownership, and adjacent \(structures less than 1,250 feet apart, one of them constructed on or after July 17, 2002\)/);
    expect(group.distances).toHaveLength(1);
    expect(Math.round(group.distances[0]!.feet / 10) * 10).toBe(930);
    // No interest recorded: the owner on record is taken as sole proprietor, and the page says so.
    expect(view.control).toEqual([]);
    const west1 = view.structures.find((s) => s.name === 'West lot')!;
    expect(west1.constructedWhy).toBe('Constructed September 1, 2010, the day concrete forms were installed — the earliest of the three events. Iowa Code 459A.103(2).');
  });

  it('marking the newer lot abandoned parts them again (459A.103(6))', async () => {
    const { db } = t.get();
    const [row] = await db.select().from(operationStructures).where(eq(operationStructures.name, 'West lot'));
    await saveStructure(actors.hansen, structure(west, { structureId: row!.id, name: 'West lot', latitude: '43.05', longitude: '-96.2035', formsInstalledOn: '2010-09-01', abandoned: true }));
    const view = await getFeedlotViewForOperation(actors.hansen, east);
    expect(view.groups.find((g) => g.operationIds.includes(east))!.joined).toBe(false);
    await saveStructure(actors.hansen, structure(west, { structureId: row!.id, name: 'West lot', latitude: '43.05', longitude: '-96.2035', formsInstalledOn: '2010-09-01' }));
  });

  it('the department’s worklist lists the group, and the demo’s Cherokee feedlots beside it', async () => {
    const { groups } = await listJoinedFeedlotGroups(actors.staff);
    expect(groups.map((g) => [...g.names].sort().join(' + ')).sort()).toEqual(['Cherokee Feedlot North + Cherokee Feedlot South', 'Hansen Lot East + Hansen Lot West']);
    await expect(listJoinedFeedlotGroups(actors.hansen)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('another owner can neither read nor write them, and a county official may only read', async () => {
    const denied = async (run: () => Promise<unknown>) => run().then(() => 'allowed', (e: unknown) => (e instanceof AppError ? e.code : String(e)));
    expect(await denied(() => getFeedlotViewForOperation(actors.vanzee, east))).toBe('NOT_FOUND');
    expect(await denied(() => saveStructure(actors.vanzee, structure(east, { name: 'Sneaky lot', latitude: '43.05', longitude: '-96.2' })))).toBe('NOT_FOUND');
    const [row] = await t.get().db.select().from(operationStructures).where(eq(operationStructures.name, 'East lot'));
    expect(await denied(() => saveStructure(actors.vanzee, structure(east, { structureId: row!.id, name: 'East lot', latitude: '43.05', longitude: '-96.2', abandoned: true })))).toBe('NOT_FOUND');
    expect(await denied(() => getFeedlotViewForOperation(actors.county, east))).toBe('allowed');
    expect(await denied(() => saveStructure(actors.county, structure(east, { name: 'County lot', latitude: '43.05', longitude: '-96.2' })))).toBe('FORBIDDEN');
    // Van Zee's own view never shows Hansen's structures.
    const cherokee = (await t.get().db.select().from(operations).where(eq(operations.name, 'Cherokee Feedlot North')))[0]!;
    const own = await getFeedlotViewForOperation(actors.vanzee, cherokee.id);
    expect(own.structures.some((s) => s.name === 'East lot' || s.name === 'Sneaky lot')).toBe(false);
    expect(own.control).toEqual([{ name: 'Van Zee Pork Inc.', words: 'sole proprietor' }]);
    const joined = own.groups.find((g) => g.operationIds.includes(cherokee.id))!;
    expect(joined.joined).toBe(true);
    expect(own.truckWashes[0]?.reason).toMatch(/^North truck wash is part of Cherokee Feedlot North \(\d+ feet away\)/);
  });
});
