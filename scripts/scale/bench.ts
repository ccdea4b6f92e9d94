// `npm run bench`: starts the portal with `npm start` on the PostgreSQL database in DATABASE_URL (load
// it first with `npm run seed:scale -- --operations 100000`), drives each page with autocannon on
// loopback at concurrency 1 and 10, and prints one table (also written to bench-results/) with the
// resident memory of everything `npm start` runs beside each cell's throughput.
import '@/emails/register';
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { IDLE_COLLECT_MS } from '@/lib/net/idle-memory';
import { ensureBuild } from '../ensure-build';
import { prepareSubmissions, type SubmissionQueue } from './bench-submit';
import { percentile, signInCookie, waitForHealth } from './http';
import { benchTargets, type Target } from './targets';

const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Submissions per concurrency level (each needs a prepared plan): c1, c10, and a warm-up. */
const SUBMISSIONS = { 1: Number(process.env.BENCH_SUBMISSIONS_C1 ?? 200), 10: Number(process.env.BENCH_SUBMISSIONS_C10 ?? 1000), warm: 20 };
/** BENCH_ONLY=compliance,fees: only the targets whose names contain one of these (the floor and the static file always run). */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
const selected = (name: string) => !ONLY.length || name === 'static route' || name.startsWith('account') || ONLY.some((o) => name.toLowerCase().includes(o));

type Row = {
  target: string;
  concurrency: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Answers without the expected content (a refused action). */
  refused: number;
  /** Database time per request (the server's own measure, MMP_SERVER_TIMING=1), and queries. */
  dbMs?: number;
  queries?: number;
  /** The first request after the server started (a page's figures read cold), at concurrency 1. */
  firstMs?: number;
  /** Throughput against the signed-in floor (/account) and the static file, at the same concurrency. */
  vsFloor?: number;
  ratio?: number;
  /** Resident memory of everything `npm start` runs (npm, its shell, the portal), after the cell. */
  rssMb?: number;
};

type Memory = { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };

async function serverTiming(reset = false): Promise<{ requests: number; dbMs: number; queries: number }> {
  const res = await fetch(`${BASE}/__timing`, { method: 'DELETE' });
  const all = (await res.json()) as { requests: number; total: { dbMs: number; queries: number }; memory: Memory };
  if (reset) return { requests: 0, dbMs: 0, queries: 0 };
  // One page is driven at a time, so every query since the reset belongs to this cell's requests.
  return { requests: all.requests, dbMs: all.total.dbMs, queries: all.total.queries };
}

/** Each process of the group (npm, sh, node) with its resident memory in MB. */
function groupProcesses(pgid: number): { pid: number; name: string; mb: number }[] {
  try {
    return execSync(`ps -o pid=,rss=,comm= -g ${pgid}`, { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((f) => f.length >= 3)
      .map(([pid, kb, ...name]) => ({ pid: Number(pid), name: name.join(' '), mb: Math.round(Number(kb) / 1024) }));
  } catch {
    return [];
  }
}

function serverRssMb(pgid: number): number {
  const all = groupProcesses(pgid);
  return all.length ? all.reduce((n, p) => n + p.mb, 0) : NaN;
}

/**
 * The group's processes once its memory has settled: sampled every second until five samples in a row
 * lie within 2 MB of each other (at most a minute). Read too early, a server that has just collected
 * its heap still holds the pages it is about to return, some 50 MB more.
 */
async function settledProcesses(pgid: number): Promise<{ pid: number; name: string; mb: number }[]> {
  const totals: number[] = [];
  let last = groupProcesses(pgid);
  for (let i = 0; i < 60; i++) {
    await new Promise((r) => setTimeout(r, 1_000));
    last = groupProcesses(pgid);
    totals.push(last.reduce((n, p) => n + p.mb, 0));
    const recent = totals.slice(-5);
    if (recent.length === 5 && Math.max(...recent) - Math.min(...recent) <= 2) break;
  }
  return last;
}

const mb = (parts: Record<string, number>) => Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, Math.round((v / 2 ** 20) * 10) / 10]));

