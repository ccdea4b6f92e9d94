import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { makeCopyOfRecord } from '@/lib/plans/copy-of-record';
import { buildSnapshot } from '@/lib/plans/document/snapshot';
import { documentOfDraft, readDraft } from '@/lib/plans/document/draft';
import { usedReferenceTables } from '@/lib/plans/reference-tables';
import { loadReferenceTables } from '@/lib/reference/load';
import { renderDecisionLetterPdf } from '@/lib/pdf/decision-letter-pdf';
import { REVIEWER_TITLES } from '@/lib/reviews/decision';
import { buildLetterParts } from '@/lib/reviews/letter-parts';
import { daysBetween } from '@/lib/rules';
import { signedDocumentSha256 } from '@/lib/signing/ceremony';
import { PLAN_CERTIFICATION, certificationSha256 } from '@/lib/signing/certification';
import type { Executor } from '@/db/client';
import { counties, decisionLetters, feeLines, operations, ownerships, parties, planSignatures, planSubmissions, plans, users } from '@/db/schema';

// What a filed plan leaves behind, for the demo's plans that were received: the frozen submission
// with its filing receipt's number (so every received plan has a receipt to download); for the
// listed operations, the copy of record made at receipt; and for a decided plan of the listed
// operations, the decision letter rendered once as sent. Written with the same snapshot builder,
// copy-of-record and letter renderers as a real filing and decision.

