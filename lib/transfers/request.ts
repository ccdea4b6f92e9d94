import 'server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { attachments, counties, operations, ownerships, ownershipTransfers } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { hashToken } from '@/lib/auth/tokens';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError, pgErrorCode } from '@/lib/errors';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { cleanFilename, requirePdf } from '@/lib/plans/attachments';
import { getAttachmentStorage } from '@/lib/storage';
import type { ClaimValues } from '@/lib/validation/operations';
import { MAX_PENDING_PER_CLAIMANT, OWNER_LINK_DAYS } from './limits';
import { partyContact } from './people';

// IAC 567-65.110(1)"d" and DNR form 542-4026: a person who acquired an operation asks to be recorded
// as its owner, with the date and a PDF of the bill of sale or deed. Filing the request changes no
// ownership and opens none of the operation's records: the department confirms or refuses it, or
// the owner on record accepts it through a single-use link emailed to them.


export type TransferEvidence = { filename: string; bytes: Uint8Array };
export type TransferCtx = { today: string; origin: string; now?: Date };

function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { [field]: [message] });
}

const DUPLICATE = 'You have already asked to be recorded as the owner of this operation, and that request is waiting for a decision. You will be emailed when it is decided.';

const ANOTHER_PENDING =
  'Someone else has asked to be recorded as the owner of this operation, and that request is waiting for the department’s decision. Call your DNR field office: they will look at both claims before either is decided.';

