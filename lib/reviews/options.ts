import 'server-only';
import { and, asc, inArray, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { users } from '@/db/schema';
import { countyList, fieldOfficeList } from '@/lib/reference/places';
import { DEPARTMENT } from '@/lib/auth/roles';

// Choices for the worklist's filters and the assignment form.

export type Option = { value: string; label: string };

export async function listReviewerOptions(): Promise<Option[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(inArray(users.role, [...DEPARTMENT]), isNull(users.disabledAt)))
    .orderBy(asc(users.name));
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

export async function listCountyOptions(): Promise<Option[]> {
  const rows = await countyList(await getDb());
  return rows.map((r) => ({ value: r.fips, label: r.name }));
}

export async function listFieldOfficeOptions(): Promise<Option[]> {
  const rows = await fieldOfficeList(await getDb());
  return rows.map((r) => ({ value: String(r.id), label: r.city }));
}