/** The server's own account of its memory in MB: process.memoryUsage(), and V8's heap by space. */
async function serverMemory(): Promise<{ usage: Record<string, number>; heapSpaces: Record<string, number> }> {
  const res = await fetch(`${BASE}/__timing`);
  const { memory, heapSpaces } = (await res.json()) as { memory: Memory; heapSpaces: Record<string, number> };
  return { usage: mb(memory), heapSpaces: mb(Object.fromEntries(Object.entries(heapSpaces).filter(([, v]) => v > 0))) };
}

async function firstVisit(t: Target): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${BASE}${t.path}`, { headers: { ...(t.cookie ? { cookie: t.cookie } : {}), ...(t.headers ?? {}) }, redirect: 'manual' });
  await res.arrayBuffer();
  return Math.round(performance.now() - started);
}

async function measure(t: Target, connections: number, duration = SECONDS, warmUp = false): Promise<Row> {
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${BASE}${t.path}`,
        method: t.method ?? 'GET',
        headers: { ...(t.cookie ? { cookie: t.cookie } : {}), ...(t.headers ?? {}) },
        body: t.body,
        connections,
        ...(t.amount ? { amount: warmUp ? SUBMISSIONS.warm : t.amount(connections) } : { duration }),
        ...(t.requests ? { requests: t.requests } : {}),
        ...(t.verifyBody ? { verifyBody: (body: unknown) => t.verifyBody!(String(body)) } : {}),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  return {
    target: t.name,
    concurrency: connections,
    requests: r.requests.total,
    rps: Math.round(r.requests.average * 10) / 10,
    p50: Math.round(percentile(times, 50) * 10) / 10,
    p90: Math.round(percentile(times, 90) * 10) / 10,
    p95: Math.round(percentile(times, 95) * 10) / 10,
    p99: Math.round(percentile(times, 99) * 10) / 10,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    refused: r.mismatches ?? 0,
  };
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('npm run bench needs DATABASE_URL (a PostgreSQL database loaded by npm run seed:scale)');
  ensureBuild();
  // Plans to submit are prepared before the server starts, so preparing them loads nothing measured.
  const submissionsNeeded = selected('submission action') ? SUBMISSIONS[1] + SUBMISSIONS[10] + SUBMISSIONS.warm : 0;
  console.log(`Preparing ${submissionsNeeded} complete plans for the submission action...`);
  const t0 = Date.now();
  const queue: SubmissionQueue = await prepareSubmissions(url, submissionsNeeded);
  console.log(`  prepared in ${Math.round((Date.now() - t0) / 1000)} s`);
  // The portal as an operator starts it: `npm start` (npm, its shell, and the portal's one process),
  // in a process group of its own so that its memory is counted whole and it is stopped whole.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    MMP_PUBLIC_URL: BASE,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? randomBytes(32).toString('hex'),
    MMP_SERVER_TIMING: '1',
    // The demo's staff accounts the benchmark signs in with use a password alone.
    MMP_STAFF_SECOND_FACTOR: process.env.MMP_STAFF_SECOND_FACTOR ?? 'reminded',
  };
  // This process's TypeScript loader is not the portal's: `npm start` runs compiled JavaScript.
  delete env.NODE_OPTIONS;
  const server = spawn('npm', ['start', '--silent'], { detached: true, stdio: 'ignore', env });
  const rssSamples: number[] = [];
  try {
    await waitForHealth(BASE);
    const cookies = {
      reviewer: await signInCookie(BASE, 'reviewer@example.com'),
      county: await signInCookie(BASE, 'auditor.sioux@example.com'),
      owner: await signInCookie(BASE, 'owner.hansen@example.com'),
      supervisor: await signInCookie(BASE, 'supervisor@example.com'),
    };
    const ownerCookies = new Map<string, string>();
    // The filer signs plans, so has a second factor: sign-in asks for a code too.
    for (const d of queue.drafts) if (!ownerCookies.has(d.owner.email)) ownerCookies.set(d.owner.email, await signInCookie(BASE, d.owner.email, undefined, queue.signInCode(d.owner.email)));
    const all: Target[] = [
      ...(await benchTargets(BASE, cookies)),
      {
        name: 'submission action',
        path: '/',
        method: 'POST',
        requests: queue.requests((email) => ownerCookies.get(email)!),
        amount: (c) => (c === 1 ? SUBMISSIONS[1] : SUBMISSIONS[10]),
        verifyBody: (body) => body.includes('"ok":true'),
      },
    ];
    const targets = all.filter((t) => selected(t.name));
    const rows: Row[] = [];
    for (const t of targets) {
      // The first visit on its own (a summary page reads its figures cold), then a warm-up (JIT, caches, connection pool).
      const firstMs = t.method === 'POST' ? undefined : await firstVisit(t);
      await measure(t, 2, 2, true);
      for (const c of [1, 10]) {
        await serverTiming(true);
        const row = await measure(t, c);
        const timing = await serverTiming();
        if (timing.requests > 0) {
          row.dbMs = Math.round((timing.dbMs / timing.requests) * 10) / 10;
          row.queries = Math.round((timing.queries / timing.requests) * 10) / 10;
        }
        if (c === 1) row.firstMs = firstMs;
        row.rssMb = serverRssMb(server.pid!);
        rows.push(row);
        rssSamples.push(row.rssMb);
      }
    }
    const baseline = rows.filter((r) => r.target === 'static route');
    const floor = rows.filter((r) => r.target === 'account (signed-in floor)');
    for (const r of rows) {
      const b = baseline.find((x) => x.concurrency === r.concurrency);
      const f = floor.find((x) => x.concurrency === r.concurrency);
      r.ratio = b ? Math.round((r.rps / b.rps) * 1000) / 1000 : undefined;
      r.vsFloor = f ? Math.round((r.rps / f.rps) * 1000) / 1000 : undefined;
    }
    // At rest after the run: past the server's idle collection (lib/net/idle-memory.ts), and once the
    // memory it frees has been handed back, which V8 and the C allocator do over several seconds: what
    // `npm start` leaves running, process by process, and the server's own account by part.
    await new Promise((r) => setTimeout(r, IDLE_COLLECT_MS));
    const processes = await settledProcesses(server.pid!);
    const memory = await serverMemory();
    const counts = await operationCount(url);
    const result = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? ''}`,
      seconds: SECONDS,
      operations: counts.operations,
      plans: counts.plans,
      serverRssMbMax: Math.max(...rssSamples),
      rssAfterMb: processes.reduce((n, p) => n + p.mb, 0),
      processes,
      memory,
      rows,
    };
    const submitted = await queue.submittedCount();
    const submissionCheck = `${queue.used()} submissions sent; the database holds ${submitted} of those plans as submitted`;
    Object.assign(result, { submissionCheck });
    console.log(`${counts.operations.toLocaleString('en-US')} operations, ${counts.plans.toLocaleString('en-US')} plans`);
    console.table(
      rows.map(({ target, concurrency, firstMs, rps, p50, p90, p95, p99, dbMs, queries, vsFloor, ratio, rssMb, errors, non2xx, refused }) => ({
        target, c: concurrency, first: firstMs, rps, p50, p90, p95, p99, dbMs, queries, vsFloor, vsStatic: ratio, rssMb, errors, non2xx, refused,
      })),
    );
    console.log(
      `resident memory of \`npm start\` (all its processes): at most ${result.serverRssMbMax} MB under load; at rest after the run ${result.rssAfterMb} MB: ${processes.map((p) => `${p.name} ${p.mb} MB`).join(', ')}`,
    );
    const list = (parts: Record<string, number>) => Object.entries(parts).map(([k, v]) => `${k} ${v}`).join(', ');
    console.log(`the portal's process.memoryUsage() at rest, MB: ${list(memory.usage)}; V8 heap in use by space, MB: ${list(memory.heapSpaces)}`);
    console.log(submissionCheck);
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/bench.json', JSON.stringify(result, null, 2));
    // Kept per size, so that runs at 10,000 and 100,000 operations can be set side by side.
    const sized = `bench-results/bench-${counts.operations}.json`;
    writeFileSync(sized, JSON.stringify(result, null, 2));
    console.log(`written to bench-results/bench.json and ${sized}`);
    compareSizes(result);
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

