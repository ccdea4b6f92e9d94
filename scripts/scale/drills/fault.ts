// Fault drill: PostgreSQL restarts while owners are submitting plans. The same process and the
// same connection pool must come through it: every submission acknowledged before the restart is
// still there, every request that failed was told RETRYABLE (not a generic error, not a crash),
// the pool answers again without being rebuilt, and retrying with the same idempotency key files
// every plan exactly once.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { inArray, sql } from 'drizzle-orm';
import { openDb, queryRows, type Db } from '@/db/client';
import { closeDb, getDb, postgresOptions, useDbHandle } from '@/lib/db';
import { planSubmissions } from '@/db/schema';
import { today } from '@/lib/clock';
import { isRetryableDbError } from '@/lib/errors';
import { latencyLine } from './concurrency';
import { prepareCompleteDrafts, sleep, submissionCounts, submissionsNotExactlyOnce, submitAction, useScratchAttachmentStorage, type Ctx, type DraftPlan, type SubmitAnswer } from './fixtures';
import type { Drill } from './types';

const run$ = promisify(execFile);

export type ClientState = {
  plan: DraftPlan;
  key: string;
  startAt: number;
  /** Every answer this client got, first request first; times in ms from the start of the run. */
  answers: { sentAt: number; answeredAt: number; answer: SubmitAnswer }[];
};

export type FaultResult = {
  clients: ClientState[];
  /** When the fault began and ended (ms from the start); requests started and unanswered when it began. */
  fault: { startedAt: number; endedAt: number; inFlight: number };
  /** The first query through the pool after the fault that succeeded, and how many tries it took. */
  probe: { tries: number; answeredAt: number; backendPid: number; serverStartedAt: Date; sameDb: boolean; unclassified: string[] };
  retryRounds: number;
  finishedAt: number;
  /** Errors that escaped to the process (an unhandled 'error' event would have crashed it). */
  escaped: string[];
};

/**
 * Sends one submission per plan, client i starting `staggerMs * i` after the first, through the
 * submit action. Once `faultAfterOk` of them are acknowledged, runs `fault` (which returns when
 * the server is reachable again), probes the same pool until it answers, then resends every
 * request that did not get ok, with its key, until all are ok (at most `maxRounds` rounds).
 */
