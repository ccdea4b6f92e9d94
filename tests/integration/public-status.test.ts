import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { operations } from '@/db/schema';
import { statusLabel } from '@/components/status-tag';
import { today } from '@/lib/clock';
import { hitRateLimit } from '@/lib/net/rate-limit';
import { publicStatusCsv } from '@/lib/public/status-csv';
import { parsePublicStatusFilter } from '@/lib/public/status-filter';
import { listPublicStatus, searchPublicStatus } from '@/lib/public/status-search';
import { addDays } from '@/lib/rules';
import { startPlan } from '@/lib/plans/start';
import { findPlanComplete, returnPlanIncomplete } from '@/lib/reviews/completeness';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, planVersion, setUpdateDueDate, submitNoChangeUpdate, submitOriginalPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const T = today();

describe(`the public status search on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  const search = (params: Record<string, string>) => searchPublicStatus(parsePublicStatusFilter(params));

  beforeAll(async () => {
    // Made here: in Sioux County, Rock Valley (approved, due in 45 days) and two plans under review;
    // in Hamilton County, Stanhope (filed) and Webster City (only a draft).
    const owner = await createOwner();
    const reviewer = await createReviewer();
    const rockValley = await createOperation(owner, { name: 'Rock Valley Finisher Site', countyFips: '19167', today: addDays(T, -200) });
    await approvedPlanFor(owner, rockValley.operationId, reviewer, { today: addDays(T, -200), draft: completeDraft(['19167', '19119']) });
    await setUpdateDueDate(rockValley.operationId, addDays(T, 45));
    for (const name of ['Hull Contract Finisher', 'Sioux Center Finisher II']) {
      const { operationId } = await createOperation(owner, { name, countyFips: '19167', today: addDays(T, -30) });
      const { planId } = await submitOriginalPlan(owner, operationId, { today: addDays(T, -30), draft: completeDraft(['19167', '19167']) });
      await findPlanComplete(reviewer, { planId, version: await planVersion(planId) }, addDays(T, -25));
    }
    const stanhope = await createOperation(owner, { name: 'Stanhope Layer Complex', countyFips: '19079', today: addDays(T, -10) });
    await submitOriginalPlan(owner, stanhope.operationId, { today: addDays(T, -10), draft: completeDraft(['19079', '19083']) });
    const webster = await createOperation(owner, { name: 'Webster City Wean-to-Finish (proposed)', countyFips: '19079', today: T });
    await startPlan(owner, { operationId: webster.operationId, kind: 'original' }, T);
  });

  it('finds operations by name, facility ID or county and shows only public columns', async () => {
    const { rows, total } = await search({ q: 'rock valley' });
    expect(total).toBe(1);
    expect(rows[0]).toEqual({
      facilityId: expect.stringMatching(/^\d+$/),
      name: 'Rock Valley Finisher Site',
      countyFips: '19167',
      countyName: 'Sioux',
      animalUnitCapacity: 992,
      planStatus: 'approved',
      approvedPlanInForce: true,
      lastApprovedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      nextDueOn: addDays(T, 45),
    });
    // Nothing private is in a row: no owner, contacts, fees, plan ids or drafts.
    expect(Object.keys(rows[0]!).sort()).toEqual(['animalUnitCapacity', 'approvedPlanInForce', 'countyFips', 'countyName', 'facilityId', 'lastApprovedOn', 'name', 'nextDueOn', 'planStatus']);
    expect((await search({ q: rows[0]!.facilityId! })).rows.map((r) => r.name)).toEqual(['Rock Valley Finisher Site']);
    expect((await search({ q: 'hamilton' })).rows.map((r) => r.name)).toEqual(['Stanhope Layer Complex', 'Webster City Wean-to-Finish (proposed)']);
    expect((await search({ county: '19167' })).rows.map((r) => r.name)).toEqual(['Hull Contract Finisher', 'Rock Valley Finisher Site', 'Sioux Center Finisher II']);
    expect((await search({ q: '%' })).total).toBe(0);
  });

  it('filters by plan status; a draft is never shown as a status', async () => {
    const under = await search({ status: 'under_review' });
    expect(under.rows.map((r) => r.name)).toEqual(['Hull Contract Finisher', 'Sioux Center Finisher II']);
    // Webster City's only plan is a draft: publicly it has no plan filed.
    const none = await search({ status: 'none' });
    expect(none.rows.map((r) => r.name)).toContain('Webster City Wean-to-Finish (proposed)');
    expect(none.rows.every((r) => r.planStatus === null)).toBe(true);
  });

  it('leaves out an operation an owner typed in that has no facility ID and no filed plan', async () => {
    await db().insert(operations).values({ name: 'Private Draft Site', kind: 'confinement', countyFips: '19167' });
    expect((await search({ q: 'private draft' })).total).toBe(0);
  });

  it('pages on the server, 25 a page, with the total of every match', async () => {
    await db().execute(sql`insert into operations (name, kind, county_fips, facility_id) select 'Zz Public ' || lpad(g::text, 2, '0'), 'confinement', '19079', 'ZZ' || g from generate_series(1, 30) g`);
    const first = await search({ q: 'zz public' });
    expect(first.total).toBe(30);
    expect(first.rows).toHaveLength(25);
    const second = await search({ q: 'zz public', page: '2' });
    expect(second.rows.map((r) => r.name)).toEqual(['Zz Public 26', 'Zz Public 27', 'Zz Public 28', 'Zz Public 29', 'Zz Public 30']);
  });

  it('an update returned as incomplete does not hide the approved plan in force (IAC 567-65.110(5))', async () => {
    const owner = await createOwner();
    const reviewer = await createReviewer();
    const { operationId } = await createOperation(owner, { name: 'Aurelia Cattle Confinement', countyFips: '19035', today: addDays(T, -300) });
    await approvedPlanFor(owner, operationId, reviewer, { today: addDays(T, -300), draft: completeDraft(['19035', '19035']) });
    const update = await submitNoChangeUpdate(owner, operationId, { today: addDays(T, -20) });
    await returnPlanIncomplete(reviewer, { planId: update, version: await planVersion(update), codes: ['OTHER'], details: { OTHER: 'Sign the statement.' } }, { today: addDays(T, -15), origin: 'http://portal.test' });
    const { rows } = await search({ q: 'aurelia' });
    expect(rows[0]).toMatchObject({ planStatus: 'incomplete', approvedPlanInForce: true, lastApprovedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const csv = publicStatusCsv(rows, statusLabel);
    expect(csv).toMatch(/Aurelia Cattle Confinement,Cherokee,[\d.]+,Incomplete,Yes,/);
  });

  it('exports every match as CSV with the same columns', async () => {
    const rows = await listPublicStatus(parsePublicStatusFilter({ county: '19167' }));
    const csv = publicStatusCsv(rows, statusLabel);
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Facility ID,Operation,County,Animal unit capacity (Iowa Code 459.102),Plan status,Approved plan in force (IAC 567-65.110(5)),Last approval,"Next annual update due (IAC 567-65.110(3)""b""(3))"');
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.includes('Rock Valley'))).toMatch(new RegExp(`^\\d+,Rock Valley Finisher Site,Sioux,992,Approved,Yes,\\d{4}-\\d{2}-\\d{2},${addDays(T, 45)}$`));
  });

  it('limits requests per address in a window, and says when the window frees', async () => {
    const rule = { limit: 3, windowSeconds: 60 };
    const now = new Date('2030-01-01T00:00:10Z');
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await hitRateLimit('test:203.0.113.9', rule, now));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false]);
    expect(answers[3]!.retryAfterSeconds).toBe(50);
    // Another address is counted apart, and the next window starts afresh.
    expect((await hitRateLimit('test:203.0.113.10', rule, now)).allowed).toBe(true);
    expect((await hitRateLimit('test:203.0.113.9', rule, new Date('2030-01-01T00:01:00Z'))).allowed).toBe(true);
  });
});
