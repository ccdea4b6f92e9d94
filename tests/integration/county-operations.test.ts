import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { operationFiledCounties, operations, users } from '@/db/schema';
import { seedDatabase } from '@/lib/demo';
import type { Actor } from '@/lib/auth/roles';
import { operationScope } from '@/lib/auth/scopes';
import { listCountyOperations } from '@/lib/counties/county-plans';
import { seedScale } from '../../scripts/scale/seed-scale';
import { databaseLabel, useTestDb } from './support/test-db';

// county_operations is what a county official's list is read from: the triggers of migration 0020
// keep it equal to the rule (IAC 567-65.110(3)"b": registered, and located in the county or named
// by a filed plan). Each case compares it with the rule computed from the tables themselves.
const TODAY = '2026-11-30';
const SIOUX = '19167';
const LYON = '19119';

describe(`the county list's table follows operations and their filed counties on ${databaseLabel}`, () => {
  const t = useTestDb();
  let sioux: Actor;

  beforeAll(async () => {
    const { db } = t.get();
    await seedDatabase(db, { demo: true, today: TODAY });
    await seedScale(db, 400, 200);
    const [u] = await db.select().from(users).where(eq(users.email, 'auditor.sioux@example.com'));
    sioux = { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
  }, 180_000);

  /** Rows of the table that the rule does not give, and rows the rule gives that the table lacks. */
  async function differences(): Promise<{ extra: unknown[]; missing: unknown[] }> {
    const rule = sql`select x.county_fips, o.id as operation_id, o.name from operations o
      cross join lateral (select o.county_fips union select f.county_fips from operation_filed_counties f where f.operation_id = o.id) x
      where o.registration_status = 'registered'`;
    const kept = sql`select county_fips, operation_id, name from county_operations`;
    const db = t.get().db;
    return {
      extra: await queryRows(db, sql`${kept} except ${rule}`),
      missing: await queryRows(db, sql`${rule} except ${kept}`),
    };
  }

  /** What the county official may see, by operationScope over every operation. */
  async function scopeCount(actor: Actor): Promise<number> {
    const [row] = await queryRows<{ n: number }>(t.get().db, sql`select count(*)::int as n from operations where ${operationScope(actor)}`);
    return row!.n;
  }

  it('holds exactly the operations each county may see after a bulk load, and the list counts them', async () => {
    expect(await differences()).toEqual({ extra: [], missing: [] });
    const expected = await scopeCount(sioux);
    expect(expected).toBeGreaterThan(25);
    const list = await listCountyOperations(sioux, { page: 1 });
    expect(list.total).toBe(expected);
    expect(list.rows).toHaveLength(25);
    // In name order, as the page promises, and the second page follows on.
    const names = list.rows.map((r) => r.name);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    const second = await listCountyOperations(sioux, { page: 2 });
    expect(second.rows[0]!.name >= names[24]!).toBe(true);
    expect(second.rows.map((r) => r.id)).not.toContain(list.rows[0]!.id);
  });

  it('follows a rename, a move to another county, a withdrawal and a new filed county', async () => {
    const db = t.get().db;
    const [op] = await queryRows<{ id: string; name: string }>(db, sql`select id, name from operations
      where county_fips = ${SIOUX} and registration_status = 'registered' order by name limit 1`);
    const id = op!.id;
    const rowsOf = () => queryRows<{ county_fips: string; name: string }>(db, sql`select county_fips, name from county_operations where operation_id = ${id} order by county_fips`);
    // Its filed counties gone (as when its only filed plan is deleted): it is still listed where it is located.
    await db.delete(operationFiledCounties).where(eq(operationFiledCounties.operationId, id));
    expect(await rowsOf()).toEqual([{ county_fips: SIOUX, name: op!.name }]);
    const before = await scopeCount(sioux);

    // Renamed: the list sorts by the new name at once.
    await db.update(operations).set({ name: 'Aaaa First Alphabetical Finisher' }).where(eq(operations.id, id));
    expect(await rowsOf()).toEqual([{ county_fips: SIOUX, name: 'Aaaa First Alphabetical Finisher' }]);
    expect((await listCountyOperations(sioux, { page: 1 })).rows[0]!.id).toBe(id);

    // Moved to Lyon County, with no filed plan naming Sioux: Sioux no longer lists it.
    await db.update(operations).set({ countyFips: LYON }).where(eq(operations.id, id));
    expect(await rowsOf()).toEqual([{ county_fips: LYON, name: 'Aaaa First Alphabetical Finisher' }]);
    expect((await listCountyOperations(sioux, { page: 1 })).total).toBe(before - 1);

    // A filed plan names Sioux again (land application there): it is back in Sioux's list.
    await db.insert(operationFiledCounties).values({ countyFips: SIOUX, operationId: id, relation: 'land_applied_in' }).onConflictDoNothing();
    expect((await rowsOf()).map((r) => r.county_fips)).toEqual([LYON, SIOUX].sort());
    expect((await listCountyOperations(sioux, { page: 1 })).total).toBe(before);

    // Withdrawn from registration: no county lists it; registered again, both do.
    await db.update(operations).set({ registrationStatus: 'withdrawn' }).where(eq(operations.id, id));
    expect(await rowsOf()).toEqual([]);
    expect((await listCountyOperations(sioux, { page: 1 })).total).toBe(before - 1);
    await db.update(operations).set({ registrationStatus: 'registered' }).where(eq(operations.id, id));
    expect((await rowsOf()).map((r) => r.county_fips)).toEqual([LYON, SIOUX].sort());

    // The plan that named Sioux is gone: only its own county holds it.
    await db.delete(operationFiledCounties).where(eq(operationFiledCounties.operationId, id));
    expect(await rowsOf()).toEqual([{ county_fips: LYON, name: 'Aaaa First Alphabetical Finisher' }]);

    expect(await differences()).toEqual({ extra: [], missing: [] });
    expect((await listCountyOperations(sioux, { page: 1 })).total).toBe(await scopeCount(sioux));
  });
});