export async function submitThroughFault(opts: {
  drafts: DraftPlan[];
  ctx: Ctx;
  staggerMs: number;
  faultAfterOk: number;
  fault: (firstRoundDone: Promise<unknown>) => Promise<void>;
  maxRounds?: number;
  log?: (line: string) => void;
}): Promise<FaultResult> {
  const log = opts.log ?? (() => undefined);
  const escaped: string[] = [];
  const onEscape = (err: unknown) => escaped.push(err instanceof Error ? `${err.name}: ${err.message}` : String(err));
  process.on('uncaughtException', onEscape);
  process.on('unhandledRejection', onEscape);
  const dbBefore: Db = await getDb();
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  try {
    const clients: ClientState[] = opts.drafts.map((plan, i) => ({ plan, key: randomUUID(), startAt: i * opts.staggerMs, answers: [] }));
    let okCount = 0;
    let started = 0;
    let answered = 0;
    let trigger!: () => void;
    const triggered = new Promise<void>((resolve) => (trigger = resolve));
    const send = async (c: ClientState) => {
      const sentAt = now();
      const answer = await submitAction(c.plan.owner, { planId: c.plan.planId, version: c.plan.version, idempotencyKey: c.key }, opts.ctx);
      c.answers.push({ sentAt, answeredAt: now(), answer });
      return answer;
    };
    const firstRound = Promise.all(
      clients.map(async (c) => {
        await sleep(c.startAt);
        started++;
        const answer = await send(c);
        answered++;
        if (answer.ok && ++okCount >= opts.faultAfterOk) trigger();
      }),
    ).finally(trigger);
    await triggered;
    const fault = { startedAt: now(), endedAt: 0, inFlight: started - answered };
    log(`fault begins at ${fault.startedAt.toFixed(0)} ms: ${okCount} acknowledged, ${fault.inFlight} in flight, ${clients.length - started} not yet sent`);
    await opts.fault(firstRound);
    fault.endedAt = now();
    log(`fault over at ${fault.endedAt.toFixed(0)} ms`);
    await firstRound;

    // The same pool, not a new one: it must hand out working connections again by itself.
    const probe = { tries: 0, answeredAt: 0, backendPid: 0, serverStartedAt: new Date(0), sameDb: false, unclassified: [] as string[] };
    for (;;) {
      probe.tries++;
      try {
        const db = await getDb();
        probe.sameDb = db === dbBefore;
        const [row] = await queryRows<{ pid: number; started: Date }>(db, sql`select pg_backend_pid() as pid, pg_postmaster_start_time() as started`);
        probe.answeredAt = now();
        probe.backendPid = Number(row!.pid);
        probe.serverStartedAt = new Date(row!.started);
        break;
      } catch (err) {
        if (!isRetryableDbError(err)) probe.unclassified.push(err instanceof Error ? err.message : String(err));
        if (probe.tries >= 100) throw new Error(`the pool did not answer after ${probe.tries} tries: ${err instanceof Error ? err.message : String(err)}`);
        await sleep(100);
      }
    }
    log(`the pool answered at ${probe.answeredAt.toFixed(0)} ms after ${probe.tries} ${probe.tries === 1 ? 'try' : 'tries'}`);

    let rounds = 0;
    for (; rounds < (opts.maxRounds ?? 5); ) {
      const pending = clients.filter((c) => !c.answers.at(-1)!.answer.ok);
      if (!pending.length) break;
      rounds++;
      await Promise.all(pending.map(send));
      log(`retry round ${rounds}: ${pending.length} resent, ${pending.filter((c) => c.answers.at(-1)!.answer.ok).length} ok`);
      if (pending.some((c) => !c.answers.at(-1)!.answer.ok)) await sleep(250 * rounds);
    }
    return { clients, fault, probe, retryRounds: rounds, finishedAt: now(), escaped };
  } finally {
    process.off('uncaughtException', onEscape);
    process.off('unhandledRejection', onEscape);
  }
}

