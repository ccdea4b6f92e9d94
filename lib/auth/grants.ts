import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { operationAccessGrants, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { AppError, notFoundError } from '@/lib/errors';
import { normalizeEmail } from './credentials';
import { authorize } from './policy';
import type { Actor } from './roles';

export type GrantRow = { id: string; preparerName: string; preparerEmail: string; grantedAt: Date; revokedAt: Date | null };

/** Who may act for the owner on this operation (current and past grants). */
export async function listGrants(actor: Actor, operationId: string): Promise<GrantRow[]> {
  await authorize(actor, 'operation.grant_access', { operationId });
  const db = await getDb();
  return db
    .select({
      id: operationAccessGrants.id,
      preparerName: users.name,
      preparerEmail: users.email,
      grantedAt: operationAccessGrants.grantedAt,
      revokedAt: operationAccessGrants.revokedAt,
    })
    .from(operationAccessGrants)
    .innerJoin(users, eq(users.id, operationAccessGrants.userId))
    .where(eq(operationAccessGrants.operationId, operationId))
    .orderBy(asc(operationAccessGrants.grantedAt));
}

/** The owner lets a preparer (by their account's email) draft and submit for one operation. */
export async function grantAccess(actor: Actor, input: { operationId: string; email: string }): Promise<void> {
  await authorize(actor, 'operation.grant_access', { operationId: input.operationId });
  const db = await getDb();
  const [preparer] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, normalizeEmail(input.email)), isNull(users.disabledAt)))
    .limit(1);
  if (!preparer || preparer.role !== 'preparer') {
    throw new AppError('VALIDATION', 'No preparer account uses that email.', {
      email: ['No preparer account uses this email. Ask your preparer for the email they sign in with.'],
    });
  }
  await db.transaction(async (tx) => {
    await authorize(actor, 'operation.grant_access', { operationId: input.operationId }, tx);
    const existing = await tx
      .select({ id: operationAccessGrants.id })
      .from(operationAccessGrants)
      .where(and(eq(operationAccessGrants.operationId, input.operationId), eq(operationAccessGrants.userId, preparer.id), isNull(operationAccessGrants.revokedAt)));
    if (existing.length) return;
    const [grant] = await tx
      .insert(operationAccessGrants)
      .values({ operationId: input.operationId, userId: preparer.id, grantedByUserId: actor.id })
      .returning({ id: operationAccessGrants.id });
    await recordAudit(tx, { actorUserId: actor.id, action: 'access.granted', entityType: 'operation', entityId: input.operationId, after: { grantId: grant!.id, preparerUserId: preparer.id } });
  });
}

export async function revokeAccess(actor: Actor, input: { operationId: string; grantId: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'operation.revoke_access', { operationId: input.operationId }, tx);
    const [row] = await tx
      .update(operationAccessGrants)
      .set({ revokedAt: new Date() })
      .where(and(eq(operationAccessGrants.id, input.grantId), eq(operationAccessGrants.operationId, input.operationId), isNull(operationAccessGrants.revokedAt)))
      .returning({ userId: operationAccessGrants.userId });
    if (!row) throw notFoundError();
    await recordAudit(tx, { actorUserId: actor.id, action: 'access.revoked', entityType: 'operation', entityId: input.operationId, before: { grantId: input.grantId, preparerUserId: row.userId } });
  });
}
