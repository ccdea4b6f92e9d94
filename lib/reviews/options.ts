import 'server-only';
import { and, asc, inArray, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { counties, fieldOffices, users } from '@/db/schema';
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
  const db = await getDb();
  const rows = await db.select({ fips: counties.fips, name: counties.name }).from(counties).orderBy(asc(counties.name));
  return rows.map((r) => ({ value: r.fips, label: r.name }));
}

export async function listFieldOfficeOptions(): Promise<Option[]> {
  const db = await getDb();
  const rows = await db.select({ id: fieldOffices.id, city: fieldOffices.city }).from(fieldOffices).orderBy(asc(fieldOffices.city));
  return rows.map((r) => ({ value: String(r.id), label: r.city }));
}
