import { describe, expect, it } from 'vitest';
import { listCountyDirectory } from '@/lib/counties/queries';
import { completeDraft, createOperation, createOwner, submitOriginalPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

describe(`county directory on ${databaseLabel}`, () => {
  useTestDb();

  it('lists all 99 counties with their field office, and counts operations and plans per county', async () => {
    const before = await listCountyDirectory();
    expect(before).toHaveLength(99);
    expect(before.every((r) => r.operationsLocated === 0 && r.plansTouching === 0)).toBe(true);

    // Three operations in Sioux County, two of whose filed plans spread manure in Lyon County too,
    // and one operation in Lyon.
    const owner = await createOwner();
    for (const [i, name] of ['Rock Valley Finisher Site', 'Hull Contract Finisher', 'Sioux Center Finisher II'].entries()) {
      const { operationId } = await createOperation(owner, { name, countyFips: '19167', today: '2026-11-30' });
      if (i < 2) await submitOriginalPlan(owner, operationId, { today: '2026-11-30', draft: completeDraft(['19167', '19119']) });
    }
    await createOperation(owner, { name: 'Doon Sow Unit', countyFips: '19119', today: '2026-11-30' });
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
