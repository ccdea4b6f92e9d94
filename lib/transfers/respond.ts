import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { ownerships, ownershipTransfers } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { hashToken } from '@/lib/auth/tokens';
import { AppError, notFoundError } from '@/lib/errors';
import { enqueueEmail } from '@/lib/notifications/outbox';
import type { OwnerAnswerValues } from '@/lib/validation/transfers';
import { partyContact } from './people';
import type { TransferCtx } from './request';
import { confirmTransfer, lockTransfer, type TransferRow } from './settle';
import { loadOperationSummary } from './queries';

// The owner on record answers a transfer request: accepting it confirms the transfer (ownership
// moves as of the acquisition date); saying it is wrong keeps the request with the department,
// which sees the answer. The emailed link works once and until it expires; a signed-in owner can
// answer from the operation's page too. Either way, one answer per request.

export const LINK_INVALID = 'This link has expired or was already used. The department will decide the request; call your DNR field office if you have questions.';

type By = { userId: string | null; via: 'emailed_link' | 'signed_in' };

async function answer(tx: Executor, t: TransferRow, input: OwnerAnswerValues, by: By, ctx: TransferCtx): Promise<{ status: 'confirmed' | 'pending'; operationId: string }> {
  if (t.status !== 'pending' || t.ownerResponse) throw new AppError('CONFLICT', 'This request has already been answered.');
  const [current] = await tx
    .select({ ownerId: ownerships.ownerId })
    .from(ownerships)
    .where(and(eq(ownerships.operationId, t.operationId), isNull(ownerships.releasedOn)));
  if (!current || current.ownerId !== t.currentOwnerPartyId) {
    throw new AppError('CONFLICT', 'You are no longer recorded as the owner of this operation, so your answer is not needed. The department will decide the request.');
  }
  const now = ctx.now ?? new Date();
  const note = input.note.trim();
  if (input.response === 'dispute' && !note) {
    throw new AppError('VALIDATION', 'Say what is wrong with the request; the department reads it.', { note: ['Say what is wrong with the request; the department reads it'] });
  }
  const [after] = await tx
    .update(ownershipTransfers)
    .set({
      ownerResponse: input.response === 'accept' ? 'accepted' : 'disputed',
      ownerResponseNote: note || null,
      ownerRespondedAt: now,
      ownerRespondedByUserId: by.userId,
      ownerTokenHash: null,
      version: sql`${ownershipTransfers.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(ownershipTransfers.id, t.id), eq(ownershipTransfers.status, 'pending'), isNull(ownershipTransfers.ownerResponse)))
    .returning();
  if (!after) throw new AppError('CONFLICT', 'This request has already been answered.');
  await recordAudit(tx, {
    actorUserId: by.userId,
    action: input.response === 'accept' ? 'transfer.accepted_by_owner' : 'transfer.disputed_by_owner',
    entityType: 'ownership_transfer',
    entityId: t.id,
    before: { ownerResponse: null, version: t.version },
    after: { ownerResponse: after.ownerResponse, note: after.ownerResponseNote, via: by.via, ownerPartyId: t.currentOwnerPartyId, version: after.version },
  });
  const settlement = { userId: by.userId, today: ctx.today, origin: ctx.origin, now };
  if (input.response === 'accept') {
    await confirmTransfer(tx, after, { ...settlement, through: 'current_owner' });
    return { status: 'confirmed', operationId: t.operationId };
  }

  const op = await loadOperationSummary(tx, t.operationId);
  const claimant = await partyContact(tx, t.claimantPartyId, t.claimantUserId);
  const owner = await partyContact(tx, t.currentOwnerPartyId!);
  const common = { claimantName: claimant.name, currentOwnerName: owner.name, operationName: op.name, facilityId: op.facilityId ?? 'not yet assigned', acquiredOn: t.acquiredOn, answeredOn: ctx.today, note };
  await enqueueEmail(tx, {
    eventKey: `transfer:${t.id}:disputed:claimant`,
    recipients: claimant.recipients,
    template: 'transfer-disputed',
    props: { ...common, audience: 'claimant', recipientName: claimant.name, url: `${ctx.origin}/dashboard#transfers` },
  });
  await enqueueEmail(tx, {
    eventKey: `transfer:${t.id}:disputed:owner`,
    recipients: owner.recipients,
    template: 'transfer-disputed',
    props: { ...common, audience: 'current_owner', recipientName: owner.name, url: `${ctx.origin}/dashboard` },
  });
  return { status: 'pending', operationId: t.operationId };
}

/** The request an emailed link names, if the link still works; nothing is used up. */
export async function findRequestByLink(db: Executor, token: string, now = new Date()): Promise<TransferRow | null> {
  if (typeof token !== 'string' || token.length < 10 || token.length > 200) return null;
  const [row] = await db.select().from(ownershipTransfers).where(eq(ownershipTransfers.ownerTokenHash, hashToken(token)));
  if (!row || row.status !== 'pending' || row.ownerResponse || !row.ownerTokenExpiresAt || row.ownerTokenExpiresAt <= now) return null;
  return row;
}

/**
 * The owner on record answers through the emailed link; the link is the authority (the owner may
 * have no portal account). A signed-in owner of the same record is named in the audit log.
 */
export async function respondByLink(token: string, input: OwnerAnswerValues, ctx: TransferCtx, signedIn?: Actor | null) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const found = await findRequestByLink(tx, token, ctx.now);
    if (!found) throw new AppError('NOT_FOUND', LINK_INVALID);
    const t = await lockTransfer(tx, found.id);
    // Re-read under the lock: a second use of the same link waits here, then finds it used.
    if (!t || t.ownerTokenHash !== found.ownerTokenHash || t.status !== 'pending' || t.ownerResponse) throw new AppError('NOT_FOUND', LINK_INVALID);
    const userId = signedIn?.partyId && signedIn.partyId === t.currentOwnerPartyId ? signedIn.id : null;
    return answer(tx, t, input, { userId, via: 'emailed_link' }, ctx);
  });
}

/** A signed-in owner answers a request naming them, from the operation's page. */
export async function respondAsOwner(actor: Actor, input: OwnerAnswerValues & { transferId: string }, ctx: TransferCtx) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const t = await lockTransfer(tx, input.transferId);
    if (!t || !actor.partyId || t.currentOwnerPartyId !== actor.partyId) throw notFoundError();
    await authorize(actor, 'transfer.respond', { operationId: t.operationId }, tx);
    return answer(tx, t, input, { userId: actor.id, via: 'signed_in' }, ctx);
  });
}
