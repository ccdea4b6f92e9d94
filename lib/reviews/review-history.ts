import 'server-only';
import type { AuditAction } from '@/lib/audit';
import { and, asc, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { attachments, auditEvents, emailOutbox, feeLines, parties, planDeficiencies, users } from '@/db/schema';
import { sortByCatalogue } from '@/lib/plans/deficiency-notice';
import { deficiencyDefinition } from '@/lib/plans/deficiencies';

// The record around a plan under review: its files, fees, deficiency cycles, notices and audit log.

export async function listPlanAttachments(db: Executor, planId: string) {
  return db
    .select({ id: attachments.id, kind: attachments.kind, filename: attachments.filename, sizeBytes: attachments.sizeBytes, createdAt: attachments.createdAt })
    .from(attachments)
    .where(eq(attachments.planId, planId))
    .orderBy(asc(attachments.createdAt));
}

export async function listPlanFees(db: Executor, planId: string) {
  return db
    .select({
      id: feeLines.id,
      code: feeLines.code,
      amountCents: feeLines.amountCents,
      status: feeLines.status,
      citation: feeLines.citation,
      dueOn: feeLines.dueOn,
      payerName: parties.name,
      paidCents: sql<number>`coalesce((select sum(p.amount_cents) from payments p where p.fee_line_id = fee_lines.id), 0)::int`,
    })
    .from(feeLines)
    .innerJoin(parties, eq(parties.id, feeLines.payerPartyId))
    .where(eq(feeLines.planId, planId))
    .orderBy(asc(feeLines.createdAt));
}

export type DeficiencyItem = { id: string; code: string; title: string; rule: string; detail: string | null; ownerResponse: string | null; respondedAt: Date | null };
export type DeficiencyCycle = { cycle: number; returnedAt: Date; items: DeficiencyItem[] };

/** Every return of the plan, oldest first: each item with the owner's answer and when it was given. */
export async function listDeficiencyCycles(db: Executor, planId: string): Promise<DeficiencyCycle[]> {
  const rows = await db.select().from(planDeficiencies).where(eq(planDeficiencies.planId, planId)).orderBy(asc(planDeficiencies.cycle), asc(planDeficiencies.createdAt));
  const cycles = new Map<number, DeficiencyCycle>();
  for (const r of rows) {
    const c = cycles.get(r.cycle) ?? { cycle: r.cycle, returnedAt: r.createdAt, items: [] };
    const def = deficiencyDefinition(r.code);
    c.items.push({ id: r.id, code: r.code, title: def.title, rule: def.rule, detail: r.detail, ownerResponse: r.ownerResponse, respondedAt: r.respondedAt });
    cycles.set(r.cycle, c);
  }
  return [...cycles.values()].map((c) => ({ ...c, items: sortByCatalogue(c.items) }));
}

export async function listPlanNotices(db: Executor, planId: string) {
  return db
    .select({ id: emailOutbox.id, toAddress: emailOutbox.toAddress, subject: emailOutbox.subject, template: emailOutbox.template, status: emailOutbox.status, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(like(emailOutbox.eventKey, `plan:${planId}:%`))
    .orderBy(desc(emailOutbox.createdAt), asc(emailOutbox.toAddress))
    .limit(100);
}

export type AuditEntry = { id: number; occurredAt: Date; actorName: string | null; action: AuditAction; entityType: string; before: unknown; after: unknown };

/** The plan's audit events and those of its fee lines, newest first. */
export async function listPlanAudit(db: Executor, planId: string, feeLineIds: string[]): Promise<AuditEntry[]> {
  const forFees = feeLineIds.length ? and(eq(auditEvents.entityType, 'fee_line'), inArray(auditEvents.entityId, feeLineIds)) : undefined;
  return db
    .select({
      id: auditEvents.id,
      occurredAt: auditEvents.occurredAt,
      actorName: users.name,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(or(and(eq(auditEvents.entityType, 'plan'), eq(auditEvents.entityId, planId)), forFees))
    .orderBy(desc(auditEvents.id))
    .limit(200);
}