/** Files a transfer request with its evidence; nothing changes hands. Returns the request's id. */
export async function requestTransfer(actor: Actor, input: ClaimValues, evidence: TransferEvidence, ctx: TransferCtx): Promise<{ transferId: string }> {
  if (input.acquiredOn > ctx.today) throw fieldError('acquiredOn', 'The acquisition date cannot be in the future.');
  requirePdf(evidence.bytes);
  const now = ctx.now ?? new Date();
  const db = await getDb();
  const storage = getAttachmentStorage();
  const transferId = randomUUID();
  const stored: { key?: string } = {};
  try {
    return await db.transaction(async (tx) => {
      await authorize(actor, 'transfer.request', undefined, tx);
      if (!actor.partyId) throw new AppError('FORBIDDEN', 'Your account is not linked to an owner record. Contact the department.');
      // Facility ID and county together: a mistyped ID is unlikely to match an operation in that
      // county. The row lock orders this request after any transfer of the operation in progress.
      const [op] = await tx
        .select({ id: operations.id, name: operations.name, facilityId: operations.facilityId, countyName: counties.name })
        .from(operations)
        .innerJoin(counties, eq(counties.fips, operations.countyFips))
        .where(and(eq(operations.facilityId, input.facilityId), eq(operations.countyFips, input.countyFips)))
        .for('update', { of: operations });
      if (!op) throw fieldError('facilityId', 'No operation in that county has this facility ID. Check the ID on the department’s letter and the county.');
      const [current] = await tx
        .select({ ownerId: ownerships.ownerId, acquiredOn: ownerships.acquiredOn })
        .from(ownerships)
        .where(and(eq(ownerships.operationId, op.id), isNull(ownerships.releasedOn)));
      if (current?.ownerId === actor.partyId) throw fieldError('facilityId', 'You are already the owner of this operation.');
      if (current && input.acquiredOn < current.acquiredOn) {
        throw fieldError('acquiredOn', 'The acquisition date is before the current owner acquired the operation. Check the date on the deed or bill of sale.');
      }
      const pending = await tx
        .select({ operationId: ownershipTransfers.operationId })
        .from(ownershipTransfers)
        .where(and(eq(ownershipTransfers.claimantPartyId, actor.partyId), eq(ownershipTransfers.status, 'pending')));
      if (pending.some((p) => p.operationId === op.id)) throw new AppError('CONFLICT', DUPLICATE, { facilityId: [DUPLICATE] });
      // One request per operation at a time (the operation's row lock above orders two at once): the
      // owner on record gets one accept link, and the department decides one claim knowing of no other.
      const [other] = await tx
        .select({ id: ownershipTransfers.id })
        .from(ownershipTransfers)
        .where(and(eq(ownershipTransfers.operationId, op.id), eq(ownershipTransfers.status, 'pending')))
        .limit(1);
      if (other) throw new AppError('CONFLICT', ANOTHER_PENDING, { facilityId: [ANOTHER_PENDING] });
      if (pending.length >= MAX_PENDING_PER_CLAIMANT) {
        throw new AppError('CONFLICT', `You have ${pending.length} transfer requests waiting for a decision. Wait for the department to decide them, or call your DNR field office.`);
      }

      const token = current ? randomBytes(32).toString('base64url') : null;
      const expiresAt = new Date(now.getTime() + OWNER_LINK_DAYS * 86_400_000);
      const [row] = await tx
        .insert(ownershipTransfers)
        .values({
          id: transferId,
          operationId: op.id,
          claimantPartyId: actor.partyId,
          claimantUserId: actor.id,
          currentOwnerPartyId: current?.ownerId ?? null,
          acquiredOn: input.acquiredOn,
          ownerTokenHash: token ? hashToken(token) : null,
          ownerTokenExpiresAt: token ? expiresAt : null,
        })
        .returning({ id: ownershipTransfers.id, createdAt: ownershipTransfers.createdAt });

      const filename = cleanFilename(evidence.filename);
      const sha256 = createHash('sha256').update(evidence.bytes).digest('hex');
      const storageKey = `transfers/${transferId}/${randomUUID()}.pdf`;
      await storage.put(storageKey, evidence.bytes);
      stored.key = storageKey;
      const [file] = await tx
        .insert(attachments)
        .values({ operationId: op.id, transferId, kind: 'other', filename, contentType: 'application/pdf', sizeBytes: evidence.bytes.length, sha256, storageKey, uploadedByUserId: actor.id })
        .returning({ id: attachments.id });

      await recordAudit(tx, {
        actorUserId: actor.id,
        action: 'transfer.requested',
        entityType: 'ownership_transfer',
        entityId: transferId,
        after: {
          operationId: op.id,
          facilityId: op.facilityId,
          claimantPartyId: actor.partyId,
          currentOwnerPartyId: current?.ownerId ?? null,
          acquiredOn: input.acquiredOn,
          evidence: { attachmentId: file!.id, filename, sizeBytes: evidence.bytes.length, sha256 },
          ownerLinkSent: Boolean(token),
        },
      });

      const claimant = await partyContact(tx, actor.partyId, actor.id);
      const common = {
        claimantName: claimant.name,
        operationName: op.name,
        facilityId: op.facilityId ?? input.facilityId,
        countyName: op.countyName,
        acquiredOn: input.acquiredOn,
        requestedOn: ctx.today,
        evidenceFilename: filename,
      };
      await enqueueEmail(tx, {
        eventKey: `transfer:${transferId}:requested:claimant`,
        recipients: claimant.recipients,
        template: 'transfer-requested',
        props: { ...common, audience: 'claimant', recipientName: claimant.name, dashboardUrl: `${ctx.origin}/dashboard#transfers` },
      });
      if (current && token) {
        const owner = await partyContact(tx, current.ownerId);
        await enqueueEmail(tx, {
          eventKey: `transfer:${transferId}:requested:owner`,
          recipients: owner.recipients,
          template: 'transfer-requested',
          props: { ...common, audience: 'current_owner', recipientName: owner.name, respondUrl: `${ctx.origin}/transfers/respond?token=${token}`, respondBy: expiresAt.toISOString() },
        });
      }
      return { transferId: row!.id };
    });
  } catch (err) {
    if (stored.key) await storage.delete(stored.key).catch(() => undefined);
    // Two requests racing past the check: the partial unique index lets one in.
    if (pgErrorCode(err) === '23505') throw new AppError('CONFLICT', DUPLICATE, { facilityId: [DUPLICATE] });
    throw err;
  }
}
