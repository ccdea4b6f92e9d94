import 'server-only';
import { asc } from 'drizzle-orm';
import { allOf, type Executor } from '@/db/client';
import { counties, fieldOffices } from '@/db/schema';

// Iowa's 99 counties and the department's field offices, by name. Only the seed writes these names
// (an office's address and telephone are edited, its id and city are not), so each database's list is
// read once and kept: the worklist's filters, the county choosers and the review page's county names
// no longer read them on every page. Kept per database handle, on globalThis so that pages, actions
// and route handlers, bundled apart, share one copy; a test that opens a new database reads afresh.

export type CountyOption = { fips: string; name: string };
export type FieldOfficeOption = { id: number; city: string };
type Places = { counties: CountyOption[]; fieldOffices: FieldOfficeOption[] };

const g = globalThis as typeof globalThis & { __mmpPlaces?: WeakMap<object, Promise<Places>> };
const byDatabase = (g.__mmpPlaces ??= new WeakMap());

async function read(db: Executor): Promise<Places> {
  const [countyRows, officeRows] = await allOf(db, [
    () => db.select({ fips: counties.fips, name: counties.name }).from(counties).orderBy(asc(counties.name)),
    () => db.select({ id: fieldOffices.id, city: fieldOffices.city }).from(fieldOffices).orderBy(asc(fieldOffices.city)),
  ]);
  return { counties: countyRows, fieldOffices: officeRows };
}

function places(db: Executor): Promise<Places> {
  let held = byDatabase.get(db);
  if (!held) {
    held = read(db);
    byDatabase.set(db, held);
    // A failed read (the database away for a moment) is not kept: the next page asks again. Before
    // the seed has run the lists are empty, and an empty list is not kept either.
    held.then(
      (p) => (p.counties.length ? undefined : byDatabase.delete(db)),
      () => byDatabase.delete(db),
    );
  }
  return held;
}

/** The counties by name, A to Z (a copy: the kept list is never handed out). */
export async function countyList(db: Executor): Promise<CountyOption[]> {
  return (await places(db)).counties.map((c) => ({ ...c }));
}

/** The department's field offices by city, A to Z (a copy). */
export async function fieldOfficeList(db: Executor): Promise<FieldOfficeOption[]> {
  return (await places(db)).fieldOffices.map((o) => ({ ...o }));
}
