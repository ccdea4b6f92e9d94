import 'server-only';
import type { Executor } from '@/db/client';
import { balanceInput, planBalance, type PlanBalance } from '@/lib/plans/balance';
import type { ReferenceTables } from '@/lib/plans/reference-tables';
import { limitWords } from './check';
import { loadFiledDocument } from '@/lib/plans/document/read-filed';
import { lastApprovedPlanId } from '@/lib/plans/load';

// The plan an application record is checked against: the operation's approved plan in force (IAC
// 567-65.110(5): an approved plan stays in force until a later one is approved), its fields' limits
// computed by the plan's own arithmetic (lib/plans/balance) for the record's crop year.

export type PlanInForce = { planId: string; document: NonNullable<Awaited<ReturnType<typeof loadFiledDocument>>>['document']; tables: ReferenceTables };

export async function loadPlanInForce(db: Executor, operationId: string): Promise<PlanInForce | null> {
  const planId = await lastApprovedPlanId(db, operationId);
  if (!planId) return null;
  // The limits approved: the plan's figures with the reference values it was filed with.
  const filed = await loadFiledDocument(db, planId);
  return filed ? { planId, document: filed.document, tables: filed.referenceTables } : null;
}

/** The approved plan's balance for one crop year, or null without an approved plan. */
export function limitsForYear(plan: PlanInForce | null, cropYear: number): PlanBalance | null {
  if (!plan) return null;
  return planBalance(balanceInput(plan.document.production, plan.document.fields, plan.document.agreements), cropYear, plan.tables);
}

/** The plan's fields, for the form's field list: key, name and acres as filed. */
export function planFieldChoices(plan: PlanInForce | null): { key: string; name: string; acres: number | null }[] {
  return (plan?.document.fields ?? []).map((f) => ({ key: f.key, name: f.name, acres: typeof f.acres === 'number' ? f.acres : null }));
}

/** Each plan field with its limit for the season (null where the plan's figures do not give one). */
export function fieldLimits(plan: PlanInForce | null, cropYear: number) {
  const limits = limitsForYear(plan, cropYear);
  return planFieldChoices(plan).map((f) => {
    const b = limits?.fields.find((x) => x.key === f.key);
    return { ...f, maxRatePerAcre: b?.limit?.maxManureRatePerAcre ?? null, limitWords: b?.limit ? limitWords(b.limit.limitedBy, b.crop) : null };
  });
}
