// The completeness pre-check: everything a plan still lacks, each item linked to its step. The same
// step schemas the form uses decide it, so what the form accepts the server accepts. Pure.
import type { z } from 'zod';
import { checkStockpile } from '@/lib/rules';
import { agreementsStep, agreementTooLarge, fieldsStep } from '@/lib/validation/plan-fields';
import { attachmentsStep, stockpilesStep } from '@/lib/validation/plan-stockpiles';
import { contactsStep, productionStep, updateStep, type UpdateStep } from '@/lib/validation/plans';
import { balanceInput, overLimitWords, planBalance } from './balance';
import type { ReferenceTables } from './reference-tables';
import { statementProblem, type StatementSummary } from './statement-check';
import { diffDocuments } from './document/diff';
import type { FiledDocument, PlanChange, PlanDocument, PlanDraft } from './document/types';
import { STEP_LABELS, stepsFor, type DataStepId, type StepId } from './steps';

export type MissingItem = { step: StepId; message: string; path?: string; href?: string };

export type CheckContext = {
  kind: 'original' | 'annual_update';
  today: string;
  /** IAC 567-65.110(2): an original MMP of an operation that needs no construction permit. */
  designStatementApplies: boolean;
  /** This plan's uploaded attachments. */
  attachments: { id: string; kind: string }[];
  /** Iowa Code ch. 202: a contract producer must name the active contractor who pays the fee. */
  contractorMissing: boolean;
  operationEditHref: string;
  /** The last approved plan, for an update. */
  previous: FiledDocument | null;
  countyName?: (fips: string) => string;
  /** The reference tables in force (crop factors, county yields); the shipped ones when absent. */
  referenceTables?: ReferenceTables;
  /** The landowners' emailed confirmations of statements of intent on this plan (DNR form 542-8167). */
  statements?: readonly StatementSummary[];
};

export type CheckResult = { missing: MissingItem[]; update: UpdateStep | null; document: FiledDocument | null; changes: PlanChange[] };

export function stepSchema(step: DataStepId, ctx: Pick<CheckContext, 'today' | 'designStatementApplies'>): z.ZodType {
  switch (step) {
    case 'update': return updateStep;
    case 'contacts': return contactsStep;
    case 'production': return productionStep;
    case 'fields': return fieldsStep;
    case 'agreements': return agreementsStep(ctx.today);
    case 'stockpiles': return stockpilesStep;
    case 'attachments': return attachmentsStep(ctx);
  }
}

function parseStep(step: DataStepId, draft: PlanDraft, ctx: CheckContext, missing: MissingItem[]): unknown {
  const result = stepSchema(step, ctx).safeParse(draft[step] ?? {});
  if (result.success) return result.data;
  // A step never opened is one item, not one per question.
  if (!draft[step] || Object.keys(draft[step]).length === 0) {
    missing.push({ step, message: `“${STEP_LABELS[step]}” is not filled in yet.` });
    return null;
  }
  for (const issue of result.error.issues) missing.push({ step, message: issue.message, path: issue.path.join('.') });
  return null;
}

/** Everything still missing, and the complete document when nothing is. */
export function checkPlan(draft: PlanDraft, ctx: CheckContext): CheckResult {
  const missing: MissingItem[] = [];
  let update: UpdateStep | null = null;
  if (ctx.kind === 'annual_update') {
    if (!ctx.previous) missing.push({ step: 'update', message: 'An annual update amends an approved plan, and this operation has none yet.' });
    update = parseStep('update', draft, ctx, missing) as UpdateStep | null;
  }
  if (ctx.contractorMissing) {
    missing.push({ step: ctx.kind === 'original' ? 'contacts' : 'update', href: ctx.operationEditHref,
      message: 'The operation is a contract producer: name its active contractor, who pays the annual compliance fee (Iowa Code ch. 202).' });
  }
  const updateKind = update?.updateKind ?? (typeof draft.update?.updateKind === 'string' ? draft.update.updateKind : null);
  const steps = stepsFor({ kind: ctx.kind, updateKind }).filter((s): s is DataStepId => s !== 'review' && s !== 'update');

  if (ctx.kind === 'annual_update' && updateKind === 'no_change_statement') {
    return { missing, update, document: missing.length ? null : ctx.previous, changes: [] };
  }
  const parsed = Object.fromEntries(steps.map((s) => [s, parseStep(s, draft, ctx, missing)])) as Record<DataStepId, unknown>;
  const fields = (parsed.fields as z.output<typeof fieldsStep> | null)?.fields ?? [];
  const agreements = (parsed.agreements as z.output<ReturnType<typeof agreementsStep>> | null)?.agreements ?? [];
  const stockpiles = parsed.stockpiles as z.output<typeof stockpilesStep> | null;
  const attachments = parsed.attachments as z.output<ReturnType<typeof attachmentsStep>> | null;

  const production = parsed.production as z.output<typeof productionStep> | null;
  crossCheck({ fields, agreements, stockpiles, attachments, production }, ctx, updateKind, missing);

  if (missing.length) return { missing, update, document: null, changes: [] };
  const document: PlanDocument = {
    contacts: (parsed.contacts as z.output<typeof contactsStep>).contacts,
    production: parsed.production as z.output<typeof productionStep>,
    fields,
    agreements,
    stockpiles: stockpiles!.stockpiles,
    soilLossPractices: stockpiles!.soilLossPractices,
    ...(attachments?.constructionPlanned === 'yes' && attachments.constructionBeginsOn ? { constructionBeginsOn: attachments.constructionBeginsOn } : {}),
  };
  const changes = ctx.previous && ctx.kind === 'annual_update' ? diffDocuments(ctx.previous, document, { countyName: ctx.countyName }) : [];
  if (updateKind === 'list_of_changes' && changes.length === 0) {
    missing.push({ step: 'update', message: 'You chose “some things changed”, but nothing differs from the last approved plan. Make the changes, or choose “nothing changed”.' });
    return { missing, update, document: null, changes };
  }
  return { missing, update, document, changes };
}

