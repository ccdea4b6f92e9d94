import 'server-only';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { operationAccessGrants, operations, ownerPreparerGrants, ownerships, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { AppError, notFoundError } from '@/lib/errors';
import { normalizeEmail } from './credentials';
import { authorize } from './policy';
import type { Actor } from './roles';

// Grants that fit a consultant's work: an owner lets a preparer act for all her operations (those
// registered or acquired later too) or for chosen ones, until an end date; one click ends all of a
// preparer's access to her operations.

export type PreparerAccess = {
  preparerUserId: string;
  preparerName: string;
  preparerEmail: string;
  /** All of the owner's operations (now and later), or the chosen ones by name. */
  all: boolean;
  operations: { id: string; name: string; endsOn: string | null }[];
  endsOn: string | null;
};

export type GrantPreparerInput = { email: string; scope: 'all' | 'chosen'; operationIds: string[]; endsOn: string | null };

async function ownerOperations(actor: Actor, executor?: Executor) {
  const db = executor ?? (await getDb());
  return db
    .select({ id: operations.id, name: operations.name })
    .from(operations)
    .innerJoin(ownerships, and(eq(ownerships.operationId, operations.id), isNull(ownerships.releasedOn)))
    .where(eq(ownerships.ownerId, actor.partyId ?? '00000000-0000-0000-0000-000000000000'))
    .orderBy(asc(operations.name));
}

export async function listOwnOperationsForGrant(actor: Actor) {
  if (actor.role !== 'owner') return [];
  return ownerOperations(actor);
}

/** The preparers who may act for this owner now, and on what. */
export async function listPreparerAccess(actor: Actor, today: string): Promise<PreparerAccess[]> {
  if (actor.role !== 'owner' || !actor.partyId) return [];
  const db = await getDb();
  const active = <T extends { endsOn: unknown }>(t: T) => sql`(${t.endsOn} is null or ${t.endsOn} >= ${today})`;
  const [wide, perOp] = await Promise.all([
    db
      .select({ preparerUserId: users.id, preparerName: users.name, preparerEmail: users.email, endsOn: ownerPreparerGrants.endsOn })
      .from(ownerPreparerGrants)
      .innerJoin(users, eq(users.id, ownerPreparerGrants.preparerUserId))
      .where(and(eq(ownerPreparerGrants.ownerPartyId, actor.partyId), isNull(ownerPreparerGrants.revokedAt), active(ownerPreparerGrants))),
    db
      .select({ preparerUserId: users.id, preparerName: users.name, preparerEmail: users.email, operationId: operations.id, operationName: operations.name, endsOn: operationAccessGrants.endsOn })
      .from(operationAccessGrants)
      .innerJoin(users, eq(users.id, operationAccessGrants.userId))
      .innerJoin(operations, eq(operations.id, operationAccessGrants.operationId))
      .innerJoin(ownerships, and(eq(ownerships.operationId, operations.id), isNull(ownerships.releasedOn)))
      .where(and(eq(ownerships.ownerId, actor.partyId), isNull(operationAccessGrants.revokedAt), active(operationAccessGrants)))
      .orderBy(asc(operations.name)),
  ]);
  const byPreparer = new Map<string, PreparerAccess>();
  for (const w of wide) byPreparer.set(w.preparerUserId, { preparerUserId: w.preparerUserId, preparerName: w.preparerName, preparerEmail: w.preparerEmail, all: true, operations: [], endsOn: w.endsOn });
  for (const g of perOp) {
    const entry = byPreparer.get(g.preparerUserId) ?? { preparerUserId: g.preparerUserId, preparerName: g.preparerName, preparerEmail: g.preparerEmail, all: false, operations: [], endsOn: null };
    if (!entry.operations.some((o) => o.id === g.operationId)) entry.operations.push({ id: g.operationId, name: g.operationName, endsOn: g.endsOn });
    byPreparer.set(g.preparerUserId, entry);
  }
  return [...byPreparer.values()].sort((a, b) => a.preparerName.localeCompare(b.preparerName));
}

/** Grants are the owner's, kept against the owner of record; an account not yet linked to one has none to give. */
function requireOwnerRecord(actor: Actor): asserts actor is Actor & { partyId: string } {
  if (actor.role === 'owner' && !actor.partyId) {
    throw new AppError('CONFLICT', 'Your account is not yet linked to an owner of record, so it has no operations to share. Register an operation or claim one first.');
  }
}

export async function grantPreparer(actor: Actor, input: GrantPreparerInput, today: string): Promise<{ preparerName: string }> {
  if (input.endsOn && input.endsOn < today) throw new AppError('VALIDATION', 'The end date has passed.', { endsOn: ['Choose today or a later day, or leave it empty'] });
  requireOwnerRecord(actor);
  const db = await getDb();
  const [preparer] = await db
    .select({ id: users.id, role: users.role, name: users.name })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, normalizeEmail(input.email)), isNull(users.disabledAt)))
    .limit(1);
  if (!preparer || preparer.role !== 'preparer') {
    throw new AppError('VALIDATION', 'No preparer account uses that email.', { email: ['No preparer account uses this email. Ask your preparer for the email they sign in with (they can create an account themselves).'] });
  }
  await db.transaction(async (tx) => {
    await authorize(actor, 'preparer.grant', undefined, tx);
    if (input.scope === 'all') {
      // A new grant replaces the one in force (a new end date), in one step.
      await tx.update(ownerPreparerGrants).set({ revokedAt: new Date() }).where(and(eq(ownerPreparerGrants.ownerPartyId, actor.partyId!), eq(ownerPreparerGrants.preparerUserId, preparer.id), isNull(ownerPreparerGrants.revokedAt)));
      const [row] = await tx.insert(ownerPreparerGrants).values({ ownerPartyId: actor.partyId!, preparerUserId: preparer.id, grantedByUserId: actor.id, endsOn: input.endsOn }).returning({ id: ownerPreparerGrants.id });
      await recordAudit(tx, { actorUserId: actor.id, action: 'access.granted_all', entityType: 'party', entityId: actor.partyId!, after: { grantId: row!.id, preparerUserId: preparer.id, endsOn: input.endsOn } });
      return;
    }
    if (!input.operationIds.length) throw new AppError('VALIDATION', 'Choose the operations.', { operationIds: ['Choose at least one operation, or grant all of them'] });
    for (const operationId of input.operationIds) {
      await authorize(actor, 'operation.grant_access', { operationId }, tx);
      await tx.update(operationAccessGrants).set({ revokedAt: new Date() }).where(and(eq(operationAccessGrants.operationId, operationId), eq(operationAccessGrants.userId, preparer.id), isNull(operationAccessGrants.revokedAt)));
      const [grant] = await tx.insert(operationAccessGrants).values({ operationId, userId: preparer.id, grantedByUserId: actor.id, endsOn: input.endsOn }).returning({ id: operationAccessGrants.id });
      await recordAudit(tx, { actorUserId: actor.id, action: 'access.granted', entityType: 'operation', entityId: operationId, after: { grantId: grant!.id, preparerUserId: preparer.id, endsOn: input.endsOn } });
    }
  });
  return { preparerName: preparer.name };
}

