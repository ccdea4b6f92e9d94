import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, type Tx } from '@/db/client';
import { getDb } from '@/lib/db';
import { animalInventory, counties, manureStorageStructures, operations, ownerships, parties } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError, pgErrorCode } from '@/lib/errors';
import type { OperationValues } from '@/lib/validation/operations';
import { animalUnitBreakdown } from './facts';
import { nextSafoState } from './safo';

// Registering and editing an operation (identity, location, animals, storage, contract producer,
// SAFO election). Each write is one transaction with its audit event.

function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { [field]: [message] });
}

/** The county must be one of Iowa's 99 and a named active contractor must be one. */
export async function checkReferences(db: Executor, v: OperationValues): Promise<void> {
  const [county] = await db.select({ fips: counties.fips }).from(counties).where(eq(counties.fips, v.countyFips));
  if (!county) throw fieldError('countyFips', 'Choose an Iowa county');
  if (v.activeContractorId) {
    const [c] = await db
      .select({ id: parties.id })
      .from(parties)
      .where(and(eq(parties.id, v.activeContractorId), eq(parties.isActiveContractor, true)));
    if (!c) throw fieldError('activeContractorId', 'Choose an active contractor from the list');
  }
}

export function operationColumns(v: OperationValues) {
  return {
    name: v.name,
    kind: v.kind,
    countyFips: v.countyFips,
    township: v.township,
    range: v.range,
    section: v.section,
    quarterSection: v.quarterSection,
    address911: v.address911,
    latitude: v.latitude ?? null,
    longitude: v.longitude ?? null,
    constructedOn: v.constructedOn,
    lastExpandedOn: v.lastExpandedOn ?? null,
    constructionPermitStatus: v.constructionPermitStatus,
    contractProducer: v.contractProducer,
    activeContractorId: v.contractProducer ? (v.activeContractorId ?? null) : null,
    researchCollege: v.researchCollege,
    peakAnimalUnitsHoused: v.peakAnimalUnitsHoused ?? null,
    peakHousedOn: v.peakAnimalUnitsHoused === undefined ? null : (v.peakHousedOn ?? null),
  };
}

export async function writeOperationChildren(tx: Tx, operationId: string, v: OperationValues): Promise<void> {
  await tx.delete(animalInventory).where(eq(animalInventory.operationId, operationId));
  await tx.delete(manureStorageStructures).where(eq(manureStorageStructures.operationId, operationId));
  const animals = v.inventory.filter((r) => r.head > 0);
  if (animals.length) await tx.insert(animalInventory).values(animals.map((r) => ({ operationId, category: r.category, headAtCapacity: r.head })));
  if (v.storage.length) {
    await tx.insert(manureStorageStructures).values(
      v.storage.map((s) => ({ operationId, name: s.name, kind: s.kind, capacityGallons: s.capacityGallons ?? null, constructedOn: s.constructedOn ?? null })),
    );
  }
}

// The department's facility ID: the next number after the highest numeric one.
export async function nextFacilityId(tx: Tx): Promise<string> {
  const [row] = await tx.select({ n: sql<number>`coalesce(max(${operations.facilityId}::bigint), 64500)::bigint + 1` }).from(operations).where(sql`${operations.facilityId} ~ '^[0-9]{1,12}$'`);
  return String(row?.n ?? 64501);
}

/** An owner registers an operation they own; the portal assigns its facility ID. */
export async function registerOperation(actor: Actor, v: OperationValues, today: string): Promise<{ id: string; facilityId: string }> {
  if (!actor.partyId) throw new AppError('FORBIDDEN', 'Your account is not linked to an owner record. Contact the department.');
  const db = await getDb();
  await checkReferences(db, v);
  const au = animalUnitBreakdown(v.inventory).total;
  const safo = nextSafoState({ elect: v.safoElect, animalUnits: au, peakHoused: v.peakAnimalUnitsHoused, peakHousedOn: v.peakHousedOn, previous: null, today });
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await authorize(actor, 'operation.register', undefined, tx);
        const facilityId = await nextFacilityId(tx);
        const [op] = await tx
          .insert(operations)
          .values({ ...operationColumns(v), facilityId, createdByUserId: actor.id, safoElectedOn: safo.safoElectedOn, safoEndedOn: safo.safoEndedOn, safoEndReason: safo.safoEndReason })
          .returning({ id: operations.id });
        const id = op!.id;
        await writeOperationChildren(tx, id, v);
        await tx.insert(ownerships).values({ operationId: id, ownerId: actor.partyId!, acquiredOn: v.constructedOn <= today ? v.constructedOn : today });
        await recordAudit(tx, { actorUserId: actor.id, action: 'operation.registered', entityType: 'operation', entityId: id, after: { ...v, facilityId, animalUnitCapacity: au } });
        return { id, facilityId };
      });
    } catch (err) {
      // Two registrations at once can pick the same facility ID; the unique index refuses one.
      if (pgErrorCode(err) === '23505' && attempt < 3) continue;
      throw err;
    }
  }
}

/** The owner or their preparer edits an operation; `lockToken` is the updatedAt they read. */
export async function updateOperation(actor: Actor, input: { operationId: string; lockToken: string; values: OperationValues }, today: string): Promise<void> {
  await authorize(actor, 'operation.edit', { operationId: input.operationId });
  const db = await getDb();
  const v = input.values;
  await checkReferences(db, v);
  const au = animalUnitBreakdown(v.inventory).total;
  await db.transaction(async (tx) => {
    await authorize(actor, 'operation.edit', { operationId: input.operationId }, tx);
    const [before] = await tx.select().from(operations).where(eq(operations.id, input.operationId)).for('update');
    if (!before) throw new AppError('NOT_FOUND', 'We can’t find that record.');
    if (before.updatedAt.toISOString() !== input.lockToken) {
      throw new AppError('CONFLICT', 'This operation changed since you opened it. Reload the page to see the changes; what you typed here is still on the form.');
    }
    const safo = nextSafoState({ elect: v.safoElect, animalUnits: au, peakHoused: v.peakAnimalUnitsHoused, peakHousedOn: v.peakHousedOn, previous: before, today });
    await tx
      .update(operations)
      .set({ ...operationColumns(v), safoElectedOn: safo.safoElectedOn, safoEndedOn: safo.safoEndedOn, safoEndReason: safo.safoEndReason, updatedAt: new Date() })
      .where(eq(operations.id, input.operationId));
    const inventoryBefore = await tx.select().from(animalInventory).where(inArray(animalInventory.operationId, [input.operationId]));
    await writeOperationChildren(tx, input.operationId, v);
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: safo.endedNow ? 'operation.edited_safo_ended' : 'operation.edited',
      entityType: 'operation',
      entityId: input.operationId,
      before: { ...before, inventory: inventoryBefore },
      after: { ...v, animalUnitCapacity: au, safoEndedOn: safo.safoEndedOn, safoEndReason: safo.safoEndReason },
    });
  });
}
