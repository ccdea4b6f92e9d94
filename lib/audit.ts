import 'server-only';
import type { Executor } from '@/db/client';
import { auditEvents, type AuditAction } from '@/db/schema';

export type { AuditAction };

export type AuditInput = {
  actorUserId: string | null;
  action: AuditAction;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  ipAddress?: string | null;
};

/** Appends to the audit log, inside the caller's transaction so it lands with the change itself. */
export async function recordAudit(tx: Executor, input: AuditInput): Promise<void> {
  await tx.insert(auditEvents).values({
    actorUserId: input.actorUserId,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId,
    before: input.before ?? null,
    after: input.after ?? null,
    ipAddress: input.ipAddress ?? null,
  });
}
