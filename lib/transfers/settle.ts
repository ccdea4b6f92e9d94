import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { counties, operationAccessGrants, operations, ownerships, ownershipTransfers } from '@/db/schema';
import type { EmailTemplates } from '@/lib/mail/templates';
import { recordAudit } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { partyContact } from './people';
import { newOwnerRequirement, originalMmpDueOn } from './requirement';

// The two ends of a transfer request, shared by the department's decision and the owner's
// acceptance. Callers hold the request's row lock (SELECT ... FOR UPDATE) and have checked that it
// is still pending; each end writes the request, the audit events and both parties' emails in the
// caller's transaction.

export type TransferRow = typeof ownershipTransfers.$inferSelect;

export type Settlement = {
  through: 'department' | 'current_owner';
  userId: string | null;
  note?: string | null;
  today: string;
  origin: string;
  now: Date;
};

export const CHANGED_MESSAGE = 'Someone else answered this request while you were looking; reload to see it.';

/** The request row, locked for the rest of the transaction; null when there is none. */
export async function lockTransfer(tx: Executor, transferId: string): Promise<TransferRow | null> {
  const [row] = await tx.select().from(ownershipTransfers).where(eq(ownershipTransfers.id, transferId)).for('update');
  return row ?? null;
}

async function operationFor(tx: Executor, operationId: string, lock: boolean) {
  const q = tx
    .select({ id: operations.id, name: operations.name, facilityId: operations.facilityId, countyName: counties.name })
    .from(operations)
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .where(eq(operations.id, operationId));
  const [op] = lock ? await q.for('update', { of: operations }) : await q;
  if (!op) throw new AppError('NOT_FOUND', 'We can’t find that record.');
  return op;
}

async function markSettled(tx: Executor, t: TransferRow, set: Partial<TransferRow>): Promise<TransferRow> {
  const [row] = await tx
    .update(ownershipTransfers)
    .set({ ...set, ownerTokenHash: null, version: sql`${ownershipTransfers.version} + 1`, updatedAt: new Date() })
    .where(and(eq(ownershipTransfers.id, t.id), eq(ownershipTransfers.status, 'pending')))
    .returning();
  if (!row) throw new AppError('CONFLICT', CHANGED_MESSAGE);
  return row;
}

/**
 * Moves the operation to the claimant, as of the acquisition date: the previous ownership ends that
 * day, the previous owner's preparers lose access, and lib/rules decides whether (and by when) the
 * new owner owes an original MMP (IAC 567-65.110(1)"d").
 */
