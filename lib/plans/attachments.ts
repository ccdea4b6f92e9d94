import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { attachments, operations, ownershipTransfers, planSubmissions, plans } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { operationScope, planScope, transferScope } from '@/lib/auth/scopes';
import { AppError, notFoundError } from '@/lib/errors';
import { getAttachmentStorage } from '@/lib/storage';
import { fileTooLargeMessage } from '@/lib/http/body-limit';
import { ATTACHMENT_KINDS, MAX_ATTACHMENT_BYTES, type AttachmentKind } from './attachment-kinds';
import { isEditableStatus } from './steps';
import { isUuid } from '@/lib/ids';

export type AttachmentRow = { id: string; kind: AttachmentKind; filename: string; sizeBytes: number; sha256: string; createdAt: Date };

function fileError(message: string): AppError {
  return new AppError('VALIDATION', message, { file: [message] });
}

/** A PDF starts with the bytes "%PDF-", whatever its name or the type the browser claims. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** A name safe to store and to send back in Content-Disposition. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[^\w .()-]+/g, '_').replace(/^[.\s]+/, '').slice(0, 150).trim();
  const withName = clean || 'attachment';
  return /\.pdf$/i.test(withName) ? withName : `${withName}.pdf`;
}

/** The checks every uploaded PDF passes: not empty, 20 MB at most, and a PDF by its bytes. */
export function requirePdf(bytes: Uint8Array): void {
  if (bytes.length === 0) throw fileError('The file is empty. Choose the PDF again.');
  if (bytes.length > MAX_ATTACHMENT_BYTES) throw fileError(fileTooLargeMessage(MAX_ATTACHMENT_BYTES));
  if (!looksLikePdf(bytes)) throw fileError('The file is not a PDF. Save or scan it as a PDF and upload that.');
}

/**
 * Stores an uploaded PDF (20 MB at most) for a plan, with its SHA-256. Plan maps and agreements are
 * added while the owner may change the plan; a county receipt once a hard-copy plan is filed.
 */
export async function uploadAttachment(actor: Actor, input: { planId: string; kind: string; filename: string; bytes: Uint8Array }): Promise<AttachmentRow> {
  await authorize(actor, 'plan.upload_attachment', { planId: input.planId });
  if (!(ATTACHMENT_KINDS as readonly string[]).includes(input.kind)) throw new AppError('VALIDATION', 'Say what the file is.', { kind: ['Say what the file is'] });
  const kind = input.kind as AttachmentKind;
  requirePdf(input.bytes);

  const db = await getDb();
  const [plan] = await db.select({ status: plans.status, channel: plans.channel, operationId: plans.operationId }).from(plans).where(eq(plans.id, input.planId));
  if (!plan) throw notFoundError();
  if (kind === 'county_receipt') {
    if (plan.channel !== 'hard_copy' || plan.status === 'draft' || plan.status === 'withdrawn') {
      throw new AppError('VALIDATION', 'County receipts are uploaded for a filed hard-copy plan.');
    }
  } else if (!isEditableStatus(plan.status)) {
    throw new AppError('CONFLICT', 'This plan is with the department and cannot be changed until it is returned to you.');
  }

  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const storageKey = `plans/${input.planId}/${randomUUID()}.pdf`;
  const storage = getAttachmentStorage();
  await storage.put(storageKey, input.bytes);
  try {
    return await db.transaction(async (tx) => {
      await authorize(actor, 'plan.upload_attachment', { planId: input.planId }, tx);
      const [row] = await tx
        .insert(attachments)
        .values({ operationId: plan.operationId, planId: input.planId, kind, filename: cleanFilename(input.filename), contentType: 'application/pdf', sizeBytes: input.bytes.length, sha256, storageKey, uploadedByUserId: actor.id })
        .returning();
      await recordAudit(tx, { actorUserId: actor.id, action: 'attachment.uploaded', entityType: 'plan', entityId: input.planId, after: { attachmentId: row!.id, kind, filename: row!.filename, sizeBytes: row!.sizeBytes, sha256 } });
      return { id: row!.id, kind, filename: row!.filename, sizeBytes: row!.sizeBytes, sha256, createdAt: row!.createdAt };
    });
  } catch (err) {
    await storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
}

/** A plan's attachments, oldest first. The caller has already read the plan in scope. */
export async function listPlanAttachments(planId: string): Promise<AttachmentRow[]> {
  const db = await getDb();
  return db
    .select({ id: attachments.id, kind: attachments.kind, filename: attachments.filename, sizeBytes: attachments.sizeBytes, sha256: attachments.sha256, createdAt: attachments.createdAt })
    .from(attachments)
    .where(eq(attachments.planId, planId))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
}

/**
 * An attachment the actor may read, with its bytes: a transfer request's evidence through the
 * request's scope, a plan's file through the plan's, anything else through the operation's.
 */
export async function readAttachment(actor: Actor, attachmentId: string): Promise<{ filename: string; contentType: string; bytes: Uint8Array }> {
  if (!isUuid(attachmentId)) throw notFoundError();
  const db = await getDb();
  const [row] = await db
    .select({ filename: attachments.filename, contentType: attachments.contentType, storageKey: attachments.storageKey })
    .from(attachments)
    .innerJoin(operations, eq(operations.id, attachments.operationId))
    .leftJoin(plans, eq(plans.id, attachments.planId))
    .leftJoin(ownershipTransfers, eq(ownershipTransfers.id, attachments.transferId))
    .where(
      and(
        eq(attachments.id, attachmentId),
        sql`((${attachments.transferId} is not null and ${transferScope(actor)})
          or (${attachments.transferId} is null and ${attachments.planId} is not null and ${planScope(actor)})
          or (${attachments.transferId} is null and ${attachments.planId} is null and ${operationScope(actor)}))`,
      ),
    );
  if (!row) throw notFoundError();
  const bytes = await getAttachmentStorage().get(row.storageKey);
  if (!bytes) throw notFoundError();
  return { filename: row.filename, contentType: row.contentType, bytes };
}

/** Removes a file added since the plan was last filed (a wrong upload); filed files stay on record. */
export async function removeAttachment(actor: Actor, input: { planId: string; attachmentId: string }): Promise<void> {
  const db = await getDb();
  const key = await db.transaction(async (tx) => {
    await authorize(actor, 'plan.upload_attachment', { planId: input.planId }, tx);
    const [plan] = await tx.select({ status: plans.status }).from(plans).where(eq(plans.id, input.planId)).for('update');
    if (!plan || !isEditableStatus(plan.status)) throw new AppError('CONFLICT', 'This plan is with the department; its files cannot be removed.');
    const [row] = await tx.select().from(attachments).where(and(eq(attachments.id, input.attachmentId), eq(attachments.planId, input.planId)));
    if (!row) throw notFoundError();
    const [last] = await tx.select({ at: planSubmissions.createdAt }).from(planSubmissions).where(eq(planSubmissions.planId, input.planId)).orderBy(desc(planSubmissions.createdAt)).limit(1);
    if (last && row.createdAt <= last.at) throw new AppError('CONFLICT', 'This file was part of a plan you filed, so it stays on record.');
    await tx.delete(attachments).where(eq(attachments.id, row.id));
    await recordAudit(tx, { actorUserId: actor.id, action: 'attachment.removed', entityType: 'plan', entityId: input.planId, before: { attachmentId: row.id, filename: row.filename, sha256: row.sha256 } });
    return row.storageKey;
  });
  await getAttachmentStorage().delete(key).catch(() => undefined);
}
