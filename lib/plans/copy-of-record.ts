import 'server-only';
import { createHash } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { copiesOfRecord, counties, operations, parties, planSignatures, planSubmissions, plans, users } from '@/db/schema';
import { ROLE_LABELS, type Actor } from '@/lib/auth/roles';
import { AppError, notFoundError } from '@/lib/errors';
import { enqueueEmail, type EmailRecipient } from '@/lib/notifications/outbox';
import { renderCopyOfRecordPdf } from '@/lib/pdf/copy-of-record-pdf';
import { canonicalJson } from '@/lib/canonical-json';
import { readSnapshot, type FrozenSignature } from './document/snapshot';
import { getPlanForActor } from './queries';

// The copy of record (CROMERR §3.2000(b)(5)(vi)): made at receipt, in the submission's transaction,
// so a submission never commits without it; stored write-once under the SHA-256 of its bytes.

export const sha256Hex = (bytes: Buffer | Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** SHA-256 of the frozen submission as canonical JSON (RFC 8785): the same whatever key order jsonb returns. */
export function documentSha256(snapshot: unknown): string {
  const json = canonicalJson(snapshot);
  if (json === undefined) throw new Error('The frozen plan document has no JSON form.');
  return sha256Hex(json);
}

/** Renders, stores and acknowledges (unless `acknowledge` is false: the demo's own records) the copy of record of a submission just written in `tx`. */
export async function makeCopyOfRecord(tx: Executor, input: { submissionId: string; origin: string; acknowledge?: boolean }): Promise<{ sha256: string }> {
  const [row] = await tx
    .select({
      submission: planSubmissions, referenceNumber: plans.referenceNumber, kind: plans.kind, operationCountyFips: operations.countyFips,
      submitter: { id: users.id, name: users.name, email: users.email, role: users.role },
    })
    .from(planSubmissions)
    .innerJoin(plans, eq(plans.id, planSubmissions.planId))
    .innerJoin(operations, eq(operations.id, plans.operationId))
    .leftJoin(users, eq(users.id, planSubmissions.submittedByUserId))
    .where(eq(planSubmissions.id, input.submissionId));
  if (!row || !row.submission.confirmationNumber) throw new AppError('CONFLICT', 'This submission has no receipt number, so it cannot have a copy of record.');
  const { submission } = row;
  const snap = submission.snapshot as Record<string, unknown> & {
    updateKind?: string | null; channel?: string; operation?: { name?: string; facilityId?: string | null };
    owner?: { name?: string; email?: string | null }; submittedBy?: { name?: string; role?: keyof typeof ROLE_LABELS };
    signature?: FrozenSignature;
  };
  const reading = readSnapshot(submission.snapshot);
  const countyRows = await tx.select({ fips: counties.fips, name: counties.name }).from(counties);
  const countyName = (fips: string) => countyRows.find((c) => c.fips === fips)?.name ?? fips;
  const docHash = documentSha256(submission.snapshot);
  const role = row.submitter?.role ?? snap.submittedBy?.role;
  const pdf = await renderCopyOfRecordPdf({
    confirmationNumber: submission.confirmationNumber!,
    referenceNumber: row.referenceNumber,
    receivedAt: submission.createdAt,
    kind: row.kind,
    updateKind: snap.updateKind ?? null,
    channel: snap.channel ?? 'electronic',
    animalUnitCapacity: reading.animalUnitCapacity,
    operation: { name: snap.operation?.name ?? '', facilityId: snap.operation?.facilityId ?? null, countyName: countyName(row.operationCountyFips) },
    owner: { name: snap.owner?.name ?? 'not recorded', email: snap.owner?.email ?? null },
    submittedBy: { name: snap.submittedBy?.name ?? row.submitter?.name ?? 'not recorded', roleLabel: role ? ROLE_LABELS[role].toLowerCase() : 'role not recorded', email: row.submitter?.email ?? null },
    signature: snap.signature ?? null,
    document: reading.document,
    changes: reading.changes,
    documentSha256: docHash,
    verifyUrl: `${input.origin}/verify`,
    countyName,
  });
  const sha256 = sha256Hex(pdf);
  await tx.insert(copiesOfRecord).values({
    sha256, pdf, planSubmissionId: submission.id, planId: submission.planId, confirmationNumber: submission.confirmationNumber!, documentSha256: docHash,
  });
  // CROMERR: acknowledged at once to whoever filed and to the owner of record's own accounts and
  // registered address (the signatory unless the owner named someone else), one copy per address.
  const recipients = input.acknowledge === false ? [] : await acknowledgmentRecipients(tx, row.submitter, (snap.owner as { partyId?: string } | undefined)?.partyId);
  if (recipients.length) {
    await enqueueEmail(tx, {
      eventKey: `plan:${submission.planId}:copy-of-record:${submission.id}`,
      recipients,
      template: 'copy-of-record',
      props: {
        recipientName: snap.owner?.name ?? row.submitter?.name ?? 'the owner',
        operationName: snap.operation?.name ?? row.referenceNumber,
        referenceNumber: row.referenceNumber,
        confirmationNumber: submission.confirmationNumber!,
        receivedAt: submission.createdAt.toISOString(),
        sha256,
        documentSha256: docHash,
        copyUrl: `${input.origin}/api/plans/${submission.planId}/copy-of-record.pdf`,
        verifyUrl: `${input.origin}/verify`,
      },
    });
  }
  return { sha256 };
}

/** The copy of record of a plan's latest submission, for anyone who may see the plan; NOT_FOUND otherwise. */
export async function getCopyOfRecord(actor: Actor, planId: string) {
  await getPlanForActor(actor, planId);
  const db = await getDb();
  const [copy] = await db
    .select({ sha256: copiesOfRecord.sha256, pdf: copiesOfRecord.pdf, confirmationNumber: copiesOfRecord.confirmationNumber })
    .from(copiesOfRecord)
    .where(and(eq(copiesOfRecord.planId, planId), isNotNull(copiesOfRecord.planSubmissionId)))
    .orderBy(desc(copiesOfRecord.createdAt))
    .limit(1);
  if (!copy) throw notFoundError();
  return copy;
}

/** The latest copy of record's receipt and hash, for the plan page (which has already authorized the actor). */
export async function findCopyOfRecordSummary(planId: string): Promise<{
  sha256: string; confirmationNumber: string; receivedAt: Date;
  /** Who signed the submission, in what capacity, when, and the SHA-256 of what they read; null before the signing step. */
  signature: { name: string; capacity: string; signedAt: Date; documentSha256: string; factor: string } | null;
} | null> {
  const db = await getDb();
  const [copy] = await db
    .select({
      sha256: copiesOfRecord.sha256, confirmationNumber: copiesOfRecord.confirmationNumber, receivedAt: planSubmissions.createdAt,
      signerName: planSignatures.signerName, capacity: planSignatures.capacity, signedAt: planSignatures.signedAt, documentSha256: planSignatures.documentSha256, factor: planSignatures.factor,
    })
    .from(copiesOfRecord)
    .innerJoin(planSubmissions, eq(planSubmissions.id, copiesOfRecord.planSubmissionId))
    .leftJoin(planSignatures, eq(planSignatures.planSubmissionId, planSubmissions.id))
    .where(eq(copiesOfRecord.planId, planId))
    .orderBy(desc(copiesOfRecord.createdAt))
    .limit(1);
  if (!copy) return null;
  const { signerName, capacity, signedAt, documentSha256: signed, factor, ...rest } = copy;
  return { ...rest, signature: signerName && capacity && signedAt && signed && factor ? { name: signerName, capacity, signedAt, documentSha256: signed, factor } : null };
}

/** Whoever filed, and the owner of record's accounts and registered address, one entry per address. */
async function acknowledgmentRecipients(tx: Executor, submitter: { id: string; email: string } | null, ownerPartyId: string | undefined): Promise<EmailRecipient[]> {
  const list: EmailRecipient[] = submitter ? [{ address: submitter.email, userId: submitter.id }] : [];
  if (ownerPartyId) {
    const accounts = await tx.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.partyId, ownerPartyId), isNull(users.disabledAt)));
    list.push(...accounts.map((a) => ({ address: a.email, userId: a.id })));
    const [party] = await tx.select({ email: parties.email }).from(parties).where(eq(parties.id, ownerPartyId));
    if (party?.email) list.push({ address: party.email });
  }
  const seen = new Set<string>();
  return list.filter((r) => {
    const key = r.address.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