async function operationCount(url: string): Promise<{ operations: number; plans: number }> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query('select (select count(*) from operations)::int as operations, (select count(*) from plans)::int as plans');
    return r.rows[0] as { operations: number; plans: number };
  } finally {
    await client.end();
  }
}

/** With runs of two sizes in bench-results/, how each page's time per request grows with the data. */
type SavedRun = { operations: number; date: string; rows: Row[] };

/**
 * The run just made beside the latest run at another size (at least twice as many operations, or
 * half as many). Each page's time per request grows by the raw figure and by its figure over the
 * static file's in the same run: on a machine whose speed drifts between runs, the second one
 * compares the page's own cost; when the two runs' static files differ much, the note says so.
 */
function compareSizes(current: SavedRun): void {
  const others = readdirSync('bench-results')
    .filter((f) => /^bench-\d+\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(`bench-results/${f}`, 'utf8')) as SavedRun)
    .filter((r) => r.operations >= current.operations * 2 || r.operations * 2 <= current.operations)
    .sort((a, b) => b.date.localeCompare(a.date));
  const other = others[0];
  if (!other) return;
  const [small, large] = other.operations < current.operations ? [other, current] : [current, other];
  const at = (run: SavedRun, target: string, c: number) => run.rows.find((x) => x.target === target && x.concurrency === c);
  const staticMs = (run: SavedRun) => {
    const s = at(run, 'static route', 1);
    return s && s.p50 > 0 ? s.p50 : undefined;
  };
  const staticRps = (run: SavedRun) => at(run, 'static route', 10)?.rps;
  const growth = (a?: number, b?: number) => (a && b ? `${Math.round(((b - a) / a) * 100)}%` : '');
  console.log(
    `\nTime per request, ${small.operations.toLocaleString('en-US')} operations (${small.date}) vs ${large.operations.toLocaleString('en-US')} (${large.date}):` +
      ' p50 at concurrency 1 and 1/throughput at 10, raw and over the static file in the same run',
  );
  const [sSmall, sLarge] = [staticRps(small), staticRps(large)];
  if (sSmall && sLarge && Math.max(sSmall, sLarge) / Math.min(sSmall, sLarge) > 1.25) {
    console.log(`The static file ran at ${sSmall} and ${sLarge} req/s at c10 in the two runs: the machine's speed differed; read the columns over the static file.`);
  }
  const table = large.rows
    .filter((r) => r.concurrency === 1 && r.target !== 'static route')
    .map((r) => {
      const s1 = at(small, r.target, 1);
      const s10 = at(small, r.target, 10);
      const l10 = at(large, r.target, 10);
      const perReq = (x?: Row) => (x?.rps ? 1000 / x.rps : undefined);
      const overStatic = (ms: number | undefined, base: number | undefined) => (ms !== undefined && base ? ms / base : undefined);
      return {
        target: r.target,
        [`p50 ms ${small.operations}`]: s1?.p50,
        [`p50 ms ${large.operations}`]: r.p50,
        'p50 growth': growth(s1?.p50, r.p50),
        'p50 growth over static': growth(overStatic(s1?.p50, staticMs(small)), overStatic(r.p50, staticMs(large))),
        'c10 ms/req growth': growth(perReq(s10), perReq(l10)),
        'c10 growth over static': growth(
          overStatic(perReq(s10), sSmall ? 1000 / sSmall : undefined),
          overStatic(perReq(l10), sLarge ? 1000 / sLarge : undefined),
        ),
      };
    });
  console.table(table);
}

main().catch((err) => {
  console.error('Benchmark failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