/** What a regulator would check after the fault; empty `problems` means every promise held. */
export async function checkFault(r: FaultResult): Promise<{ found: string[]; problems: string[]; acknowledgedBefore: ClientState[]; failures: Extract<SubmitAnswer, { ok: false }>[] }> {
  const found: string[] = [];
  const problems: string[] = [];
  const first = r.clients.map((c) => c.answers[0]!);
  const acknowledgedBefore = r.clients.filter((c) => c.answers[0]!.answer.ok && c.answers[0]!.answeredAt <= r.fault.startedAt);
  const acknowledgedDuring = first.filter((a) => a.answer.ok && a.answeredAt > r.fault.startedAt);
  const all = r.clients.flatMap((c) => c.answers.map((a) => a.answer));
  const failures = all.filter((a): a is Extract<SubmitAnswer, { ok: false }> => !a.ok);
  const byCode = new Map<string, number>();
  for (const f of failures) byCode.set(f.code, (byCode.get(f.code) ?? 0) + 1);
  const hit = first.filter((a) => !a.answer.ok && a.sentAt < r.fault.startedAt).length;

  found.push(
    `first requests: ${acknowledgedBefore.length} acknowledged before the fault, ${acknowledgedDuring.length} acknowledged after it began, ${first.filter((a) => !a.answer.ok).length} failed ` +
      `(${hit} of them were already in flight when it began)`,
  );
  found.push(`failed answers: ${failures.length}${failures.length ? ` — ${[...byCode].map(([c, n]) => `${n} ${c}`).join(', ')}` : ''}; every one RETRYABLE: ${failures.every((f) => f.code === 'RETRYABLE') ? 'yes' : 'no'}`);
  if (failures.some((f) => f.code !== 'RETRYABLE')) {
    const other = failures.find((f) => f.code !== 'RETRYABLE')!;
    problems.push(`${failures.filter((f) => f.code !== 'RETRYABLE').length} failures were not RETRYABLE; first: ${other.code}: ${other.message}`);
  }
  found.push(`errors that escaped to the process (would crash it): ${r.escaped.length}${r.escaped.length ? ` — ${r.escaped[0]}` : ''}`);
  if (r.escaped.length) problems.push(`${r.escaped.length} errors escaped to the process; first: ${r.escaped[0]}`);
  found.push(
    `the same pool answered a query ${((r.probe.answeredAt - r.fault.endedAt) / 1000).toFixed(2)} s after the fault ended, on try ${r.probe.tries}, without being recreated (same database object: ${r.probe.sameDb ? 'yes' : 'no'}; backend pid ${r.probe.backendPid})`,
  );
  if (!r.probe.sameDb) problems.push('the process database was replaced during the drill');
  if (r.probe.unclassified.length) problems.push(`the pool probe met ${r.probe.unclassified.length} errors not classified as retryable; first: ${r.probe.unclassified[0]}`);

  const db = await getDb();
  const present = await db
    .select({ key: planSubmissions.idempotencyKey })
    .from(planSubmissions)
    .where(inArray(planSubmissions.idempotencyKey, acknowledgedBefore.length ? acknowledgedBefore.map((c) => c.key) : ['none']));
  found.push(`submissions acknowledged before the fault and present afterwards: ${present.length}/${acknowledgedBefore.length}`);
  if (present.length !== acknowledgedBefore.length) problems.push(`${acknowledgedBefore.length - present.length} acknowledged submissions were lost`);

  const stillFailing = r.clients.filter((c) => !c.answers.at(-1)!.answer.ok);
  found.push(`after ${r.retryRounds} retry ${r.retryRounds === 1 ? 'round' : 'rounds'} with the same idempotency keys: ${r.clients.length - stillFailing.length}/${r.clients.length} requests ok`);
  if (stillFailing.length) problems.push(`${stillFailing.length} requests never got ok; last answer: ${JSON.stringify(stillFailing[0]!.answers.at(-1)!.answer)}`);
  const keyOf = new Map(r.clients.map((c) => [c.plan.planId, c.key]));
  const ownerOf = new Map(r.clients.map((c) => [c.plan.planId, c.plan.owner.email]));
  const counts = await submissionCounts(r.clients.map((c) => c.plan.planId), (id) => ownerOf.get(id)!);
  const wrong = submissionsNotExactlyOnce(counts, (id) => keyOf.get(id)!);
  found.push(`plans submitted exactly once (one submission under its key, one filing fee, one receipt email, one audit event, one clock event): ${counts.length - wrong.length}/${counts.length}`);
  problems.push(...wrong.slice(0, 10));
  const okTimes = r.clients.flatMap((c) => c.answers.filter((a) => a.answer.ok).map((a) => a.answeredAt - a.sentAt));
  found.push(`latency of ok answers: ${latencyLine(okTimes)}`);
  return { found, problems, acknowledgedBefore, failures };
}

/**
 * The portal logs one line per failed request and lost connection; during the drill they are
 * counted (with the first of each kind kept) instead of flooding the drill's output.
 */
function quietAppLogs() {
  const counts = new Map<string, { count: number; first: string }>();
  const original = { warn: console.warn, error: console.error };
  const counting = (fallback: (...args: unknown[]) => void) => (...args: unknown[]) => {
    const head = typeof args[0] === 'string' ? args[0] : '';
    const prefix = /^\[(action|db)\][^:]*:?/.exec(head)?.[0];
    if (!prefix) return fallback(...args);
    const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ').split('\n')[0]!.slice(0, 160);
    const entry = counts.get(prefix) ?? { count: 0, first: text };
    entry.count++;
    counts.set(prefix, entry);
  };
  console.warn = counting(original.warn);
  console.error = counting(original.error);
  return {
    counts,
    restore: () => {
      console.warn = original.warn;
      console.error = original.error;
    },
  };
}

