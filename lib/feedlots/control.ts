import 'server-only';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { allOf, type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { operationInterests, operationManagers, ownerships, parties, partyFamilyLinks } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize, canSeeOperation } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError, notFoundError } from '@/lib/errors';
import type { FamilyLinkInput, InterestInput, ManagerInput, RemoveControlInput } from '@/lib/validation/feedlot-control';

// Who owns and manages an operation (Iowa Code 459A.103(1)"c", "d"), and the family links whose interests
// are attributed to a person (1)"c"(2). The owner, their preparer or the department records them with the
// `structure.edit` capability; each write lands with its audit event. People and businesses are named:
// a name already on record (not an active contractor) is reused, the oldest first, as the registry does.

type PartyKind = 'person' | 'organization';

async function partyByName(tx: Executor, name: string, kind: PartyKind): Promise<{ id: string; created: boolean }> {
  const clean = name.trim();
  const [found] = await tx
    .select({ id: parties.id })
    .from(parties)
    .where(and(sql`lower(trim(${parties.name})) = ${clean.toLowerCase()}`, eq(parties.isActiveContractor, false)))
    .orderBy(asc(parties.createdAt))
    .limit(1);
  if (found) return { id: found.id, created: false };
  const [made] = await tx.insert(parties).values({ kind, name: clean }).returning({ id: parties.id });
  return { id: made!.id, created: true };
}

/** The owner on record and everyone with a recorded interest in or management of the operation. */
async function circleOf(tx: Executor, operationId: string): Promise<Set<string>> {
  const [owners, interests, managers] = await allOf(tx, [
    () => tx.select({ id: ownerships.ownerId }).from(ownerships).where(and(eq(ownerships.operationId, operationId), isNull(ownerships.releasedOn))),
    () => tx.select({ id: operationInterests.partyId }).from(operationInterests).where(eq(operationInterests.operationId, operationId)),
    () => tx.select({ id: operationManagers.partyId }).from(operationManagers).where(eq(operationManagers.operationId, operationId)),
  ]);
  return new Set([...owners, ...interests, ...managers].map((r) => r.id));
}

const refuse = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: [message] });

export async function addInterest(actor: Actor, input: InterestInput, db?: Executor): Promise<{ id: string }> {
  const q = db ?? (await getDb());
  await authorize(actor, 'structure.edit', { operationId: input.operationId }, q);
  return q.transaction(async (tx) => {
    const party = await partyByName(tx, input.name, input.partyKind);
    const [same] = await tx.select({ id: operationInterests.id }).from(operationInterests)
      .where(and(eq(operationInterests.operationId, input.operationId), eq(operationInterests.partyId, party.id), eq(operationInterests.kind, input.kind)));
    if (same) throw refuse('name', `${input.name} already holds that interest in this operation`);
    const equityShare = input.kind === 'equity' ? Math.round((input.equityPercent ?? 0) * 1e7) / 1e9 : null;
    const values = { operationId: input.operationId, partyId: party.id, kind: input.kind, equityShare };
    const [row] = await tx.insert(operationInterests).values(values).returning({ id: operationInterests.id });
    await recordAudit(tx, { actorUserId: actor.id, action: 'operation_interest.add', entityType: 'operation_interest', entityId: row!.id, after: { ...values, name: input.name, partyCreated: party.created } });
    return { id: row!.id };
  });
}

export async function addManager(actor: Actor, input: ManagerInput, db?: Executor): Promise<{ id: string }> {
  const q = db ?? (await getDb());
  await authorize(actor, 'structure.edit', { operationId: input.operationId }, q);
  return q.transaction(async (tx) => {
    const party = await partyByName(tx, input.name, input.partyKind);
    const [same] = await tx.select({ id: operationManagers.id }).from(operationManagers)
      .where(and(eq(operationManagers.operationId, input.operationId), eq(operationManagers.partyId, party.id), eq(operationManagers.kind, input.kind)));
    if (same) throw refuse('name', `${input.name} is already recorded as managing this operation that way`);
    const values = { operationId: input.operationId, partyId: party.id, kind: input.kind };
    const [row] = await tx.insert(operationManagers).values(values).returning({ id: operationManagers.id });
    await recordAudit(tx, { actorUserId: actor.id, action: 'operation_manager.add', entityType: 'operation_manager', entityId: row!.id, after: { ...values, name: input.name, partyCreated: party.created } });
    return { id: row!.id };
  });
}

