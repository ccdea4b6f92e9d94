import 'server-only';
import { and, eq, gt } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { auditEvents, operations, plans } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError, notFoundError } from '@/lib/errors';
import { planKindLabel, type UpdateKind } from '@/lib/notifications/labels';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { signingReadiness, type SigningReadiness } from '@/lib/signing/ceremony';
import { PLAN_CERTIFICATION, type Certification } from '@/lib/signing/certification';
import { listSignatories } from '@/lib/signing/signatories';
import { isEditableStatus } from './steps';
import { formatDateTime } from '@/lib/format';

const RESEND_AFTER_MINUTES = 60;
import { checkForFiling } from './submit';

// What the signing step shows before anyone signs (CROMERR: the signer reviews the content, the
// certification and its warnings): the plan as it will be filed, checked on the server from the saved
// draft, with its SHA-256; the certification in full; and where this person stands (may they sign,
// the agreement, their second factor, a lock). A preparer who may not sign sends it to those who may.

export type SigningPreview = {
  planId: string;
  version: number;
  /** Complete: it can be signed now. */
  ready: boolean;
  /** SHA-256 of the document as it would be filed, or null while something is missing. */
  documentSha256: string | null;
  certification: Certification;
  readiness: SigningReadiness;
  /** Who may sign the operation's plans (for "send it to be signed"), without this person. */
  signatories: { name: string; capacity: string }[];
};

export async function signingPreview(actor: Actor, planId: string, today: string): Promise<SigningPreview> {
  await authorize(actor, 'plan.submit', { planId });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
    if (!plan) throw notFoundError();
    // One after another: a transaction is one connection, which runs one statement at a time.
    const { checked, documentSha256 } = await checkForFiling(tx, plan, today);
    const readiness = await signingReadiness(actor, plan.operationId, tx);
    const signatories = await listSignatories(actor, plan.operationId, tx);
    return {
      planId,
      version: plan.version,
      ready: checked.missing.length === 0 && documentSha256 !== null,
      documentSha256,
      certification: PLAN_CERTIFICATION,
      readiness,
      signatories: signatories.filter((s) => s.userId !== actor.id).map((s) => ({ name: s.name, capacity: s.capacity })),
    };
  });
}

/**
 * A preparer (or anyone preparing the plan) sends it to everyone who may sign it: each is emailed a
 * link to the signing step. Nothing is filed until one of them signs.
 */
export async function requestSignature(actor: Actor, input: { planId: string; note?: string | null }, ctx: { origin: string }): Promise<{ sentTo: string[] }> {
  await authorize(actor, 'plan.submit', { planId: input.planId });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ id: plans.id, status: plans.status, kind: plans.kind, updateKind: plans.updateKind, operationId: plans.operationId, operationName: operations.name, facilityId: operations.facilityId })
      .from(plans)
      .innerJoin(operations, eq(operations.id, plans.operationId))
      .where(eq(plans.id, input.planId));
    if (!plan) throw notFoundError();
    if (!isEditableStatus(plan.status)) throw new AppError('CONFLICT', 'This plan was already filed: there is nothing left to sign.');
    // One request at a time: a second within the hour is refused, so no one is emailed again and again.
    const [recent] = await tx
      .select({ at: auditEvents.occurredAt })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'plan.signature_requested'), eq(auditEvents.entityType, 'plan'), eq(auditEvents.entityId, plan.id), gt(auditEvents.occurredAt, new Date(Date.now() - RESEND_AFTER_MINUTES * 60_000))))
      .limit(1);
    if (recent) throw new AppError('CONFLICT', `It was sent to be signed ${formatDateTime(recent.at)}. You can send it again an hour after that.`);
    const signers = (await listSignatories(actor, plan.operationId, tx)).filter((s) => s.userId !== actor.id);
    if (!signers.length) {
      throw new AppError('CONFLICT', 'No one with a portal account may sign this operation’s plans yet. Ask the owner to register, or to name who signs for them.');
    }
    const label = planKindLabel(plan.kind, plan.updateKind as UpdateKind | null);
    for (const s of signers) {
      await enqueueEmail(tx, {
        eventKey: `plan:${plan.id}:signature-requested:${s.userId}:${Date.now()}`,
        recipients: [{ address: s.email, userId: s.userId }],
        template: 'signature-requested',
        props: {
          signerName: s.name, preparerName: actor.name, operationName: plan.operationName, facilityId: plan.facilityId ?? 'not yet assigned',
          planLabel: label, note: input.note ?? null, signUrl: `${ctx.origin}/plans/${plan.id}/edit?step=review`,
        },
      });
    }
    await recordAudit(tx, {
      actorUserId: actor.id, action: 'plan.signature_requested', entityType: 'plan', entityId: plan.id,
      after: { sentTo: signers.map((s) => ({ userId: s.userId, name: s.name })) },
    });
    return { sentTo: signers.map((s) => s.name) };
  });
}
