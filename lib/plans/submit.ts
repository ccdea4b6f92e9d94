import 'server-only';
import { eq } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { planSubmissions, plans } from '@/db/schema';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError, pgErrorCode } from '@/lib/errors';
import { buildCheckContext } from './check-context';
import { checkPlan } from './completeness';
import { derivePlanCounties } from './counties';
import { requireDeficienciesAnswered } from './deficiency-answers';
import { CHANGED_SINCE_OPENED } from './drafts';
import { draftOf } from './load';
import { checkCountiesExist, recordPlanCounties } from './plan-counties-record';
import { loadOperationFacts } from './operation-facts';
import { isEditableStatus } from './steps';
import { recordSubmission, type SubmitResult } from './submit-record';
import { VerifiedCredentials, isSigningRefusal, signedDocumentSha256, verifySigner, type SignatureInput } from '@/lib/signing/ceremony';

export type { SubmitResult } from './submit-record';

async function findSubmission(db: Executor, key: string) {
  const [row] = await db
    .select({ id: planSubmissions.id, planId: planSubmissions.planId, submittedOn: planSubmissions.submittedOn, confirmationNumber: planSubmissions.confirmationNumber })
    .from(planSubmissions)
    .where(eq(planSubmissions.idempotencyKey, key));
  return row ?? null;
}

function replay(row: { id: string; planId: string; submittedOn: string; confirmationNumber: string | null }, planId: string): SubmitResult {
  // A key names one submission of one plan; reusing it for another plan is a client error.
  if (row.planId !== planId) throw new AppError('CONFLICT', 'This submission was already used for another plan. Reload the page and submit again.');
  return { planId, submissionId: row.id, submittedOn: row.submittedOn, confirmationNumber: row.confirmationNumber, replayed: true };
}

type PlanRow = typeof plans.$inferSelect;

/** The plan as it would be filed today: its operation's facts, the check's context and the checked document. */
export async function checkForFiling(tx: Executor, plan: PlanRow, today: string) {
  const facts = await loadOperationFacts(tx, plan.operationId, today);
  const context = await buildCheckContext(tx, plan, facts, today);
  const checked = checkPlan(await draftOf(tx, plan), context);
  const documentSha256 = checked.document ? signedDocumentSha256({ kind: plan.kind, update: checked.update ?? null, document: checked.document }) : null;
  return { facts, context, checked, documentSha256 };
}

/**
 * Signs and submits a plan in one transaction: freezes the document the department will review (the
 * only record of its content), derives the counties that see it, records the receipt on the review
 * clock, creates the fee lines, writes the audit event, queues the receipt email and (electronic)
 * gives the counties access. The idempotency key makes a double click or a retried request return
 * the first submission and change nothing.
 */
export async function submitPlan(
  actor: Actor,
  input: { planId: string; version: number; idempotencyKey: string; signature: SignatureInput | VerifiedCredentials },
  ctx: { today: string; origin: string },
): Promise<SubmitResult> {
  await authorize(actor, 'plan.submit', { planId: input.planId });
  const db = await getDb();
  const earlier = await findSubmission(db, input.idempotencyKey);
  if (earlier) return replay(earlier, input.planId);
  try {
    const result = await db.transaction(async (tx) => {
      await authorize(actor, 'plan.submit', { planId: input.planId }, tx);
      const [plan] = await tx.select().from(plans).where(eq(plans.id, input.planId)).for('update');
      if (!plan) throw new AppError('NOT_FOUND', 'We can’t find that record.');
      // Checked again under the lock: a concurrent request with this key may have just committed.
      const raced = await findSubmission(tx, input.idempotencyKey);
      if (raced) return replay(raced, input.planId);
      if (!isEditableStatus(plan.status)) throw new AppError('CONFLICT', 'This plan was already submitted. The department has it; you will hear when it is reviewed.');
      if (plan.version !== input.version) throw new AppError('CONFLICT', CHANGED_SINCE_OPENED);
      await requireDeficienciesAnswered(tx, plan);

      const { facts, context, checked, documentSha256 } = await checkForFiling(tx, plan, ctx.today);
      if (checked.missing.length || !checked.document || !documentSha256) {
        const fieldErrors: Record<string, string[]> = {};
        for (const m of checked.missing) (fieldErrors[`${m.step}${m.path ? `.${m.path}` : ''}`] ??= []).push(m.message);
        const n = checked.missing.length;
        throw new AppError('VALIDATION', `The plan is not complete yet: ${n} ${n === 1 ? 'item needs' : 'items need'} your attention before it can be submitted.`, fieldErrors);
      }
      const counties = derivePlanCounties(facts.operation.countyFips, checked.document.fields);
      await checkCountiesExist(tx, checked.document, counties);
      const signer = await verifySigner(tx, actor, { signature: input.signature, operationId: plan.operationId, actualDocumentSha256: documentSha256 });
      // Wrong credentials: this transaction commits their count, and nothing is filed.
      if (isSigningRefusal(signer)) return signer;
      await recordPlanCounties(tx, plan.id, counties);
      return recordSubmission(tx, { actor, plan, facts, checked, context, signer, idempotencyKey: input.idempotencyKey, ...ctx });
    });
    if (isSigningRefusal(result)) throw result.refused;
    return result;
  } catch (err) {
    // The unique key refused a second insert of a concurrent retry: answer with the first one.
    if (pgErrorCode(err) === '23505') {
      const first = await findSubmission(db, input.idempotencyKey);
      if (first) return replay(first, input.planId);
    }
    throw err;
  }
}