/** A family link is recorded from an operation one of the two holds an interest in, manages or owns on record. */
export async function addFamilyLink(actor: Actor, input: FamilyLinkInput, db?: Executor): Promise<{ id: string }> {
  const q = db ?? (await getDb());
  await authorize(actor, 'structure.edit', { operationId: input.operationId }, q);
  return q.transaction(async (tx) => {
    const person = await partyByName(tx, input.personName, 'person');
    const relative = await partyByName(tx, input.relativeName, 'person');
    const circle = await circleOf(tx, input.operationId);
    if (!circle.has(person.id) && !circle.has(relative.id)) {
      throw refuse('personName', 'Record an interest or management for one of the two in this operation first: a family link is recorded from an operation one of them holds an interest in or manages');
    }
    const [same] = await tx.select({ id: partyFamilyLinks.id }).from(partyFamilyLinks)
      .where(or(and(eq(partyFamilyLinks.partyId, person.id), eq(partyFamilyLinks.relativeId, relative.id)), and(eq(partyFamilyLinks.partyId, relative.id), eq(partyFamilyLinks.relativeId, person.id))));
    if (same) throw refuse('relativeName', `A family link between ${input.personName} and ${input.relativeName} is already recorded`);
    const values = { partyId: person.id, relativeId: relative.id, relation: input.relation };
    const [row] = await tx.insert(partyFamilyLinks).values(values).returning({ id: partyFamilyLinks.id });
    await recordAudit(tx, { actorUserId: actor.id, action: 'family_link.add', entityType: 'party_family_link', entityId: row!.id,
      after: { ...values, operationId: input.operationId, personName: input.personName, relativeName: input.relativeName } });
    return { id: row!.id };
  });
}

export async function removeControl(actor: Actor, input: RemoveControlInput, db?: Executor): Promise<void> {
  const q = db ?? (await getDb());
  await authorize(actor, 'structure.edit', { operationId: input.operationId }, q);
  await q.transaction(async (tx) => {
    if (input.what === 'interest' || input.what === 'manager') {
      const table = input.what === 'interest' ? operationInterests : operationManagers;
      const [before] = await tx.select().from(table).where(and(eq(table.id, input.id), eq(table.operationId, input.operationId)));
      if (!before) throw notFoundError();
      await tx.delete(table).where(eq(table.id, before.id));
      await recordAudit(tx, { actorUserId: actor.id, action: `operation_${input.what}.remove`, entityType: `operation_${input.what}`, entityId: before.id, before });
      return;
    }
    const [before] = await tx.select().from(partyFamilyLinks).where(eq(partyFamilyLinks.id, input.id));
    const circle = await circleOf(tx, input.operationId);
    if (!before || (!circle.has(before.partyId) && !circle.has(before.relativeId))) throw notFoundError();
    await tx.delete(partyFamilyLinks).where(eq(partyFamilyLinks.id, before.id));
    await recordAudit(tx, { actorUserId: actor.id, action: 'family_link.remove', entityType: 'party_family_link', entityId: before.id, before: { ...before, operationId: input.operationId } });
  });
}

export type ControlRecords = {
  interests: { id: string; name: string; kind: InterestInput['kind']; equityShare: number | null }[];
  managers: { id: string; name: string; kind: ManagerInput['kind'] }[];
  links: { id: string; personName: string; relativeName: string; relation: FamilyLinkInput['relation'] }[];
};

/** What is recorded for the operation, with ids for the Remove buttons; links are those touching its people. */
export async function listControlRecords(actor: Actor, operationId: string, db?: Executor): Promise<ControlRecords> {
  const q = db ?? (await getDb());
  if (!(await canSeeOperation(actor, operationId, q))) throw notFoundError();
  const [interests, managers] = await allOf(q, [
    () => q.select({ id: operationInterests.id, name: parties.name, kind: operationInterests.kind, equityShare: operationInterests.equityShare })
      .from(operationInterests).innerJoin(parties, eq(parties.id, operationInterests.partyId))
      .where(eq(operationInterests.operationId, operationId)).orderBy(parties.name),
    () => q.select({ id: operationManagers.id, name: parties.name, kind: operationManagers.kind })
      .from(operationManagers).innerJoin(parties, eq(parties.id, operationManagers.partyId))
      .where(eq(operationManagers.operationId, operationId)).orderBy(parties.name),
  ]);
  const circle = [...(await circleOf(q, operationId))];
  const relative = alias(parties, 'relative');
  const links = circle.length
    ? await q.select({ id: partyFamilyLinks.id, personName: parties.name, relativeName: relative.name, relation: partyFamilyLinks.relation })
      .from(partyFamilyLinks)
      .innerJoin(parties, eq(parties.id, partyFamilyLinks.partyId))
      .innerJoin(relative, eq(relative.id, partyFamilyLinks.relativeId))
      .where(or(inArray(partyFamilyLinks.partyId, circle), inArray(partyFamilyLinks.relativeId, circle)))
      .orderBy(parties.name)
    : [];
  return { interests, managers, links };
}