export async function confirmTransfer(tx: Executor, t: TransferRow, s: Settlement): Promise<TransferRow> {
  // The operation's row lock orders two confirmations of the same operation one after the other.
  const op = await operationFor(tx, t.operationId, true);
  const [current] = await tx
    .select({ id: ownerships.id, ownerId: ownerships.ownerId, acquiredOn: ownerships.acquiredOn })
    .from(ownerships)
    .where(and(eq(ownerships.operationId, op.id), isNull(ownerships.releasedOn)));
  if (current?.ownerId === t.claimantPartyId) throw new AppError('CONFLICT', 'The person who asked is already the owner of this operation. Refuse the request, giving that as the reason.');
  if (current && t.acquiredOn < current.acquiredOn) {
    throw new AppError('VALIDATION', 'The date of acquisition given is before the current owner acquired the operation, so the transfer cannot be recorded as asked. Refuse the request, giving that as the reason.');
  }
  if (current) await tx.update(ownerships).set({ releasedOn: t.acquiredOn }).where(eq(ownerships.id, current.id));
  await tx.insert(ownerships).values({ operationId: op.id, ownerId: t.claimantPartyId, acquiredOn: t.acquiredOn });
  const revoked = await tx
    .update(operationAccessGrants)
    .set({ revokedAt: s.now })
    .where(and(eq(operationAccessGrants.operationId, op.id), isNull(operationAccessGrants.revokedAt)))
    .returning({ id: operationAccessGrants.id });

  const requirement = await newOwnerRequirement(tx, op.id, t.acquiredOn, s.today);
  const dueOn = originalMmpDueOn(requirement);
  const after = await markSettled(tx, t, {
    status: 'confirmed',
    decidedThrough: s.through,
    decidedByUserId: s.userId,
    decidedOn: s.today,
    decidedAt: s.now,
    decisionReason: s.note?.trim() || null,
    originalMmpRequired: requirement.required,
    originalMmpDueOn: dueOn,
    requirementCitation: requirement.citation,
    requirementReason: requirement.reason,
  });
  await recordAudit(tx, {
    actorUserId: s.userId,
    action: 'transfer.confirmed',
    entityType: 'ownership_transfer',
    entityId: t.id,
    before: { status: t.status, version: t.version },
    after: { status: after.status, version: after.version, through: s.through, note: after.decisionReason, originalMmpRequired: requirement.required, originalMmpDueOn: dueOn, citation: requirement.citation },
  });
  await recordAudit(tx, {
    actorUserId: s.userId,
    action: 'operation.ownership_transferred',
    entityType: 'operation',
    entityId: op.id,
    before: current ? { ownerId: current.ownerId, acquiredOn: current.acquiredOn } : null,
    after: { ownerId: t.claimantPartyId, acquiredOn: t.acquiredOn, transferId: t.id, originalMmpDueOn: dueOn, preparerGrantsRevoked: revoked.length },
  });

  const claimant = await partyContact(tx, t.claimantPartyId, t.claimantUserId);
  const previous = current ? await partyContact(tx, current.ownerId) : null;
  const common: Omit<EmailTemplates['transfer-decided'], 'audience' | 'recipientName' | 'url'> = {
    outcome: 'confirmed',
    through: s.through,
    claimantName: claimant.name,
    previousOwnerName: previous?.name ?? 'the previous owner',
    operationName: op.name,
    facilityId: op.facilityId ?? 'not yet assigned',
    acquiredOn: t.acquiredOn,
    decidedOn: s.today,
    reason: after.decisionReason,
  };
  await enqueueEmail(tx, {
    eventKey: `transfer:${t.id}:decided:claimant`,
    recipients: claimant.recipients,
    template: 'transfer-decided',
    props: { ...common, audience: 'claimant', recipientName: claimant.name, requirement: { ...requirement, dueOn }, url: `${s.origin}/operations/${op.id}` },
  });
  if (previous) {
    await enqueueEmail(tx, {
      eventKey: `transfer:${t.id}:decided:previous-owner`,
      recipients: previous.recipients,
      template: 'transfer-decided',
      props: { ...common, audience: 'owner', recipientName: previous.name, url: `${s.origin}/dashboard` },
    });
  }
  return after;
}

/** Refuses the request with the department's reason; nothing changes hands, and both are told. */
export async function refuseTransfer(tx: Executor, t: TransferRow, s: Settlement & { note: string }): Promise<TransferRow> {
  const op = await operationFor(tx, t.operationId, false);
  const after = await markSettled(tx, t, { status: 'refused', decidedThrough: s.through, decidedByUserId: s.userId, decidedOn: s.today, decidedAt: s.now, decisionReason: s.note.trim() });
  await recordAudit(tx, {
    actorUserId: s.userId,
    action: 'transfer.refused',
    entityType: 'ownership_transfer',
    entityId: t.id,
    before: { status: t.status, version: t.version },
    after: { status: after.status, version: after.version, reason: after.decisionReason },
  });
  const claimant = await partyContact(tx, t.claimantPartyId, t.claimantUserId);
  const owner = t.currentOwnerPartyId ? await partyContact(tx, t.currentOwnerPartyId) : null;
  const common: Omit<EmailTemplates['transfer-decided'], 'audience' | 'recipientName' | 'url'> = {
    outcome: 'refused',
    through: s.through,
    claimantName: claimant.name,
    previousOwnerName: owner?.name ?? 'the owner on record',
    operationName: op.name,
    facilityId: op.facilityId ?? 'not yet assigned',
    acquiredOn: t.acquiredOn,
    decidedOn: s.today,
    reason: after.decisionReason,
  };
  await enqueueEmail(tx, {
    eventKey: `transfer:${t.id}:decided:claimant`,
    recipients: claimant.recipients,
    template: 'transfer-decided',
    props: { ...common, audience: 'claimant', recipientName: claimant.name, url: `${s.origin}/dashboard#transfers` },
  });
  if (owner) {
    await enqueueEmail(tx, {
      eventKey: `transfer:${t.id}:decided:owner`,
      recipients: owner.recipients,
      template: 'transfer-decided',
      props: { ...common, audience: 'owner', recipientName: owner.name, url: `${s.origin}/dashboard` },
    });
  }
  return after;
}