/** One click: the preparer no longer acts for any of this owner's operations. */
export async function revokePreparer(actor: Actor, input: { preparerUserId: string }): Promise<void> {
  requireOwnerRecord(actor);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'preparer.revoke', undefined, tx);
    const now = new Date();
    const wide = await tx
      .update(ownerPreparerGrants)
      .set({ revokedAt: now })
      .where(and(eq(ownerPreparerGrants.ownerPartyId, actor.partyId!), eq(ownerPreparerGrants.preparerUserId, input.preparerUserId), isNull(ownerPreparerGrants.revokedAt)))
      .returning({ id: ownerPreparerGrants.id });
    const mine = (await ownerOperations(actor, tx)).map((o) => o.id);
    const perOp = mine.length
      ? await tx
          .update(operationAccessGrants)
          .set({ revokedAt: now })
          .where(and(inArray(operationAccessGrants.operationId, mine), eq(operationAccessGrants.userId, input.preparerUserId), isNull(operationAccessGrants.revokedAt)))
          .returning({ id: operationAccessGrants.id, operationId: operationAccessGrants.operationId })
      : [];
    if (!wide.length && !perOp.length) throw notFoundError();
    await recordAudit(tx, { actorUserId: actor.id, action: 'access.revoked_all', entityType: 'party', entityId: actor.partyId!, before: { preparerUserId: input.preparerUserId, ownerWide: wide.map((w) => w.id), operations: perOp.map((g) => g.operationId) } });
  });
}
