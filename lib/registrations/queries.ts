import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { allOf, type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { animalInventory, counties, operations, registrationRequests, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { animalUnitCapacity, type AnimalCategory } from '@/lib/rules';

export type MyRegistration = {
  id: string;
  operationId: string;
  operationName: string;
  countyName: string;
  ownerName: string;
  ownerEmail: string;
  status: 'pending' | 'declined';
  lastSentAt: Date;
  linkExpiresAt: Date | null;
  decidedAt: Date | null;
};

/** The preparer's registrations for clients that wait for the owner, and those the owner declined. */
export async function listMyRegistrations(actor: Actor): Promise<MyRegistration[]> {
  if (actor.role !== 'preparer') return [];
  const db = await getDb();
  const rows = await db
    .select({
      id: registrationRequests.id,
      operationId: registrationRequests.operationId,
      operationName: operations.name,
      countyName: counties.name,
      ownerName: registrationRequests.ownerName,
      ownerEmail: registrationRequests.ownerEmail,
      status: registrationRequests.status,
      lastSentAt: registrationRequests.lastSentAt,
      linkExpiresAt: registrationRequests.tokenExpiresAt,
      decidedAt: registrationRequests.decidedAt,
    })
    .from(registrationRequests)
    .innerJoin(operations, eq(operations.id, registrationRequests.operationId))
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .where(and(eq(registrationRequests.preparerUserId, actor.id), inArray(registrationRequests.status, ['pending', 'declined'])))
    .orderBy(desc(registrationRequests.createdAt))
    .limit(100);
  return rows as MyRegistration[];
}

export type RegistrationSummary = { operationName: string; countyName: string; kind: string; address911: string | null; animalUnitCapacity: number; preparerName: string; preparerEmail: string };

/** What the owner reads before answering: the operation as the preparer entered it, and who did. */
export async function loadRegistrationSummary(db: Executor, r: { operationId: string; preparerUserId: string }): Promise<RegistrationSummary> {
  const [[op], [preparer], heads] = await allOf(db, [
    () => db
      .select({ name: operations.name, kind: operations.kind, address911: operations.address911, countyName: counties.name })
      .from(operations)
      .innerJoin(counties, eq(counties.fips, operations.countyFips))
      .where(eq(operations.id, r.operationId)),
    () => db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, r.preparerUserId)),
    () => db.select().from(animalInventory).where(eq(animalInventory.operationId, r.operationId)),
  ]);
  const inventory = Object.fromEntries(heads.map((h) => [h.category, h.headAtCapacity])) as Partial<Record<AnimalCategory, number>>;
  return {
    operationName: op?.name ?? '',
    countyName: op?.countyName ?? '',
    kind: op?.kind ?? 'confinement',
    address911: op?.address911 ?? null,
    animalUnitCapacity: animalUnitCapacity(inventory),
    preparerName: preparer?.name ?? 'A preparer',
    preparerEmail: preparer?.email ?? '',
  };
}
