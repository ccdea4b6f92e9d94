import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { seedDatabase } from '@/db/seed';
import { operations, planClockEvents, plans, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { listAllCountyOperations, listCountyOperations } from '@/lib/counties/county-plans';
import { parseCountyFilter } from '@/lib/counties/filter';
import { listReceivedSince, markCountyListViewed } from '@/lib/counties/received';
import { today } from '@/lib/clock';
import { addDays } from '@/lib/rules';
import { databaseLabel, useTestDb } from './support/test-db';

// The demo is built relative to the portal's today, and the "last looked" times are the database's
// now: both move with the clock, so the test holds on any day.
const T = today();

describe(`the county official's list on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  const actor = async (email: string): Promise<Actor> => {
    const [u] = await db().select().from(users).where(eq(users.email, email));
    return { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
  };
  const names = (rows: { name: string }[]) => rows.map((r) => r.name);

  beforeAll(async () => {
    await seedDatabase(db(), { demo: true, today: T });
    // A third county's official, for Washington County (Kalona Dairy), and nothing else.
    await db().insert(users).values({ email: 'auditor.washington@example.com', name: 'Washington County Auditor', role: 'county_official', countyFips: '19183' });
  });

  it('lists operations located in the county and those land-applying in it, labelled, with capacity and dates', async () => {
    const sioux = await actor('auditor.sioux@example.com');
    const { rows, total } = await listCountyOperations(sioux, parseCountyFilter({}));
    expect(names(rows)).toEqual(['Doon Sow Unit', 'Hull Contract Finisher', 'Rock Valley Finisher Site', 'Sioux Center Finisher II']);
    expect(total).toBe(4);
    const doon = rows.find((r) => r.name === 'Doon Sow Unit')!;
    expect(doon).toMatchObject({ locatedHere: false, appliesHere: true, countyName: 'Lyon', planStatus: 'approved' });
    const rockValley = rows.find((r) => r.name === 'Rock Valley Finisher Site')!;
    expect(rockValley).toMatchObject({ locatedHere: true, animalUnitCapacity: 992, nextDueOn: addDays(T, 45), planStatus: 'approved' });
    expect(rows.find((r) => r.name === 'Hull Contract Finisher')).toMatchObject({ planStatus: 'under_review', lastFiledOn: addDays(T, -55) });
  });

  it('filters by relation, status and a search on name or facility ID', async () => {
    const sioux = await actor('auditor.sioux@example.com');
    const list = async (params: Record<string, string>) => names((await listCountyOperations(sioux, parseCountyFilter(params))).rows);
    expect(await list({ relation: 'located_in' })).toEqual(['Hull Contract Finisher', 'Rock Valley Finisher Site', 'Sioux Center Finisher II']);
    expect(await list({ relation: 'land_applied_in' })).toEqual(['Doon Sow Unit', 'Hull Contract Finisher', 'Rock Valley Finisher Site', 'Sioux Center Finisher II']);
    expect(await list({ status: 'under_review' })).toEqual(['Hull Contract Finisher', 'Sioux Center Finisher II']);
    expect(await list({ q: 'doon' })).toEqual(['Doon Sow Unit']);
    expect(await list({ q: '64502' })).toEqual(['Hull Contract Finisher']);
    expect(await list({ q: '%' })).toEqual([]);
    expect(await list({ status: 'nonsense', relation: 'x' })).toHaveLength(4);
  });

  it('never shows one county another county’s operations', async () => {
    const washington = await actor('auditor.washington@example.com');
    expect(names(await listAllCountyOperations(washington, parseCountyFilter({})))).toEqual(['Kalona Dairy']);
    const hamilton = await actor('auditor.hamilton@example.com');
    const rows = await listAllCountyOperations(hamilton, parseCountyFilter({}));
    expect(names(rows)).toEqual(['Iowa Falls Finisher', 'Stanhope Layer Complex', 'Webster City Wean-to-Finish (proposed)']);
    expect(rows.every((r) => r.locatedHere || r.appliesHere)).toBe(true);
    // Webster City is located in Hamilton, but its only plan is a draft: the county sees no plan yet.
    expect(rows.at(-1)).toMatchObject({ locatedHere: true, planId: null, planStatus: null, lastFiledOn: null });
  });

  it('pages on the server: 25 a page, and the total of every match', async () => {
    await db().execute(sql`insert into operations (name, kind, county_fips) select 'Zz Sioux Site ' || g, 'confinement', '19167' from generate_series(1, 30) g`);
    const sioux = await actor('auditor.sioux@example.com');
    const first = await listCountyOperations(sioux, parseCountyFilter({}));
    expect(first.total).toBe(34);
    expect(first.rows).toHaveLength(25);
    const third = await listCountyOperations(sioux, parseCountyFilter({ page: '2' }));
    expect(third.rows).toHaveLength(9);
    expect(third.rows.at(-1)).toMatchObject({ name: 'Zz Sioux Site 9', planStatus: null, animalUnitCapacity: 0 });
    expect((await listCountyOperations(sioux, parseCountyFilter({ status: 'none' }))).total).toBe(30);
  });

  it('lists plans received electronically since the official last looked (the last 30 days on a first look)', async () => {
    const hamilton = await actor('auditor.hamilton@example.com');
    expect(await markCountyListViewed(hamilton)).toBeNull();
    const first = await listReceivedSince(hamilton, null, 1, T);
    // Stanhope's update (received yesterday) and Iowa Falls' (14 days ago, returned incomplete);
    // Stanhope's original of two years ago is older than 30 days.
    expect(first.rows.map((r) => r.operationName).sort()).toEqual(['Iowa Falls Finisher', 'Stanhope Layer Complex']);
    expect(first.rows.find((r) => r.operationName === 'Iowa Falls Finisher')!.relations).toEqual(['land_applied_in']);

    const sioux = await actor('auditor.sioux@example.com');
    expect(await markCountyListViewed(sioux)).toBeNull();
    const lastLooked = await markCountyListViewed(sioux);
    expect(lastLooked).toBeInstanceOf(Date);
    expect((await listReceivedSince(sioux, lastLooked, 1, T)).rows).toEqual([]);

    // A plan touching Sioux is resubmitted (a new receipt) after the official looked.
    const [hull] = await db().select({ id: plans.id }).from(plans).innerJoin(operations, eq(operations.id, plans.operationId)).where(eq(operations.name, 'Hull Contract Finisher')).orderBy(sql`${plans.receivedOn} desc`).limit(1);
    await db().insert(planClockEvents).values({ planId: hull!.id, kind: 'resubmitted', occurredOn: T, createdAt: new Date(lastLooked!.getTime() + 1000) });
    await db().update(plans).set({ receivedOn: T }).where(eq(plans.id, hull!.id));
    const since = await listReceivedSince(sioux, lastLooked, 1, T);
    expect(since.rows.map((r) => r.operationName)).toEqual(['Hull Contract Finisher']);
    expect(since.rows[0]!.relations.sort()).toEqual(['land_applied_in', 'located_in']);
    // Hamilton is not touched by that plan.
    expect((await listReceivedSince(hamilton, lastLooked, 1, T)).rows).toEqual([]);
  });
});
