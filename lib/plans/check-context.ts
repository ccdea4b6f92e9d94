import 'server-only';
import { eq } from 'drizzle-orm';
import { allOf, type Executor } from '@/db/client';
import { attachments } from '@/db/schema';
import type { CheckContext } from './completeness';
import type { FiledDocument as PlanDocument } from './document/types';
import { loadFiledDocument } from './document/read-filed';
import { lastApprovedPlanId } from './load';
import type { OperationFactsForPlan } from './operation-facts';
import { loadReferenceTables } from '@/lib/reference/load';
import type { ReferenceTables } from './reference-tables';
import type { StatementSummary } from './statement-check';
import { listPlanStatements } from '@/lib/statements/statements';
import { countyList, type CountyOption } from '@/lib/reference/places';

export type { CountyOption };

/** The counties by name, for a chooser (read once per database: lib/reference/places.ts). */
export const listCountyOptions = countyList;

/** What the completeness check needs besides the draft, read from the database. */
export async function buildCheckContext(
  db: Executor,
  plan: { id: string; kind: 'original' | 'annual_update'; operationId: string; previousPlanId: string | null },
  facts: OperationFactsForPlan,
  today: string,
): Promise<CheckContext & { previousPlanId: string | null; counties: CountyOption[]; referenceTables: ReferenceTables; statements: StatementSummary[] }> {
  const [files, countyList, referenceTables, statements] = await allOf(db, [
    () => db.select({ id: attachments.id, kind: attachments.kind }).from(attachments).where(eq(attachments.planId, plan.id)),
    () => listCountyOptions(db),
    () => loadReferenceTables(db, today),
    () => listPlanStatements(db, plan.id),
  ]);
  let previousPlanId: string | null = null;
  let previous: PlanDocument | null = null;
  if (plan.kind === 'annual_update') {
    previousPlanId = plan.previousPlanId ?? (await lastApprovedPlanId(db, plan.operationId));
    previous = previousPlanId ? (await loadFiledDocument(db, previousPlanId))?.document ?? null : null;
  }
  const names = new Map(countyList.map((c) => [c.fips, c.name]));
  const op = facts.operation;
  return {
    kind: plan.kind,
    today,
    designStatementApplies: plan.kind === 'original' && facts.designStatementApplies,
    attachments: files,
    contractorMissing: op.contractProducer && !op.activeContractorId,
    operationEditHref: `/operations/${op.id}/edit`,
    previous,
    previousPlanId,
    counties: countyList,
    countyName: (fips) => names.get(fips) ?? fips,
    referenceTables,
    statements,
  };
}
