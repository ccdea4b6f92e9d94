// Concurrency drill. (1) Owners submit plans while their browsers retry: each request is sent one
// to four times with the same idempotency key, some copies at the same moment, some later, some
// after the first answer, and all plans at once. The department must end up with one submission,
// one filing fee and one receipt per plan, none lost. (2) Reviewers race: every reviewer decides
// every plan at the same moment; one decision per plan lands and every other reviewer is told the
// plan changed (CONFLICT), never a generic error.
import { randomUUID } from 'node:crypto';
import { openDb } from '@/db/client';
import { closeDb, postgresOptions, useDbHandle } from '@/lib/db';
import type { Actor } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { decidePlan } from '@/lib/reviews/decision';
import {
  actorFor,
  createReviewers,
  decisionCounts,
  makeDecidable,
  prepareCompleteDrafts,
  sleep,
  submissionCounts,
  submissionsNotExactlyOnce,
  submitAction,
  useScratchAttachmentStorage,
  type Ctx,
  type DraftPlan,
  type SubmitAnswer,
} from './fixtures';
import type { Drill } from './types';

/** A small seeded generator, so a failing run can be repeated with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type SendMode = 'first' | 'together' | 'later' | 'after-answer';
export type Attempt = { mode: SendMode; answer: SubmitAnswer; ms: number };
export type ClientRun = { plan: DraftPlan; key: string; attempts: Attempt[] };

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function latencyLine(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(0)} ms, p95 ${percentile(s, 95).toFixed(0)} ms, max ${(s[s.length - 1] ?? 0).toFixed(0)} ms`;
}

/** Fails the drill rather than waiting for ever if requests stop being answered. */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One client per plan, all at once. A client sends its request 1–4 times with one key: the first
 * copy now, each other copy either together with it (a double click), after a random delay (a
 * retry on a slow answer) or right after an earlier answer came back (a refresh that resends).
 */
export async function submissionStorm(drafts: DraftPlan[], ctx: Ctx, random: () => number): Promise<ClientRun[]> {
  return Promise.all(
    drafts.map(async (plan) => {
      const key = randomUUID();
      const copies = 1 + Math.floor(random() * 4);
      const modes: SendMode[] = ['first', ...Array.from({ length: copies - 1 }, (): SendMode => (['together', 'later', 'after-answer'] as const)[Math.floor(random() * 3)]!)];
      const delays = modes.map(() => Math.floor(20 + random() * 400));
      const attempts: Attempt[] = [];
      const send = async (mode: SendMode) => {
        const started = performance.now();
        const answer = await submitAction(plan.owner, { planId: plan.planId, version: plan.version, idempotencyKey: key }, ctx);
        attempts.push({ mode, answer, ms: performance.now() - started });
      };
      const first = send('first');
      await Promise.all(
        modes.slice(1).map(async (mode, i) => {
          if (mode === 'later') await sleep(delays[i]!);
          if (mode === 'after-answer') await first.then(() => sleep(delays[i]! % 50));
          await send(mode);
        }),
      );
      await first;
      return { plan, key, attempts };
    }),
  );
}

