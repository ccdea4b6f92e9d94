import 'server-only';
import { and, eq } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { operations, operationStructures, type FootprintPolygon } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { notFoundError } from '@/lib/errors';
import { parseFootprint, type StructureInput } from '@/lib/validation/structures';

// Writes for an operation's structures (Iowa Code 459A.103): the owner, their preparer or the
// department records or corrects one; each write lands with its audit event.

/** Adds a structure, or updates one of this operation's (marking it abandoned is an update). */
export async function saveStructure(actor: Actor, input: StructureInput, db?: Executor): Promise<{ id: string }> {
  const q = db ?? (await getDb());
  await authorize(actor, 'structure.edit', { operationId: input.operationId }, q);
  const parsed = parseFootprint(input.footprint);
  const footprint: FootprintPolygon | null = parsed.ok && parsed.ring ? { type: 'Polygon', coordinates: [parsed.ring] } : null;
  const values = {
    kind: input.kind,
    name: input.name,
    latitude: input.latitude,
    longitude: input.longitude,
    footprint,
    excavationOn: input.excavationOn ?? null,
    formsInstalledOn: input.formsInstalledOn ?? null,
    pipingInstalledOn: input.pipingInstalledOn ?? null,
    abandoned: input.abandoned,
    abandonedOn: input.abandoned ? (input.abandonedOn ?? null) : null,
    animalCategory: input.kind === 'confinement_building' ? (input.animalCategory ?? null) : null,
    headAtCapacity: input.kind === 'confinement_building' ? (input.headAtCapacity ?? null) : null,
  };
  return q.transaction(async (tx) => {
    let id: string;
    if (input.structureId) {
      const [before] = await tx.select().from(operationStructures)
        .where(and(eq(operationStructures.id, input.structureId), eq(operationStructures.operationId, input.operationId)));
      if (!before) throw notFoundError();
      await tx.update(operationStructures).set({ ...values, updatedAt: new Date() }).where(eq(operationStructures.id, before.id));
      id = before.id;
      await recordAudit(tx, { actorUserId: actor.id, action: 'structure.edit', entityType: 'operation_structure', entityId: id, before, after: values });
    } else {
      const [row] = await tx.insert(operationStructures).values({ ...values, operationId: input.operationId }).returning({ id: operationStructures.id });
      id = (row as { id: string }).id;
      await recordAudit(tx, { actorUserId: actor.id, action: 'structure.add', entityType: 'operation_structure', entityId: id, after: { ...values, operationId: input.operationId } });
    }
    return { id };
  });
}

/** Iowa Code 459A.103(1)"a": the area or system an open feedlot uses for effluent disposal, as a label shared with others. */
export async function setEffluentSystem(actor: Actor, input: { operationId: string; effluentSystemLabel?: string | undefined }, db?: Executor): Promise<void> {
  const q = db ?? (await getDb());
  await authorize(actor, 'structure.edit', { operationId: input.operationId }, q);
  const label = input.effluentSystemLabel?.trim() || null;
  await q.transaction(async (tx) => {
    await tx.update(operations).set({ effluentSystemLabel: label, updatedAt: new Date() }).where(eq(operations.id, input.operationId));
    await recordAudit(tx, { actorUserId: actor.id, action: 'operation.effluent_system', entityType: 'operation', entityId: input.operationId, after: { effluentSystemLabel: label } });
  });
}
