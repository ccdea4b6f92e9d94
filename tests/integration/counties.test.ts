import { describe, expect, it } from 'vitest';
import { seedDatabase } from '@/db/seed';
import { listCountyDirectory } from '@/lib/counties/queries';
import { databaseLabel, useTestDb } from './support/test-db';

describe(`county directory on ${databaseLabel}`, () => {
  const t = useTestDb();

  it('lists all 99 counties with their field office, and counts operations and plans per county', async () => {
    const before = await listCountyDirectory();
    expect(before).toHaveLength(99);
    expect(before.every((r) => r.operationsLocated === 0 && r.plansTouching === 0)).toBe(true);

    await seedDatabase(t.get().db, { demo: true, today: '2026-11-30' });
    const rows = await listCountyDirectory();
    const sioux = rows.find((r) => r.name === 'Sioux');
    expect(sioux).toMatchObject({ fips: '19167', fieldOffice: 'Spencer', operationsLocated: 3 });
    // Lyon receives manure from Sioux County operations: its plans outnumber its one operation.
    const lyon = rows.find((r) => r.name === 'Lyon')!;
    expect(lyon.operationsLocated).toBe(1);
    expect(lyon.plansTouching).toBeGreaterThan(lyon.operationsLocated);
    expect(rows.map((r) => r.name)).toEqual([...rows.map((r) => r.name)].sort((a, b) => a.localeCompare(b)));
  });
});
