import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, emailOutbox, feeLines, planClockEvents, planSubmissions, plans } from '@/db/schema';
import { seedDatabase } from '@/lib/demo';
import { checkRace, checkStorm, reviewerRace, seededRandom, submissionStorm } from '@/scripts/scale/drills/concurrency';
import { actorFor, createReviewers, makeDecidable, prepareCompleteDrafts, useScratchAttachmentStorage, type DraftPlan } from '@/scripts/scale/drills/fixtures';
import { databaseLabel, useTestDb } from './support/test-db';

const TODAY = '2026-11-30';
const ctx = { today: TODAY, origin: 'http://portal.test' };

describe(`concurrency drill (small) on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  let drafts: DraftPlan[];

  beforeAll(async () => {
    useScratchAttachmentStorage();
    await seedDatabase(db(), { demo: true, today: TODAY });
    drafts = await prepareCompleteDrafts(30, TODAY);
  });

  it('30 owners whose browsers resend each submission 1–4 times: one submission, one fee, one receipt per plan, none lost', async () => {
    const runs = await submissionStorm(drafts, ctx, seededRandom(20261130));
    const attempts = runs.flatMap((r) => r.attempts);
    // The storm really did resend: double clicks, delayed retries and resends after an answer.
    for (const mode of ['together', 'later', 'after-answer'] as const) expect(attempts.filter((a) => a.mode === mode).length).toBeGreaterThan(0);
    expect(attempts.length).toBeGreaterThan(runs.length);

    // Every copy was answered ok, with the one submission its key made.
    expect(attempts.filter((a) => !a.answer.ok)).toEqual([]);
    for (const r of runs) {
      const ids = new Set(r.attempts.map((a) => (a.answer.ok ? a.answer.data.submissionId : null)));
      expect(ids.size).toBe(1);
      expect(r.attempts.filter((a) => a.answer.ok && !a.answer.data.replayed)).toHaveLength(1);
    }

    const planIds = drafts.map((d) => d.planId);
    const keys = runs.map((r) => r.key);
    const subs = await db().select({ planId: planSubmissions.planId, key: planSubmissions.idempotencyKey }).from(planSubmissions).where(inArray(planSubmissions.planId, planIds));
    expect(subs.map((s) => s.key).sort()).toEqual([...keys].sort());
    expect(subs.every((s) => runs.find((r) => r.key === s.key)!.plan.planId === s.planId)).toBe(true);
    const statuses = await db().select({ status: plans.status }).from(plans).where(inArray(plans.id, planIds));
    expect(statuses.map((s) => s.status)).toEqual(planIds.map(() => 'submitted'));
    const fees = await db().select({ planId: feeLines.planId, code: feeLines.code }).from(feeLines).where(inArray(feeLines.planId, planIds));
    expect(fees.map((f) => `${f.planId}:${f.code}`).sort()).toEqual(planIds.map((id) => `${id}:mmp_filing`).sort());
    const receipts = await db()
      .select({ planId: sql<string>`split_part(${emailOutbox.eventKey}, ':', 2)`, to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'submission-received'));
    const ours = receipts.filter((m) => planIds.includes(m.planId));
    expect(ours.map((m) => `${m.planId}:${m.to}`).sort()).toEqual(drafts.map((d) => `${d.planId}:${d.owner.email}`).sort());
    const audits = await db().select({ id: auditEvents.entityId }).from(auditEvents).where(and(eq(auditEvents.action, 'plan.submitted'), inArray(auditEvents.entityId, planIds)));
    expect(audits).toHaveLength(planIds.length);

    // The drill's own check agrees.
    expect((await checkStorm(runs)).problems).toEqual([]);
  });

  it('6 reviewers deciding 3 plans at the same moment: one decision per plan, every other reviewer told CONFLICT', async () => {
    const reviewer = await actorFor('reviewer@example.com');
    const chosen = drafts.slice(0, 3);
    const decidable = await makeDecidable(chosen, reviewer, ctx);
    const reviewers = await createReviewers(6);
    const { answers } = await reviewerRace(reviewers, decidable, ctx, seededRandom(7));
    expect(answers).toHaveLength(18);
    const planIds = decidable.map((d) => d.planId);
    for (const planId of planIds) {
      const mine = answers.filter((a) => a.planId === planId);
      const won = mine.filter((a) => a.outcome === 'won');
      expect(won).toHaveLength(1);
      expect(mine.filter((a) => a.outcome !== 'won').map((a) => [a.outcome, a.message])).toEqual(
        Array.from({ length: 5 }, () => ['CONFLICT', expect.stringMatching(/Another reviewer changed this plan|already been decided/)]),
      );
      const [row] = await db().select().from(plans).where(eq(plans.id, planId));
      expect(row).toMatchObject({ status: won[0]!.decision, decision: won[0]!.decision, decidedByUserId: won[0]!.reviewer.id, decidedOn: TODAY });
      const decided = await db().select().from(planClockEvents).where(and(eq(planClockEvents.planId, planId), eq(planClockEvents.kind, 'decided')));
      expect(decided).toHaveLength(1);
      const audit = await db().select().from(auditEvents).where(and(eq(auditEvents.entityId, planId), inArray(auditEvents.action, ['plan.approved', 'plan.disapproved'])));
      expect(audit.map((a) => [a.action, a.actorUserId])).toEqual([[`plan.${won[0]!.decision}`, won[0]!.reviewer.id]]);
      const letters = await db().select().from(emailOutbox).where(and(like(emailOutbox.eventKey, `plan:${planId}:decided:%`), eq(emailOutbox.template, 'plan-decided')));
      const owner = chosen.find((c) => c.planId === planId)!.owner.email;
      expect(letters.map((l) => l.toAddress)).toEqual([owner]);
    }
    const ownerOf = new Map(chosen.map((d) => [d.planId, d.owner.email]));
    expect((await checkRace(answers, planIds, (id) => ownerOf.get(id)!)).problems).toEqual([]);
  });
});