type Parts = {
  fields: z.output<typeof fieldsStep>['fields'];
  agreements: z.output<ReturnType<typeof agreementsStep>>['agreements'];
  stockpiles: z.output<typeof stockpilesStep> | null;
  attachments: z.output<ReturnType<typeof attachmentsStep>> | null;
  production: z.output<typeof productionStep> | null;
};

function crossCheck(p: Parts, ctx: CheckContext, updateKind: string | null, missing: MissingItem[]) {
  // Iowa Code 459.312: a written agreement for land the owner neither owns nor rents.
  for (const f of p.fields.filter((x) => x.tenure === 'agreement')) {
    if (!p.agreements.some((a) => a.fieldKey === f.key)) {
      missing.push({ step: 'agreements', message: `Field “${f.name}” is used under a written agreement: add the agreement and upload the signed copy.` });
    }
  }
  // IAC 567-65.111: no field may be planned above the most manure it may take (lib/plans/balance,
  // the figures the owner saw on the form). A limit that cannot be computed is the reviewer's to check.
  if (p.production && p.fields.length) {
    const balance = planBalance(balanceInput(p.production, p.fields, p.agreements), Number(ctx.today.slice(0, 4)), ctx.referenceTables);
    balance.fields.forEach((f, i) => {
      if (f.overLimit) missing.push({ step: 'fields', path: `fields.${i}.nitrogenRateLbPerAcre`, message: overLimitWords({ ...balance, fields: [f] })[0]! });
    });
  }
  const uploaded = new Set(ctx.attachments.map((a) => a.id));
  p.agreements.forEach((a, i) => {
    const field = p.fields.find((f) => f.key === a.fieldKey);
    if (!field) missing.push({ step: 'agreements', path: `agreements.${i}.fieldKey`, message: `The agreement with ${a.landownerName} names a field that is no longer in the plan.` });
    else if (a.acres !== undefined && a.acres > field.acres) missing.push({ step: 'agreements', path: `agreements.${i}.acres`, message: agreementTooLarge(a.acres, field.acres) });
    if (a.attachmentId) {
      if (!uploaded.has(a.attachmentId)) missing.push({ step: 'agreements', path: `agreements.${i}.attachmentId`, message: `Upload the signed agreement with ${a.landownerName} again (PDF).` });
    } else {
      const problem = statementProblem(a, ctx.statements ?? []);
      if (problem) missing.push({ step: 'agreements', path: `agreements.${i}.attachmentId`, message: problem });
    }
  });
  // Iowa Code 459.311B: a stockpile site that breaks a separation rule cannot be in the plan.
  for (const s of p.stockpiles?.stockpiles ?? []) {
    const distancesFt = Object.fromEntries(Object.entries(s.distances).filter(([, v]) => v !== undefined)) as Record<string, number>;
    const { violations } = checkStockpile({ ...s, distancesFt, slopePercent: s.slopePercent });
    for (const v of violations) missing.push({ step: 'stockpiles', message: `Stockpile site “${s.name}”: ${v.message} (${v.citation})` });
  }
  const needsMap = ctx.kind === 'original' || updateKind === 'complete_plan';
  if (needsMap && !ctx.attachments.some((a) => a.kind === 'site_map')) {
    missing.push({ step: 'attachments', message: 'Upload a map of the operation and the fields where manure is applied (PDF).' });
  }
  if (ctx.designStatementApplies && p.attachments?.constructionPlanned === 'yes' && !ctx.attachments.some((a) => a.kind === 'design_statement')) {
    missing.push({ step: 'attachments', message: 'Upload the construction design statement (PDF), filed with this plan (IAC 567-65.110(2)).' });
  }
}
