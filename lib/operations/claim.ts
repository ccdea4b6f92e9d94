import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { operationAccessGrants, operations, ownerships, parties, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { daysBetween, newOwnerOriginalMmpDue } from '@/lib/rules';
import type { ClaimValues } from '@/lib/validation/operations';

function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { [field]: [message] });
}

/**
 * IAC 567-65.110(1)"d" (DNR form 542-4026): a new owner claims an operation by its facility ID and
 * the date they acquired it. The previous ownership ends that day and the previous owner's
 * preparers lose access; the previous owner's approved plan stays in force for the new owner until
 * their own original MMP, due 60 days after acquiring.
 */
export async function claimOperation(
  actor: Actor,
  input: ClaimValues,
  today: string,
  origin: string,
): Promise<{ operationId: string; dueOn: string }> {
  await authorize(actor, 'operation.claim');
  if (!actor.partyId) throw new AppError('FORBIDDEN', 'Your account is not linked to an owner record. Contact the department.');
  if (input.acquiredOn > today) throw fieldError('acquiredOn', 'The acquisition date cannot be in the future.');
  const db = await getDb();
  // Facility ID and county together: a mistyped ID is unlikely to match an operation in that county.
  const [op] = await db
    .select({ id: operations.id, name: operations.name, facilityId: operations.facilityId })
    .from(operations)
    .where(and(eq(operations.facilityId, input.facilityId), eq(operations.countyFips, input.countyFips)));
  if (!op) throw fieldError('facilityId', 'No operation in that county has this facility ID. Check the ID on the department’s letter and the county.');
  const dueOn = newOwnerOriginalMmpDue(input.acquiredOn);

  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: ownerships.id, ownerId: ownerships.ownerId, acquiredOn: ownerships.acquiredOn, previousName: parties.name })
      .from(ownerships)
      .innerJoin(parties, eq(parties.id, ownerships.ownerId))
      .where(and(eq(ownerships.operationId, op.id), isNull(ownerships.releasedOn)))
      .for('update');
    if (current?.ownerId === actor.partyId) throw fieldError('facilityId', 'You are already the owner of this operation.');
    if (current && input.acquiredOn < current.acquiredOn) {
      throw fieldError('acquiredOn', 'The acquisition date is before the current owner acquired the operation. Check the date on the deed or bill of sale.');
    }
    if (current) await tx.update(ownerships).set({ releasedOn: input.acquiredOn }).where(eq(ownerships.id, current.id));
    await tx.insert(ownerships).values({ operationId: op.id, ownerId: actor.partyId!, acquiredOn: input.acquiredOn });
    await tx
      .update(operationAccessGrants)
      .set({ revokedAt: new Date() })
      .where(and(eq(operationAccessGrants.operationId, op.id), isNull(operationAccessGrants.revokedAt)));
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'operation.claimed',
      entityType: 'operation',
      entityId: op.id,
      before: current ? { ownerId: current.ownerId, acquiredOn: current.acquiredOn } : null,
      after: { ownerId: actor.partyId, acquiredOn: input.acquiredOn, originalMmpDueOn: dueOn },
    });
    if (daysBetween(today, dueOn) < 0) return;
    const [me] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, actor.id));
    await enqueueEmail(tx, {
      eventKey: `operation:${op.id}:new-owner:${input.acquiredOn}`,
      recipients: [{ address: me?.email ?? actor.email, userId: actor.id }],
      template: 'new-owner-due',
      props: {
        ownerName: me?.name ?? actor.name,
        operationName: op.name,
        facilityId: op.facilityId ?? input.facilityId,
        previousOwnerName: current?.previousName ?? null,
        acquiredOn: input.acquiredOn,
        dueOn,
        daysLeft: daysBetween(today, dueOn),
        planUrl: `${origin}/operations/${op.id}`,
      },
    });
  });
  return { operationId: op.id, dueOn };
}
