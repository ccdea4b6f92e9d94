import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { counties, fieldOffices } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { notFoundError } from '@/lib/errors';
import type { FieldOfficeContactValues } from '@/lib/validation/letters';
import { fieldOfficeContactSchema } from '@/lib/validation/letters';

// The department's field offices and their contacts, kept as data: a decision letter names the
// office that serves the operation's county, with its address and phone.

export type FieldOfficeContact = { id: number; name: string; city: string; addressLines: string[]; phone: string | null };

const toContact = (o: typeof fieldOffices.$inferSelect): FieldOfficeContact => ({
  id: o.id,
  name: o.name,
  city: o.city,
  addressLines: (o.mailingAddress ?? '').split('\n').filter(Boolean),
  phone: o.phone,
});

export async function listFieldOffices(db?: Executor): Promise<FieldOfficeContact[]> {
  const q = db ?? (await getDb());
  return (await q.select().from(fieldOffices).orderBy(asc(fieldOffices.id))).map(toContact);
}

/** The field office that serves a county (every county has one). */
export async function fieldOfficeForCounty(db: Executor, countyFips: string): Promise<FieldOfficeContact | null> {
  const [row] = await db
    .select({ office: fieldOffices })
    .from(counties)
    .innerJoin(fieldOffices, eq(fieldOffices.id, counties.fieldOfficeId))
    .where(eq(counties.fips, countyFips));
  return row ? toContact(row.office) : null;
}

/** An administrator corrects a field office's address or phone; the letters print the new contact. */
export async function setFieldOfficeContact(actor: Actor, input: FieldOfficeContactValues): Promise<void> {
  await authorize(actor, 'county.edit');
  const v = fieldOfficeContactSchema.parse(input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(fieldOffices).where(eq(fieldOffices.id, v.id)).for('update');
    if (!before) throw notFoundError();
    await tx.update(fieldOffices).set({ mailingAddress: v.mailingAddress, phone: v.phone }).where(eq(fieldOffices.id, v.id));
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'field_office.contact_set',
      entityType: 'field_office',
      entityId: String(v.id),
      before: { mailingAddress: before.mailingAddress, phone: before.phone },
      after: { mailingAddress: v.mailingAddress, phone: v.phone },
    });
  });
}