/** The local cluster serving `url`'s port, restarted in fast mode (open transactions roll back). */
async function restartLocalCluster(url: string, log: (line: string) => void): Promise<string> {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(u.hostname)) throw new Error(`the fault drill restarts a local PostgreSQL only, not ${u.hostname}`);
  const port = u.port || '5432';
  const { stdout } = await run$('pg_lsclusters', ['-h']);
  const cluster = stdout
    .trim()
    .split('\n')
    .map((l) => l.split(/\s+/))
    .find((f) => f[2] === port);
  if (!cluster) throw new Error(`no local cluster on port ${port} (pg_lsclusters)`);
  const [version, name] = cluster;
  const command = ['--skip-systemctl-redirect', version!, name!, 'restart', '-m', 'fast'];
  log(`pg_ctlcluster ${command.join(' ')}`);
  await run$('pg_ctlcluster', command);
  return `pg_ctlcluster ${command.join(' ')}`;
}

export const run: Drill = async ({ databaseUrl, log }) => {
  const did: string[] = [];
  const found: string[] = [];
  const problems: string[] = [];
  useDbHandle(await openDb(postgresOptions(databaseUrl, 10)));
  useScratchAttachmentStorage();
  const ctx: Ctx = { today: today(), origin: 'http://drill.invalid' };
  const logged = quietAppLogs();
  try {
    let t = performance.now();
    const drafts = await prepareCompleteDrafts(50, ctx.today, 'Fault');
    did.push(`prepared ${drafts.length} complete drafts (3 owners) in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    let command = '';
    let restart = { began: new Date(0), ms: 0 };
    t = performance.now();
    const result = await submitThroughFault({
      drafts,
      ctx,
      staggerMs: 15,
      faultAfterOk: 10,
      log,
      fault: async () => {
        const began = new Date();
        const s = performance.now();
        command = await restartLocalCluster(databaseUrl, log);
        restart = { began, ms: performance.now() - s };
      },
    });
    const checked = await checkFault(result);
    did.push(
      `sent ${drafts.length} submissions through the submit action (one every 15 ms, pool of 10 connections); after ${checked.acknowledgedBefore.length} were acknowledged, ` +
        `with ${result.fault.inFlight} in flight, restarted PostgreSQL (${command}), which took ${(restart.ms / 1000).toFixed(1)} s`,
    );
    did.push(
      `timeline: fault began at ${(result.fault.startedAt / 1000).toFixed(2)} s, server back at ${(result.fault.endedAt / 1000).toFixed(2)} s, pool answered at ${(result.probe.answeredAt / 1000).toFixed(2)} s, ` +
        `all retries done at ${(result.finishedAt / 1000).toFixed(2)} s (${result.retryRounds} ${result.retryRounds === 1 ? 'round' : 'rounds'}); whole run ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    did.push('retried every request that did not get ok, with its own idempotency key, from the same process and pool (not reopened)');
    found.push(...checked.found);
    problems.push(...checked.problems);
    const restarted = result.probe.serverStartedAt.getTime() >= restart.began.getTime() - 1000;
    found.push(`the server the pool reached afterwards started at ${result.probe.serverStartedAt.toISOString()}: a new server process (${restarted ? 'yes' : 'no'})`);
    if (!restarted) problems.push('PostgreSQL did not restart: the drill exercised nothing');
  } finally {
    logged.restore();
    await closeDb();
  }
  for (const [prefix, { count, first }] of logged.counts) found.push(`the portal logged ${count} “${prefix}” ${count === 1 ? 'line' : 'lines'}; first: ${first}`);
  if (problems.length) found.push(...problems.map((p) => `PROBLEM: ${p}`));
  return { name: 'fault', did, found, ok: problems.length === 0 };
};
