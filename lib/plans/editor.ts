import 'server-only';
import { asc, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { attachments, counties, planDeficiencies } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { FILERS } from '@/lib/auth/roles';
import { indemnityFeeFor } from '@/lib/fees/indemnity';
import { buildCheckContext } from './check-context';
import { constructionPermitApplies, indemnityFeeLine } from './fees';
import { openNoticeItems } from './deficiency-notice';
import { loadOperationFacts } from './operation-facts';
import { manureRemovalForOperation } from './in-force';
import { draftOf } from './load';
import { getPlanForActor } from './queries';
import { isEditableStatus, stepsFor } from './steps';

/**
 * What the plan form needs: the draft as last saved, the operation's facts, the county list, the
 * files uploaded so far and, for an update, the last approved plan it amends. `editable` is false
 * when the actor may not change the plan (the page then shows the plan instead).
 */
export async function getPlanEditor(actor: Actor, planId: string, today: string) {
  const view = await getPlanForActor(actor, planId);
  const { plan } = view;
  const editable = FILERS.includes(actor.role) && isEditableStatus(plan.status);
  if (!editable) return { editable: false as const, planId };
  const db = await getDb();
  const facts = await loadOperationFacts(db, plan.operationId, today);
  const op = facts.operation;
  // One round of statements at once, after the operation's facts they depend on.
  const [context, files, deficiencies, [county], draft, removal, indemnityFee] = await Promise.all([
    buildCheckContext(db, plan, facts, today),
    db
      .select({ id: attachments.id, kind: attachments.kind, filename: attachments.filename, sizeBytes: attachments.sizeBytes })
      .from(attachments)
      .where(eq(attachments.planId, planId))
      .orderBy(asc(attachments.createdAt)),
    db.select().from(planDeficiencies).where(eq(planDeficiencies.planId, planId)).orderBy(desc(planDeficiencies.cycle)),
    db.select({ name: counties.name }).from(counties).where(eq(counties.fips, facts.operation.countyFips)),
    draftOf(db, plan),
    manureRemovalForOperation(db, plan.operationId),
    // IAC 567-65.110(6): shown before submitting, as the submission will bill it.
    plan.kind === 'original'
      ? indemnityFeeFor({ animalUnitCapacity: facts.animalUnitCapacity, constructedOn: op.constructedOn, constructionPermit: constructionPermitApplies(op.constructionPermitStatus) }, today, db).then(indemnityFeeLine)
      : Promise.resolve(null),
  ]);
  return {
    editable: true as const,
    planId,
    plan: { id: plan.id, kind: plan.kind, status: plan.status, version: plan.version, draftSavedAt: plan.draftSavedAt?.toISOString() ?? null },
    draft,
    steps: stepsFor({ kind: plan.kind, updateKind: typeof draft.update?.updateKind === 'string' ? draft.update.updateKind : null }),
    operation: {
      id: op.id,
      name: op.name,
      facilityId: op.facilityId,
      countyFips: op.countyFips,
      countyName: county?.name ?? op.countyFips,
      animalUnitCapacity: facts.animalUnitCapacity,
      contractProducer: op.contractProducer,
      constructionPermitStatus: op.constructionPermitStatus,
      safoInForce: facts.safoInForce,
      contractorMissing: context.contractorMissing,
    },
    designStatementApplies: context.designStatementApplies,
    counties: context.counties,
    referenceTables: context.referenceTables,
    statements: context.statements,
    attachments: files,
    previous: context.previous,
    // Only a plan still returned as incomplete has an open notice; a later decision supersedes it.
    deficiencies: (plan.status === 'incomplete' ? openNoticeItems(deficiencies) : []).map((d) => ({ id: d.id, code: d.code, detail: d.detail, answered: Boolean(d.ownerResponse) })),
    indemnityFee,
    // IAC 567-65.110(5), from the one in-force query: an update does not stop a plan already approved.
    manureRemoval: { allowed: removal.allowed, reason: removal.reason, citation: removal.citation },
    today,
  };
}

export type PlanEditorData = Extract<Awaited<ReturnType<typeof getPlanEditor>>, { editable: true }>;