/** What the answers and the records say about a storm; empty `problems` means every promise held. */
export async function checkStorm(runs: ClientRun[]): Promise<{ found: string[]; problems: string[] }> {
  const found: string[] = [];
  const problems: string[] = [];
  const answers = runs.flatMap((r) => r.attempts.map((a) => a.answer));
  const failed = answers.filter((a): a is Extract<SubmitAnswer, { ok: false }> => !a.ok);
  const byCode = new Map<string, number>();
  for (const f of failed) byCode.set(f.code, (byCode.get(f.code) ?? 0) + 1);
  found.push(`${answers.length} requests answered: ${answers.length - failed.length} ok (${answers.filter((a) => a.ok && a.data.replayed).length} of them replays of the first answer), ${failed.length} refused${failed.length ? ` (${[...byCode].map(([c, n]) => `${n} ${c}`).join(', ')})` : ''}`);
  if (failed.length) problems.push(`${failed.length} requests refused; first: ${failed[0]!.code} ${failed[0]!.message}`);

  let splitAnswers = 0;
  let firstAnswers = 0;
  for (const r of runs) {
    const ids = new Set(r.attempts.flatMap((a) => (a.answer.ok ? [a.answer.data.submissionId] : [])));
    if (ids.size > 1) splitAnswers++;
    if (r.attempts.filter((a) => a.answer.ok && !a.answer.data.replayed).length === 1) firstAnswers++;
  }
  found.push(`every copy of a request was answered with the same submission: ${splitAnswers === 0 ? 'yes' : `no, ${splitAnswers} keys got different submissions`}; exactly one copy per key did the filing: ${firstAnswers}/${runs.length}`);
  if (splitAnswers) problems.push(`${splitAnswers} keys were answered with different submissions`);
  if (firstAnswers !== runs.length) problems.push(`${runs.length - firstAnswers} keys were filed by zero or several copies`);

  const keyOf = new Map(runs.map((r) => [r.plan.planId, r.key]));
  const ownerOf = new Map(runs.map((r) => [r.plan.planId, r.plan.owner.email]));
  const counts = await submissionCounts(runs.map((r) => r.plan.planId), (id) => ownerOf.get(id)!);
  const wrong = submissionsNotExactlyOnce(counts, (id) => keyOf.get(id)!);
  const submitted = counts.filter((c) => c.status === 'submitted').length;
  const oneSubmission = counts.filter((c) => c.submissions === 1 && c.keys[0] === keyOf.get(c.planId)).length;
  found.push(`plans submitted: ${submitted}/${runs.length} (none lost: ${submitted === runs.length ? 'yes' : 'no'})`);
  found.push(`plan_submissions rows: exactly one per idempotency key for ${oneSubmission}/${runs.length} keys (${counts.reduce((n, c) => n + c.submissions, 0)} rows in all)`);
  found.push(`filing fee lines: exactly one $250 mmp_filing line per plan for ${counts.filter((c) => c.filingFees === 1 && c.feeLines === 1).length}/${runs.length} plans`);
  found.push(`receipt emails: exactly one per plan in email_outbox for ${counts.filter((c) => c.receiptEventKeys === 1 && c.receiptsToOwner === 1).length}/${runs.length} plans`);
  found.push(`plan.submitted audit events and 'received' clock events: one each for ${counts.filter((c) => c.submittedAudits === 1 && c.clockReceived === 1).length}/${runs.length} plans`);
  problems.push(...wrong.slice(0, 10));
  if (wrong.length > 10) problems.push(`… and ${wrong.length - 10} more plans`);
  return { found, problems };
}

export type RaceAnswer = { reviewer: Actor; planId: string; decision: 'approved' | 'disapproved'; outcome: 'won' | string; message?: string };

/** Every reviewer decides every plan at the same moment, each with the version they saw. */
export async function reviewerRace(reviewers: Actor[], decidable: { planId: string; version: number }[], ctx: Ctx, random: () => number): Promise<{ answers: RaceAnswer[]; ms: number[] }> {
  const ms: number[] = [];
  const calls = decidable.flatMap((p) =>
    reviewers.map(async (reviewer): Promise<RaceAnswer> => {
      const decision = random() < 0.5 ? 'approved' : 'disapproved';
      const reasons = decision === 'disapproved' ? 'Field River 120 has no soil sample within the last four years.' : '';
      const started = performance.now();
      try {
        await decidePlan(reviewer, { planId: p.planId, version: p.version, decision, reasons }, ctx);
        return { reviewer, planId: p.planId, decision, outcome: 'won' };
      } catch (err) {
        if (err instanceof AppError) return { reviewer, planId: p.planId, decision, outcome: err.code, message: err.message };
        return { reviewer, planId: p.planId, decision, outcome: 'unexpected error', message: err instanceof Error ? err.message : String(err) };
      } finally {
        ms.push(performance.now() - started);
      }
    }),
  );
  return { answers: await Promise.all(calls), ms };
}

