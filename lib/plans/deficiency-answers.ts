import 'server-only';
import { eq } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { planDeficiencies, plans } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError, notFoundError } from '@/lib/errors';
import { answerDeficienciesSchema, type AnswerDeficienciesInput } from '@/lib/validation/deficiency-answers';
import { parseOrThrow } from '@/lib/validation/parse';
import { openNoticeItems, unansweredRefusal } from './deficiency-notice';

// The owner's answer to each item of a return notice. Whoever may submit the plan (the owner, or a
// preparer with access) answers; answers can be revised until the plan is resubmitted, and every
// cycle's items and answers stay on the record.

type PlanRow = typeof plans.$inferSelect;

/** The open notice's items, as this transaction sees them. */
export async function listOpenNoticeItems(db: Executor, planId: string) {
  return openNoticeItems(await db.select().from(planDeficiencies).where(eq(planDeficiencies.planId, planId)));
}

/**
 * Refuses to resubmit a returned plan while an item of its open notice has no answer. Call under
 * the plan's row lock, so an answer cannot be cleared between this check and the submission.
 */
export async function requireDeficienciesAnswered(tx: Executor, plan: Pick<PlanRow, 'id' | 'status'>): Promise<void> {
  if (plan.status !== 'incomplete') return;
  const refusal = unansweredRefusal(await listOpenNoticeItems(tx, plan.id));
  if (refusal) throw refusal;
}

export type AnswerResult = { cycle: number; changed: number; unanswered: number };

/** Saves the owner's answers to the open return notice of a plan, in one transaction with its audit event. */
export async function answerDeficiencies(actor: Actor, input: AnswerDeficienciesInput, ctx: { now?: Date } = {}): Promise<AnswerResult> {
  // Parsed again here too: the rules on an answer hold for every caller, not only the form's action.
  const values = parseOrThrow(answerDeficienciesSchema, input);
  const now = ctx.now ?? new Date();
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'plan.submit', { planId: input.planId }, tx);
    // Locked like a submission: a resubmission waits for the answers, or the answers see it landed.
    const [plan] = await tx.select({ id: plans.id, status: plans.status }).from(plans).where(eq(plans.id, values.planId)).for('update');
    if (!plan) throw notFoundError();
    if (plan.status !== 'incomplete') {
      throw new AppError('CONFLICT', 'This plan is not waiting on answers: only a plan the department returned as incomplete, and not yet resubmitted, can be answered. Reload the page.');
    }
    const items = await listOpenNoticeItems(tx, plan.id);
    const byId = new Map(items.map((d) => [d.id, d]));
    const fieldErrors: Record<string, string[]> = {};
    values.answers.forEach((a, i) => {
      if (!byId.has(a.deficiencyId)) fieldErrors[`answers.${i}.deficiencyId`] = ['This item is not on the department’s latest notice for this plan. Reload the page.'];
    });
    if (Object.keys(fieldErrors).length) {
      throw new AppError('VALIDATION', 'Some answers are for items that are not on the department’s latest notice for this plan. Reload the page and answer the items listed there.', fieldErrors);
    }
    const changes = values.answers
      .map((a) => ({ item: byId.get(a.deficiencyId)!, response: a.response.trim() }))
      .filter(({ item, response }) => item.ownerResponse !== response);
    for (const { item, response } of changes) {
      await tx.update(planDeficiencies).set({ ownerResponse: response, respondedAt: now }).where(eq(planDeficiencies.id, item.id));
    }
    const cycle = items[0]!.cycle;
    const answered = new Set([...items.filter((d) => d.ownerResponse).map((d) => d.id), ...changes.map((c) => c.item.id)]);
    const unanswered = items.length - answered.size;
    if (changes.length) {
      await recordAudit(tx, {
        actorUserId: actor.id,
        action: 'plan.deficiencies_answered',
        entityType: 'plan',
        entityId: plan.id,
        before: { cycle, answers: changes.map(({ item }) => ({ deficiencyId: item.id, code: item.code, response: item.ownerResponse, respondedAt: item.respondedAt })) },
        after: { cycle, answered: changes.length, unanswered, answers: changes.map(({ item, response }) => ({ deficiencyId: item.id, code: item.code, response, respondedAt: now })) },
      });
    }
    return { cycle, changed: changes.length, unanswered };
  });
}
