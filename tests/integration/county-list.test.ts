import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { operations, planClockEvents, plans } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { listAllCountyOperations, listCountyOperations } from '@/lib/counties/county-plans';
import { parseCountyFilter } from '@/lib/counties/filter';
import { listReceivedSince, markCountyListViewed } from '@/lib/counties/received';
import { today } from '@/lib/clock';
import { addDays } from '@/lib/rules';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, createUser, planVersion, setUpdateDueDate, submitNoChangeUpdate, submitOriginalPlan } from './support/factories';
import { findPlanComplete, returnPlanIncomplete } from '@/lib/reviews/completeness';
import { startPlan } from '@/lib/plans/start';
import { databaseLabel, useTestDb } from './support/test-db';

// The records are made relative to the portal's today, and the "last looked" times are the database's
// now: both move with the clock, so the test holds on any day.
const T = today();
const SIOUX = '19167';
const LYON = '19119';
const HAMILTON = '19079';

describe(`the county official's list on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  const people = {} as Record<'sioux' | 'hamilton' | 'washington', Actor>;
  let hullFacility = '';
  const names = (rows: { name: string }[]) => rows.map((r) => r.name);

  beforeAll(async () => {
    // Made here: three counties' officials, and operations located in or land-applying in Sioux,
    // Hamilton and Washington counties, each with plans through the real services.
    people.sioux = await createUser('county_official', { countyFips: SIOUX });
    people.hamilton = await createUser('county_official', { countyFips: HAMILTON });
    people.washington = await createUser('county_official', { countyFips: '19183' });
    const reviewer = await createReviewer();
    const owner = await createOwner();
    const complete = async (planId: string, day: string) => findPlanComplete(reviewer, { planId, version: await planVersion(planId) }, day);
    const approved = async (name: string, countyFips: string, fields: [string, string], day: string) => {
      const op = await createOperation(owner, { name, countyFips, today: day });
      await approvedPlanFor(owner, op.operationId, reviewer, { today: day, draft: completeDraft(fields) });
      return op;
    };
    const rockValley = await approved('Rock Valley Finisher Site', SIOUX, [SIOUX, LYON], addDays(T, -240));
    await setUpdateDueDate(rockValley.operationId, addDays(T, 45));
    const hull = await approved('Hull Contract Finisher', SIOUX, [SIOUX, '19141'], addDays(T, -400));
    hullFacility = hull.facilityId;
    await complete(await submitNoChangeUpdate(owner, hull.operationId, { today: addDays(T, -55) }), addDays(T, -50));
    const siouxCenter = await createOperation(owner, { name: 'Sioux Center Finisher II', countyFips: SIOUX, today: T });
    await complete((await submitOriginalPlan(owner, siouxCenter.operationId, { today: addDays(T, -20) })).planId, addDays(T, -15));
    await approved('Doon Sow Unit', LYON, [LYON, SIOUX], addDays(T, -240));
    await approved('Kalona Dairy', '19183', ['19183', '19183'], addDays(T, -240));
    // Hamilton: Stanhope (located there) approved two years ago, its update received yesterday;
    // Iowa Falls (in Hardin, fields in Hamilton) with its update of 14 days ago returned incomplete;
    // Webster City, located there, with only a draft.
    const stanhope = await approved('Stanhope Layer Complex', HAMILTON, [HAMILTON, HAMILTON], addDays(T, -730));
    await submitNoChangeUpdate(owner, stanhope.operationId, { today: addDays(T, -1) });
    const iowaFalls = await approved('Iowa Falls Finisher', '19083', [HAMILTON, '19083'], addDays(T, -730));
    const fallsUpdate = await submitNoChangeUpdate(owner, iowaFalls.operationId, { today: addDays(T, -14) });
    await returnPlanIncomplete(reviewer, { planId: fallsUpdate, version: await planVersion(fallsUpdate), codes: ['OTHER'], details: { OTHER: 'Sign the statement.' } }, { today: addDays(T, -12), origin: 'http://portal.test' });
    const webster = await createOperation(owner, { name: 'Webster City Wean-to-Finish (proposed)', countyFips: HAMILTON, today: T });
    await startPlan(owner, { operationId: webster.operationId, kind: 'original' }, T);
  });

  it('lists operations located in the county and those land-applying in it, labelled, with capacity and dates', async () => {
    const sioux = people.sioux;
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
    const sioux = people.sioux;
    const list = async (params: Record<string, string>) => names((await listCountyOperations(sioux, parseCountyFilter(params))).rows);
    expect(await list({ relation: 'located_in' })).toEqual(['Hull Contract Finisher', 'Rock Valley Finisher Site', 'Sioux Center Finisher II']);
    expect(await list({ relation: 'land_applied_in' })).toEqual(['Doon Sow Unit', 'Hull Contract Finisher', 'Rock Valley Finisher Site', 'Sioux Center Finisher II']);
    expect(await list({ status: 'under_review' })).toEqual(['Hull Contract Finisher', 'Sioux Center Finisher II']);
    expect(await list({ q: 'doon' })).toEqual(['Doon Sow Unit']);
    expect(await list({ q: hullFacility })).toEqual(['Hull Contract Finisher']);
    expect(await list({ q: '%' })).toEqual([]);
    expect(await list({ status: 'nonsense', relation: 'x' })).toHaveLength(4);
  });

  it('never shows one county another county’s operations', async () => {
    const washington = people.washington;
    expect(names(await listAllCountyOperations(washington, parseCountyFilter({})))).toEqual(['Kalona Dairy']);
    const hamilton = people.hamilton;
    const rows = await listAllCountyOperations(hamilton, parseCountyFilter({}));
    expect(names(rows)).toEqual(['Iowa Falls Finisher', 'Stanhope Layer Complex', 'Webster City Wean-to-Finish (proposed)']);
    expect(rows.every((r) => r.locatedHere || r.appliesHere)).toBe(true);
    // Webster City is located in Hamilton, but its only plan is a draft: the county sees no plan yet.
    expect(rows.at(-1)).toMatchObject({ locatedHere: true, planId: null, planStatus: null, lastFiledOn: null });
  });

  it('pages on the server: 25 a page, and the total of every match', async () => {
    await db().execute(sql`insert into operations (name, kind, county_fips) select 'Zz Sioux Site ' || g, 'confinement', '19167' from generate_series(1, 30) g`);
    const sioux = people.sioux;
    const first = await listCountyOperations(sioux, parseCountyFilter({}));
    expect(first.total).toBe(34);
    expect(first.rows).toHaveLength(25);
    const third = await listCountyOperations(sioux, parseCountyFilter({ page: '2' }));
    expect(third.rows).toHaveLength(9);
    expect(third.rows.at(-1)).toMatchObject({ name: 'Zz Sioux Site 9', planStatus: null, animalUnitCapacity: 0 });
    expect((await listCountyOperations(sioux, parseCountyFilter({ status: 'none' }))).total).toBe(30);
  });

  it('lists plans received electronically since the official last looked (the last 30 days on a first look)', async () => {
    const hamilton = people.hamilton;
    expect(await markCountyListViewed(hamilton)).toBeNull();
    const first = await listReceivedSince(hamilton, null, 1, T);
    // Stanhope's update (received yesterday) and Iowa Falls' (14 days ago, returned incomplete);
    // Stanhope's original of two years ago is older than 30 days.
    expect(first.rows.map((r) => r.operationName).sort()).toEqual(['Iowa Falls Finisher', 'Stanhope Layer Complex']);
    expect(first.rows.find((r) => r.operationName === 'Iowa Falls Finisher')!.relations).toEqual(['land_applied_in']);

    const sioux = people.sioux;
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
