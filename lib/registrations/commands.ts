import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { counties, operations, registrationRequests, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { hashToken } from '@/lib/auth/tokens';
import { AppError, notFoundError } from '@/lib/errors';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { animalUnitBreakdown } from '@/lib/operations/facts';
import { checkReferences, operationColumns, writeOperationChildren } from '@/lib/operations/commands';
import { nextSafoState } from '@/lib/operations/safo';
import type { ClientRegistrationValues } from '@/lib/validation/registrations';
import { MAX_WAITING_PER_PREPARER, REGISTRATION_LINK_DAYS } from './limits';

// A preparer registers an operation for a client. The operation waits for the owner's acceptance
// (registration_status 'awaiting_owner'): only the preparer sees it (lib/auth/scopes), it has no
// owner and no facility ID yet, and no plan can be started for it. The owner is emailed a
// single-use link (only its SHA-256 is stored) that expires; the preparer can resend or withdraw it.

export type RegistrationCtx = { today: string; origin: string; now?: Date };

type RequestRow = typeof registrationRequests.$inferSelect;

function newLink(now: Date): { token: string; tokenHash: string; tokenExpiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token), tokenExpiresAt: new Date(now.getTime() + REGISTRATION_LINK_DAYS * 86_400_000) };
}

async function emailOwner(tx: Executor, r: RequestRow, token: string, ctx: RegistrationCtx): Promise<void> {
  const [op] = await tx
    .select({ name: operations.name, countyName: counties.name })
    .from(operations)
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .where(eq(operations.id, r.operationId));
  const [preparer] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, r.preparerUserId));
  await enqueueEmail(tx, {
    eventKey: `registration:${r.id}:sent:${r.timesSent}`,
    recipients: [{ address: r.ownerEmail }],
    template: 'registration-requested',
    props: {
      ownerName: r.ownerName,
      preparerName: preparer?.name ?? 'Your preparer',
      preparerEmail: preparer?.email ?? '',
      operationName: op?.name ?? 'the operation',
      countyName: op?.countyName ?? '',
      sentOn: ctx.today,
      respondUrl: `${ctx.origin}/registrations/respond?token=${token}`,
      respondBy: r.tokenExpiresAt!.toISOString(),
    },
  });
}

/** Registers the operation as waiting for the owner named, and emails her the link. */
export async function registerForClient(actor: Actor, v: ClientRegistrationValues, ctx: RegistrationCtx): Promise<{ operationId: string; requestId: string }> {
  const { clientName, clientEmail, ...operation } = v;
  const now = ctx.now ?? new Date();
  const db = await getDb();
  await checkReferences(db, operation);
  const au = animalUnitBreakdown(operation.inventory).total;
  const safo = nextSafoState({ elect: operation.safoElect, animalUnits: au, peakHoused: operation.peakAnimalUnitsHoused, peakHousedOn: operation.peakHousedOn, previous: null, today: ctx.today });
  return db.transaction(async (tx) => {
    await authorize(actor, 'operation.register_for_client', undefined, tx);
    const [waiting] = await tx
      .select({ n: count() })
      .from(registrationRequests)
      .where(and(eq(registrationRequests.preparerUserId, actor.id), eq(registrationRequests.status, 'pending')));
    if ((waiting?.n ?? 0) >= MAX_WAITING_PER_PREPARER) {
      throw new AppError('CONFLICT', `You have ${waiting!.n} registrations waiting for owners to accept. Ask them to answer, or withdraw some, before registering more.`);
    }
    const [op] = await tx
      .insert(operations)
      .values({ ...operationColumns(operation), facilityId: null, registrationStatus: 'awaiting_owner', createdByUserId: actor.id, safoElectedOn: safo.safoElectedOn, safoEndedOn: safo.safoEndedOn, safoEndReason: safo.safoEndReason })
      .returning({ id: operations.id });
    const operationId = op!.id;
    await writeOperationChildren(tx, operationId, operation);
    const link = newLink(now);
    const [request] = await tx
      .insert(registrationRequests)
      .values({ operationId, preparerUserId: actor.id, ownerName: clientName, ownerEmail: clientEmail, tokenHash: link.tokenHash, tokenExpiresAt: link.tokenExpiresAt, lastSentAt: now })
      .returning();
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'operation.registered_for_client',
      entityType: 'operation',
      entityId: operationId,
      after: { ...operation, animalUnitCapacity: au, requestId: request!.id, ownerName: clientName, ownerEmail: clientEmail, linkExpiresAt: link.tokenExpiresAt.toISOString() },
    });
    await emailOwner(tx, request!, link.token, ctx);
    return { operationId, requestId: request!.id };
  });
}

/** The preparer's own waiting request, locked; NOT_FOUND for anyone else's or a settled one. */
async function lockOwnPending(tx: Executor, actor: Actor, requestId: string): Promise<RequestRow> {
  const [row] = await tx
    .select()
    .from(registrationRequests)
    .where(and(eq(registrationRequests.id, requestId), eq(registrationRequests.preparerUserId, actor.id)))
    .for('update');
  if (!row) throw notFoundError();
  if (row.status !== 'pending') throw new AppError('CONFLICT', row.status === 'accepted' ? 'The owner has already accepted this registration.' : 'This registration is no longer waiting for the owner.');
  return row;
}

/** Sends the owner a new link; the one sent before stops working. */
export async function resendRegistration(actor: Actor, input: { requestId: string }, ctx: RegistrationCtx): Promise<{ ownerEmail: string }> {
  const now = ctx.now ?? new Date();
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'registration.manage', undefined, tx);
    const before = await lockOwnPending(tx, actor, input.requestId);
    const link = newLink(now);
    const [after] = await tx
      .update(registrationRequests)
      .set({ tokenHash: link.tokenHash, tokenExpiresAt: link.tokenExpiresAt, timesSent: sql`${registrationRequests.timesSent} + 1`, lastSentAt: now, updatedAt: now })
      .where(eq(registrationRequests.id, before.id))
      .returning();
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'operation.registration_resent',
      entityType: 'operation',
      entityId: before.operationId,
      before: { requestId: before.id, timesSent: before.timesSent },
      after: { requestId: before.id, timesSent: after!.timesSent, linkExpiresAt: link.tokenExpiresAt.toISOString() },
    });
    await emailOwner(tx, after!, link.token, ctx);
    return { ownerEmail: after!.ownerEmail };
  });
}

/** The preparer withdraws a waiting registration: the link stops working and the operation is withdrawn. */
export async function withdrawRegistration(actor: Actor, input: { requestId: string }, ctx: RegistrationCtx): Promise<void> {
  const now = ctx.now ?? new Date();
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'registration.manage', undefined, tx);
    const before = await lockOwnPending(tx, actor, input.requestId);
    await tx.update(registrationRequests).set({ status: 'withdrawn', tokenHash: null, decidedAt: now, updatedAt: now }).where(eq(registrationRequests.id, before.id));
    await tx.update(operations).set({ registrationStatus: 'withdrawn', updatedAt: now }).where(eq(operations.id, before.operationId));
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'operation.registration_withdrawn',
      entityType: 'operation',
      entityId: before.operationId,
      before: { requestId: before.id, status: 'pending' },
      after: { requestId: before.id, status: 'withdrawn' },
    });
  });
}