/** Every received plan of the given operations gets its submission; those of `copyOperationIds` their copy of record, the decided ones of `letterOperationIds` their letter. */
export async function seedDemoRecords(db: Executor, input: { operationIds: string[]; letterOperationIds: string[]; copyOperationIds: string[]; origin: string }): Promise<void> {
  if (!input.operationIds.length) return;
  const received = await db
    .select({
      id: plans.id, operationId: plans.operationId, kind: plans.kind, updateKind: plans.updateKind, channel: plans.channel, status: plans.status,
      animalUnitCapacity: plans.animalUnitCapacity, receivedOn: plans.receivedOn, completeReceivedOn: plans.completeReceivedOn, decidedOn: plans.decidedOn,
      decision: plans.decision, decisionReasons: plans.decisionReasons, previousPlanId: plans.previousPlanId, submittedBy: plans.submittedByUserId,
      decidedBy: plans.decidedByUserId, draftState: plans.draftState,
    })
    .from(plans)
    .where(and(inArray(plans.operationId, input.operationIds), isNotNull(plans.receivedOn)))
    .orderBy(asc(plans.receivedOn));
  for (const plan of received) {
    const [op] = await db
      .select({ id: operations.id, name: operations.name, facilityId: operations.facilityId, countyFips: operations.countyFips, permit: operations.constructionPermitStatus, countyName: counties.name })
      .from(operations)
      .innerJoin(counties, eq(counties.fips, operations.countyFips))
      .where(eq(operations.id, plan.operationId));
    const [owner] = await db
      .select({ partyId: parties.id, name: parties.name, email: parties.email })
      .from(ownerships)
      .innerJoin(parties, eq(parties.id, ownerships.ownerId))
      .where(and(eq(ownerships.operationId, plan.operationId), isNull(ownerships.releasedOn)));
    const [filer] = plan.submittedBy ? await db.select({ id: users.id, name: users.name, role: users.role }).from(users).where(eq(users.id, plan.submittedBy)) : [];
    if (!op || !owner || !filer || !plan.draftState) continue;
    const document = documentOfDraft(readDraft(plan.draftState));
    const fees = await db.select({ code: feeLines.code, cents: feeLines.amountCents, payer: feeLines.payerKind, citation: feeLines.citation }).from(feeLines).where(eq(feeLines.planId, plan.id));
    // The copy-of-record operations' filings were signed by their owner at the signing step, as today.
    const receivedAt = new Date(`${plan.receivedOn!}T16:00:00Z`);
    const signed = input.copyOperationIds.includes(plan.operationId) && filer.role === 'owner';
    const [signerRow] = signed ? await db.select({ email: users.email }).from(users).where(eq(users.id, filer.id)) : [];
    const signature = signerRow
      ? {
          userId: filer.id, name: filer.name, email: signerRow.email, capacity: 'Owner of record', signedAt: new Date(receivedAt.getTime() - 60_000).toISOString(),
          documentSha256: signedDocumentSha256({ kind: plan.kind, update: null, document }), certificationVersion: PLAN_CERTIFICATION.version,
          certificationSha256: certificationSha256(), factor: 'password_and_authenticator',
        }
      : undefined;
    const snapshot = buildSnapshot({
      kind: plan.kind, updateKind: plan.updateKind, channel: plan.channel, animalUnitCapacity: plan.animalUnitCapacity, document, changes: [],
      previousPlanId: plan.previousPlanId, fees, attachments: [], indemnity: null,
      operation: { id: op.id, name: op.name, facilityId: op.facilityId, countyFips: op.countyFips, constructionPermitStatus: op.permit },
      owner, submittedBy: { userId: filer.id, name: filer.name, role: filer.role },
      ...(signature ? { signature } : {}),
      // The reference values in force the day it was received, frozen as a filing freezes them.
      referenceTables: usedReferenceTables(await loadReferenceTables(db, plan.receivedOn!), document.fields.map((f) => f.countyFips)),
    });
    const receivedOn = plan.receivedOn!;
    const [submission] = await db
      .insert(planSubmissions)
      .values({
        planId: plan.id, idempotencyKey: `demo-submission-${plan.id}`, submittedOn: receivedOn, submittedByUserId: filer.id, snapshot,
        confirmationNumber: sql`'MMP-' || ${receivedOn.slice(0, 4)} || '-' || lpad(nextval('submission_confirmation_seq')::text, 6, '0')`,
        // Received mid-morning in Iowa on the day the story says.
        createdAt: receivedAt,
      })
      .returning({ id: planSubmissions.id });
    if (signature) {
      await db.insert(planSignatures).values({
        planSubmissionId: submission!.id, signerUserId: signature.userId, signerName: signature.name, signerEmail: signature.email, capacity: signature.capacity,
        signedAt: new Date(signature.signedAt), documentSha256: signature.documentSha256, certificationVersion: signature.certificationVersion,
        certificationSha256: signature.certificationSha256, factor: signature.factor,
      });
    }
    // The copy of record as the portal makes it at receipt, for the operations whose letters are kept too.
    if (input.copyOperationIds.includes(plan.operationId)) await makeCopyOfRecord(db, { submissionId: submission!.id, origin: input.origin, acknowledge: false });

    if (!input.letterOperationIds.includes(plan.operationId) || !plan.decidedOn || (plan.decision !== 'approved' && plan.decision !== 'disapproved')) continue;
    const [decider] = plan.decidedBy ? await db.select({ id: users.id, name: users.name, role: users.role }).from(users).where(eq(users.id, plan.decidedBy)) : [];
    const parts = await buildLetterParts(db, { planId: plan.id, operationId: op.id, countyFips: op.countyFips, decidedOn: plan.decidedOn, appealable: plan.decision === 'disapproved' });
    const completeOn = plan.completeReceivedOn ?? receivedOn;
    const { pdf, sha256 } = await renderDecisionLetterPdf({
      operationName: op.name, facilityId: op.facilityId ?? 'not yet assigned', countyName: op.countyName, ownerName: owner.name, parts,
      kind: plan.kind, updateKind: plan.updateKind, decision: plan.decision, reasons: plan.decisionReasons ? plan.decisionReasons.split('\n').filter(Boolean) : [],
      receivedOn: completeOn, decidedOn: plan.decidedOn, reviewDay: daysBetween(completeOn, plan.decidedOn),
      decidedBy: decider ? { name: decider.name, title: REVIEWER_TITLES[decider.role] ?? 'Iowa Department of Natural Resources' } : null,
    });
    await db.insert(decisionLetters).values({ planId: plan.id, decision: plan.decision, decidedOn: plan.decidedOn, pdf, sha256, createdByUserId: decider?.id ?? null });
  }
}
