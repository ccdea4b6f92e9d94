import { describe, expect, it } from 'vitest';
import type { Executor } from '@/db/client';
import { counties, fieldOffices } from '@/db/schema';
import { countyList, fieldOfficeList } from '@/lib/reference/places';

// The counties and field offices are read once per database and kept (lib/reference/places.ts). A
// stand-in database counts the reads: the pages must see the same lists without asking again, a read
// that failed or found nothing (before the seed) must be asked again, and a caller cannot spoil the
// kept list.
function fakeDb(answers: { counties: () => Promise<unknown[]>; offices: () => Promise<unknown[]> }) {
  const reads = { counties: 0, offices: 0 };
  const db = {
    select: () => ({
      from: (table: unknown) => ({
        orderBy: () => {
          if (table === counties) {
            reads.counties += 1;
            return answers.counties();
          }
          if (table === fieldOffices) {
            reads.offices += 1;
            return answers.offices();
          }
          throw new Error('unexpected table');
        },
      }),
    }),
  };
  return { db: db as unknown as Executor, reads };
}

const ADAIR = { fips: '19001', name: 'Adair' };
const SIOUX = { fips: '19167', name: 'Sioux' };
const OFFICE = { id: 3, city: 'Spirit Lake' };

describe('the county and field-office lists', () => {
  it('are read once per database and handed out as copies', async () => {
    const { db, reads } = fakeDb({ counties: async () => [ADAIR, SIOUX], offices: async () => [OFFICE] });
    const first = await countyList(db);
    first[0]!.name = 'Changed';
    first.pop();
    expect(await countyList(db)).toEqual([ADAIR, SIOUX]);
    expect(await fieldOfficeList(db)).toEqual([OFFICE]);
    expect(reads).toEqual({ counties: 1, offices: 1 });
    const other = fakeDb({ counties: async () => [SIOUX], offices: async () => [] });
    expect(await countyList(other.db)).toEqual([SIOUX]);
    expect(other.reads.counties).toBe(1);
  });

  it('are read again after a failed read, or one that found no county (a database not yet seeded)', async () => {
    let calls = 0;
    const { db, reads } = fakeDb({
      counties: async () => {
        calls += 1;
        if (calls === 1) throw new Error('connection reset');
        return calls === 2 ? [] : [ADAIR];
      },
      offices: async () => [OFFICE],
    });
    await expect(countyList(db)).rejects.toThrow('connection reset');
    expect(await countyList(db)).toEqual([]);
    expect(await countyList(db)).toEqual([ADAIR]);
    expect(await countyList(db)).toEqual([ADAIR]);
    expect(reads.counties).toBe(3);
  });
});
