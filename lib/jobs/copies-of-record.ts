// CROMERR §3.2000(b)(5)(vi): the copy of record is kept unaltered, and that is checked over time.
// Each day every stored copy is re-hashed; a copy whose bytes no longer hash to the SHA-256 it was
// filed under is recorded in the audit log and the department's staff are emailed, once a day.
import 'server-only';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { auditEvents, copiesOfRecord, plans, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { DEPARTMENT } from '@/lib/auth/roles';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { sha256Hex } from '@/lib/plans/copy-of-record';

export const COPY_MISMATCH_ACTION = 'copy_of_record.mismatch';
const BATCH = 50;

export type CopyCheckResult = { checked: number; mismatched: number };

export async function recheckCopiesOfRecord(db: Executor, ctx: { today: string; origin: string }): Promise<CopyCheckResult> {
  const mismatches: { planId: string; confirmationNumber: string; referenceNumber: string; expected: string; found: string }[] = [];
  let checked = 0;
  // Keyset over the key, a batch of PDFs in memory at a time, whatever the number of copies.
  for (let after = ''; ;) {
    const batch = await db
      .select({ sha256: copiesOfRecord.sha256, pdf: copiesOfRecord.pdf, planId: copiesOfRecord.planId, confirmationNumber: copiesOfRecord.confirmationNumber, referenceNumber: plans.referenceNumber })
      .from(copiesOfRecord)
      .innerJoin(plans, eq(plans.id, copiesOfRecord.planId))
      .where(gt(copiesOfRecord.sha256, after))
      .orderBy(asc(copiesOfRecord.sha256))
      .limit(BATCH);
    for (const c of batch) {
      const found = sha256Hex(c.pdf);
      if (found !== c.sha256) mismatches.push({ planId: c.planId, confirmationNumber: c.confirmationNumber, referenceNumber: c.referenceNumber, expected: c.sha256, found });
    }
    checked += batch.length;
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!.sha256;
  }
  if (!mismatches.length) return { checked, mismatched: 0 };

  await db.transaction(async (tx) => {
    // A second run on the same day records nothing twice.
    const recorded = await tx
      .select({ entityId: auditEvents.entityId, expected: sql<string>`${auditEvents.after}->>'expected'` })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, COPY_MISMATCH_ACTION), sql`${auditEvents.after}->>'checkedOn' = ${ctx.today}`));
    for (const m of mismatches) {
      if (recorded.some((r) => r.entityId === m.planId && r.expected === m.expected)) continue;
      await recordAudit(tx, {
        actorUserId: null, action: COPY_MISMATCH_ACTION, entityType: 'plan', entityId: m.planId,
        after: { checkedOn: ctx.today, confirmationNumber: m.confirmationNumber, expected: m.expected, found: m.found },
      });
    }
    const staff = await tx.select({ id: users.id, email: users.email }).from(users).where(and(inArray(users.role, [...DEPARTMENT]), isNull(users.disabledAt)));
    if (staff.length) {
      await enqueueEmail(tx, {
        eventKey: `copies-of-record:mismatch:${ctx.today}`,
        recipients: staff.map((s) => ({ address: s.email, userId: s.id })),
        template: 'copy-of-record-mismatch',
        props: { checkedOn: ctx.today, checked, mismatches: mismatches.map((m) => ({ confirmationNumber: m.confirmationNumber, referenceNumber: m.referenceNumber, expected: m.expected, found: m.found })), worklistUrl: `${ctx.origin}/review` },
      });
    }
  });
  return { checked, mismatched: mismatches.length };
}
