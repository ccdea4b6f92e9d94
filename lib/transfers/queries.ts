import 'server-only';
import { aliasedTable, and, asc, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { attachments, auditEvents, counties, emailOutbox, operations, ownerships, ownershipTransfers, parties, users } from '@/db/schema';
import { isDepartment, type Actor } from '@/lib/auth/roles';
import { transferScope } from '@/lib/auth/scopes';
import { notFoundError } from '@/lib/errors';
import { addDays } from '@/lib/rules';
import { isUuid } from '@/lib/ids';

// Reads of ownership transfer requests, each scoped by transferScope in its WHERE: a claimant sees
// their own requests (never the operation's records), the owner on record the requests naming them,
// the department all of them.

const claimant = aliasedTable(parties, 'claimant');
const owner = aliasedTable(parties, 'owner_on_record');

const summaryColumns = {
  id: ownershipTransfers.id,
  operationId: ownershipTransfers.operationId,
  operationName: operations.name,
  facilityId: operations.facilityId,
  countyName: counties.name,
  claimantName: claimant.name,
  currentOwnerName: owner.name,
  acquiredOn: ownershipTransfers.acquiredOn,
  status: ownershipTransfers.status,
  ownerResponse: ownershipTransfers.ownerResponse,
  ownerResponseNote: ownershipTransfers.ownerResponseNote,
  decidedOn: ownershipTransfers.decidedOn,
  decidedThrough: ownershipTransfers.decidedThrough,
  decisionReason: ownershipTransfers.decisionReason,
  originalMmpDueOn: ownershipTransfers.originalMmpDueOn,
  createdAt: ownershipTransfers.createdAt,
};

function summaries(db: Executor) {
  // Typed by TransferSummary below; the columns above are its one definition in SQL.
  return db
    .select(summaryColumns)
    .from(ownershipTransfers)
    .innerJoin(operations, eq(operations.id, ownershipTransfers.operationId))
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .innerJoin(claimant, eq(claimant.id, ownershipTransfers.claimantPartyId))
    .leftJoin(owner, eq(owner.id, ownershipTransfers.currentOwnerPartyId));
}

export type TransferSummary = {
  id: string;
  operationId: string;
  operationName: string;
  facilityId: string | null;
  countyName: string;
  claimantName: string;
  currentOwnerName: string | null;
  acquiredOn: string;
  status: 'pending' | 'confirmed' | 'refused';
  ownerResponse: 'accepted' | 'disputed' | null;
  ownerResponseNote: string | null;
  decidedOn: string | null;
  decidedThrough: 'department' | 'current_owner' | null;
  decisionReason: string | null;
  originalMmpDueOn: string | null;
  createdAt: Date;
};

/** The department's worklist section: requests waiting for a decision, oldest first. */
export async function listPendingTransfers(actor: Actor, limit = 50): Promise<{ rows: TransferSummary[]; total: number }> {
  if (!isDepartment(actor.role)) return { rows: [], total: 0 };
  const db = await getDb();
  const where = and(eq(ownershipTransfers.status, 'pending'), transferScope(actor));
  const [rows, [count]] = await Promise.all([
    summaries(db).where(where).orderBy(asc(ownershipTransfers.createdAt), asc(ownershipTransfers.id)).limit(limit) as Promise<TransferSummary[]>,
    db.select({ n: sql<number>`count(*)::int` }).from(ownershipTransfers).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * A claimant's own requests for their dashboard: those waiting, and those refused in the last 90
 * days (a confirmed one is among their operations).
 */
export async function listMyTransferRequests(actor: Actor, today: string): Promise<TransferSummary[]> {
  if (actor.role !== 'owner' || !actor.partyId) return [];
  const db = await getDb();
  return await summaries(db)
    .where(
      and(
        eq(ownershipTransfers.claimantPartyId, actor.partyId),
        transferScope(actor),
        or(eq(ownershipTransfers.status, 'pending'), and(eq(ownershipTransfers.status, 'refused'), gte(ownershipTransfers.decidedOn, addDays(today, -90)))),
      ),
    )
    .orderBy(desc(ownershipTransfers.createdAt))
    .limit(50);
}

/** Pending requests naming the signed-in owner as the owner on record of this operation. */
export async function listPendingRequestsForMyOperation(actor: Actor, operationId: string): Promise<TransferSummary[]> {
  if (actor.role !== 'owner' || !actor.partyId) return [];
  const db = await getDb();
  return await summaries(db)
    .where(
      and(
        eq(ownershipTransfers.operationId, operationId),
        eq(ownershipTransfers.currentOwnerPartyId, actor.partyId),
        eq(ownershipTransfers.status, 'pending'),
        transferScope(actor),
      ),
    )
    .orderBy(asc(ownershipTransfers.createdAt));
}

/** The operation's name and facility for a letter. */
export async function loadOperationSummary(db: Executor, operationId: string) {
  const [op] = await db
    .select({ id: operations.id, name: operations.name, facilityId: operations.facilityId, countyName: counties.name })
    .from(operations)
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .where(eq(operations.id, operationId));
  if (!op) throw notFoundError();
  return op;
}

export type TransferAuditEntry = { id: number; occurredAt: Date; actorName: string | null; action: string; after: unknown };

/** One request with what the department weighs: the evidence, the owner's answer, today's owner, the log. */
export async function getTransferForReview(actor: Actor, transferId: string) {
  if (!isUuid(transferId)) throw notFoundError();
  const db = await getDb();
  const [row] = (await summaries(db)
    .where(and(eq(ownershipTransfers.id, transferId), transferScope(actor)))
    .limit(1)) as TransferSummary[];
  if (!row || !isDepartment(actor.role)) throw notFoundError();
  const [detail] = await db.select().from(ownershipTransfers).where(eq(ownershipTransfers.id, transferId));
  const [evidence, ownerNow, history, notices] = await Promise.all([
    db
      .select({ id: attachments.id, filename: attachments.filename, sizeBytes: attachments.sizeBytes, sha256: attachments.sha256, createdAt: attachments.createdAt })
      .from(attachments)
      .where(eq(attachments.transferId, transferId))
      .orderBy(asc(attachments.createdAt)),
    db
      .select({ partyId: ownerships.ownerId, name: parties.name, acquiredOn: ownerships.acquiredOn })
      .from(ownerships)
      .innerJoin(parties, eq(parties.id, ownerships.ownerId))
      .where(and(eq(ownerships.operationId, row.operationId), isNull(ownerships.releasedOn))),
    db
      .select({ id: auditEvents.id, occurredAt: auditEvents.occurredAt, actorName: users.name, action: auditEvents.action, after: auditEvents.after })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .where(and(eq(auditEvents.entityType, 'ownership_transfer'), eq(auditEvents.entityId, transferId)))
      .orderBy(asc(auditEvents.id)),
    db
      .select({ id: emailOutbox.id, toAddress: emailOutbox.toAddress, subject: emailOutbox.subject, status: emailOutbox.status, createdAt: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(sql`${emailOutbox.eventKey} like ${`transfer:${transferId}:%`}`)
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.toAddress)),
  ]);
  const [claimantAccount] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, detail!.claimantUserId));
  return {
    ...row,
    version: detail!.version,
    ownerRespondedAt: detail!.ownerRespondedAt,
    ownerLinkExpiresAt: detail!.ownerTokenExpiresAt,
    ownerLinkOpen: Boolean(detail!.ownerTokenHash) && Boolean(detail!.ownerTokenExpiresAt && detail!.ownerTokenExpiresAt > new Date()),
    requirementCitation: detail!.requirementCitation,
    requirementReason: detail!.requirementReason,
    originalMmpRequired: detail!.originalMmpRequired,
    currentOwnerPartyId: detail!.currentOwnerPartyId,
    claimantAccount: claimantAccount ?? null,
    ownerNow: ownerNow[0] ?? null,
    evidence,
    history: history as TransferAuditEntry[],
    notices,
  };
}

export type TransferReview = Awaited<ReturnType<typeof getTransferForReview>>;