export async function checkRace(answers: RaceAnswer[], planIds: string[], ownerEmailOf: (planId: string) => string): Promise<{ found: string[]; problems: string[] }> {
  const found: string[] = [];
  const problems: string[] = [];
  const wins = answers.filter((a) => a.outcome === 'won');
  const conflicts = answers.filter((a) => a.outcome === 'CONFLICT');
  const other = answers.filter((a) => a.outcome !== 'won' && a.outcome !== 'CONFLICT');
  found.push(`${answers.length} decisions attempted: ${wins.length} landed, ${conflicts.length} refused with CONFLICT (“${conflicts[0]?.message ?? '—'}”), ${other.length} refused otherwise`);
  if (other.length) problems.push(`${other.length} losing reviewers got something other than CONFLICT; first: ${other[0]!.outcome}: ${other[0]!.message}`);
  const counts = await decisionCounts(planIds, ownerEmailOf);
  let good = 0;
  for (const c of counts) {
    const won = wins.filter((w) => w.planId === c.planId);
    const wrong: string[] = [];
    if (won.length !== 1) wrong.push(`${won.length} reviewers were told their decision landed`);
    if (c.decidedEvents !== 1) wrong.push(`${c.decidedEvents} 'decided' clock events`);
    if (c.decisionAudits.length !== 1) wrong.push(`${c.decisionAudits.length} decision audit events`);
    if (c.letterEventKeys !== 1 || c.lettersToOwner !== 1) wrong.push(`${c.letterEventKeys} decision letters (${c.lettersToOwner} to the owner)`);
    const w = won[0];
    if (w && (c.status !== w.decision || c.decidedBy !== w.reviewer.id || c.decisionAudits[0]?.actor !== w.reviewer.id || c.decisionAudits[0]?.action !== `plan.${w.decision}`)) {
      wrong.push(`the record (${c.status} by ${c.decidedBy}) is not the decision the winner was told landed (${w.decision} by ${w.reviewer.id})`);
    }
    if (wrong.length) problems.push(`plan ${c.planId}: ${wrong.join(', ')}`);
    else good++;
  }
  found.push(`exactly one decision per plan (one 'decided' clock event, one plan.approved/disapproved audit event by the winner, one decision letter, the plan's status = the winner's decision): ${good}/${planIds.length} plans`);
  return { found, problems };
}

export const run: Drill = async ({ databaseUrl, log }) => {
  const did: string[] = [];
  const found: string[] = [];
  const problems: string[] = [];
  const seed = Number(process.env.DRILL_SEED ?? Date.now() % 1_000_000);
  const random = seededRandom(seed);
  useDbHandle(await openDb(postgresOptions(databaseUrl, 10)));
  useScratchAttachmentStorage();
  const ctx: Ctx = { today: today(), origin: 'http://drill.invalid' };
  try {
    let t = performance.now();
    const drafts = await prepareCompleteDrafts(200, ctx.today);
    log(`prepared ${drafts.length} complete drafts in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    t = performance.now();
    const runs = await within(180_000, 'the submission storm', submissionStorm(drafts, ctx, random));
    const stormMs = performance.now() - t;
    const attempts = runs.flatMap((r) => r.attempts);
    const modeCount = (m: SendMode) => attempts.filter((a) => a.mode === m).length;
    did.push(
      `submitted ${runs.length} complete plans (3 owners) through the submit action with an idempotency key each, all clients at once on a pool of 10 connections (seed ${seed}): ` +
        `${attempts.length} requests — ${runs.length} first copies, ${modeCount('together')} sent together with the first, ${modeCount('later')} after a 20–420 ms delay, ${modeCount('after-answer')} right after an earlier answer; ` +
        `clients sending 1/2/3/4 copies: ${[1, 2, 3, 4].map((n) => runs.filter((r) => r.attempts.length === n).length).join('/')}`,
    );
    did.push(`storm took ${(stormMs / 1000).toFixed(1)} s; request latency ${latencyLine(attempts.map((a) => a.ms))}`);
    log(`storm done in ${(stormMs / 1000).toFixed(1)} s`);
    const storm = await checkStorm(runs);
    found.push(...storm.found);
    problems.push(...storm.problems);

    // Reviewers: ten of the plans just filed, found complete, then decided by everyone at once.
    const reviewer = await actorFor('reviewer@example.com');
    const chosen = drafts.slice(0, 10);
    const decidable = await makeDecidable(chosen, reviewer, ctx);
    const reviewers = await createReviewers(20);
    t = performance.now();
    const race = await within(120_000, 'the reviewer race', reviewerRace(reviewers, decidable, ctx, random));
    const raceMs = performance.now() - t;
    did.push(`found ${decidable.length} of the submitted plans complete, created ${reviewers.length} department_staff accounts, and had all ${reviewers.length} decide all ${decidable.length} plans at the same moment (${race.answers.length} calls, each with the version it saw, approve or disapprove at random)`);
    did.push(`race took ${(raceMs / 1000).toFixed(1)} s; decision latency ${latencyLine(race.ms)}`);
    const ownerOf = new Map(chosen.map((d) => [d.planId, d.owner.email]));
    const decided = await checkRace(race.answers, decidable.map((d) => d.planId), (id) => ownerOf.get(id)!);
    found.push(...decided.found);
    problems.push(...decided.problems);
  } finally {
    await closeDb();
  }
  if (problems.length) found.push(...problems.map((p) => `PROBLEM: ${p}`));
  return { name: 'concurrency', did, found, ok: problems.length === 0 };
};
