// The two-instances drill: two production servers on one PostgreSQL database with one secret and
// the job runner on, as a deployment behind a load balancer runs. The portal promises that a
// session from one works on the other (and ends on both), that a write through one is read through
// the other, and that the daily job run by both at once (plus two `jobs:run-once` processes) queues
// and sends each reminder exactly once.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { encode } from 'next-auth/jwt';
import { SMTPServer } from 'smtp-server';
import { IOWA_COUNTIES } from '@/db/seed/counties';
import { iowaDateOf } from '@/lib/clock';
import { addDays } from '@/lib/rules';
import { commandArgs, ensureBuild } from '../../ensure-build';
import { signInCookie } from '../http';
import { seedChunk } from '../seed-chunk';
import { startLocalS3, type LocalS3 } from '../../support/local-s3';
import { actionReturnValue, encodeReply, startServer, type DrillServer } from './server';
import type { Drill } from './types';

const PORT_A = Number(process.env.DRILL_PORT_A ?? 3420);
const PORT_B = Number(process.env.DRILL_PORT_B ?? 3421);
const SMTP_PORT = Number(process.env.DRILL_SMTP_PORT ?? 3429);
const EXTRA_OPERATIONS = Number(process.env.DRILL_OPERATIONS ?? 1000);
const DAILY_QUEUE = 'mmp-daily';
// DRILL_STORAGE=s3: both servers keep attachments in one S3-compatible store (a local s3rver), each
// with a local attachments folder of its own that must stay empty; else one shared local folder.
const STORAGE = process.env.DRILL_STORAGE === 's3' ? 's3' : 'local';
const S3_PORT = Number(process.env.DRILL_S3_PORT ?? 3430);

type Received = { event: string; to: string };

function startSmtpSink(received: Received[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8').replace(/\r\n[ \t]+/g, ' ');
        const event = /^X-MMP-Event:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? '';
        for (const r of session.envelope.rcptTo) received.push({ event, to: r.address.toLowerCase() });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve(server));
  });
}

async function callAction(server: DrillServer, page: string, actionId: string, cookie: string, arg: unknown): Promise<{ ok?: boolean; code?: string; data?: unknown }> {
  const res = await fetch(`${server.base}${page}`, {
    method: 'POST',
    headers: { 'next-action': actionId, accept: 'text/x-component', 'content-type': 'text/plain;charset=UTF-8', origin: server.base, ...(cookie ? { cookie } : {}) },
    body: (await encodeReply([arg])) as string,
  });
  if (res.status >= 500) throw new Error(`${page} action answered HTTP ${res.status}`);
  return actionReturnValue(Buffer.from(await res.arrayBuffer())).value as { ok?: boolean; code?: string; data?: unknown };
}

async function sessionUser(server: DrillServer, cookie: string): Promise<string | null> {
  const res = await fetch(`${server.base}/api/auth/session`, { headers: { cookie } });
  const body = (await res.json()) as { user?: { email?: string } };
  return body.user?.email ?? null;
}

function runOnce(databaseUrl: string, secret: string, smtpUrl: string): Promise<{ code: number; out: string }> {
  // The real clock: a test date from the caller's environment is left out.
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, NEXTAUTH_SECRET: secret, SMTP_URL: smtpUrl, NODE_ENV: 'production', MMP_PUBLIC_URL: `http://127.0.0.1:${PORT_A}` };
  delete env.MMP_TEST_CLOCK;
  delete env.MMP_TODAY;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, commandArgs('jobs-run-once'), {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

export const run: Drill = async ({ databaseUrl, log }) => {
  const did: string[] = [];
  const found: string[] = [];
  let ok = true;
  const check = (pass: boolean, line: string) => {
    found.push(`${pass ? 'as promised' : 'BROKEN'}: ${line}`);
    if (!pass) ok = false;
  };
  ensureBuild();

  const { Pool } = await import('pg');
  const pool = new Pool({ connectionString: databaseUrl, max: 4 });
  const q = async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[];
  const received: Received[] = [];
  const smtp = await startSmtpSink(received);
  const smtpUrl = `smtp://127.0.0.1:${SMTP_PORT}`;
  const secret = randomBytes(32).toString('hex');
  const servers: DrillServer[] = [];
  const { mkdtempSync, readdirSync, rmSync } = await import('node:fs');
  const os = await import('node:os');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'mmp-drill-att-'));
  const folderOf = (name: string) => (STORAGE === 's3' ? path.join(scratch, name) : scratch);
  let s3: LocalS3 | null = null;
  try {
    if (STORAGE === 's3') s3 = await startLocalS3({ port: S3_PORT });
    // Reminders due today for many operations: the scale data set's operations, each given a due
    // date 60, 30 or 7 days ahead, plus the demo operations' own (the demo data is relative to today).
    const today = iowaDateOf(new Date());
    const db = drizzle(pool);
    const counties = IOWA_COUNTIES.map((c) => c.fips);
    await db.transaction(async (tx) => seedChunk(tx as never, { from: 1, to: EXTRA_OPERATIONS, counties, today }));
    const leads = [60, 30, 7].map((d) => addDays(today, d));
    await q(
      `insert into due_date_assignments (operation_id, due_on, policy, reason)
       select id, ($1::date[])[1 + (row_number() over (order by id))::int % 3], 'individual_override', 'Two-instances drill'
       from operations where facility_id like 'S%'`,
      [leads],
    );
    did.push(`added ${EXTRA_OPERATIONS} operations (the scale data set) to the demo data, each due ${leads.join(', ')} (60, 30 or 7 days after ${today}, the Iowa date)`);

    // Two servers, one database, one secret, jobs on (pg-boss schedules the daily job in the database).
    const env = { MMP_JOBS: 'on', SMTP_URL: smtpUrl, ...(s3?.env ?? {}) };
    const [a, b] = await Promise.all([
      startServer({ name: 'A', port: PORT_A, databaseUrl, secret, env: { ...env, NEXTAUTH_URL: `http://127.0.0.1:${PORT_A}`, MMP_ATTACHMENTS_DIR: folderOf('A') } }),
      startServer({ name: 'B', port: PORT_B, databaseUrl, secret, env: { ...env, NEXTAUTH_URL: `http://127.0.0.1:${PORT_B}`, MMP_ATTACHMENTS_DIR: folderOf('B') } }),
    ]);
    servers.push(a!, b!);
    did.push(`started servers A (${a!.base}) and B (${b!.base}) on the drill database with one NEXTAUTH_SECRET, MMP_JOBS on, SMTP to a sink on port ${SMTP_PORT} and attachments ${s3 ? `in an S3-compatible store (s3rver at ${s3.endpoint}, bucket ${s3.bucket})` : `in one shared folder (${scratch})`}`);
    const scheduled = (s: DrillServer) => s.stdout.some((l) => l.includes('"msg":"daily job scheduled"'));
    const until = Date.now() + 60_000;
    while (Date.now() < until && ![a!, b!].every(scheduled)) await new Promise((r) => setTimeout(r, 500));
    check([a!, b!].every(scheduled), 'both servers scheduled the daily job with pg-boss');

    // -------------------------------------------------------------------------------------------
    // Sessions across instances.
    const { readFileSync } = await import('node:fs');
    const manifest = JSON.parse(readFileSync(path.join('.next', 'server', 'server-reference-manifest.json'), 'utf8')) as { node: Record<string, { exportedName?: string }> };
    const actionId = (name: string) => {
      const id = Object.entries(manifest.node).find(([, v]) => v.exportedName === name)?.[0];
      if (!id) throw new Error(`${name} is not in the server reference manifest`);
      return id;
    };
    const ownerEmail = 'owner.hansen@example.com';
    const cookieA = await signInCookie(a!.base, ownerEmail);
    check((await sessionUser(b!, cookieA)) === ownerEmail, 'a session cookie from A is a session on B (/api/auth/session names the owner)');
    const dashboard = await fetch(`${b!.base}/dashboard`, { headers: { cookie: cookieA }, redirect: 'manual' });
    check(dashboard.status === 200, `the owner's dashboard on B with A's cookie: HTTP ${dashboard.status}`);

    // A write through A, read through B: a draft saved on A is the draft B serves.
    const [draft] = await q<{ id: string }>(
      `select p.id from plans p join ownerships own on own.operation_id = p.operation_id and own.released_on is null
       join users u on u.party_id = own.owner_id where u.email = $1 and p.status in ('draft', 'incomplete') order by p.status limit 1`,
      [ownerEmail],
    );
    if (draft) {
      const before = await callAction(a!, `/plans/${draft.id}/edit`, actionId('peekDraftAction'), cookieA, { planId: draft.id });
      const version = (before.data as { version?: number } | undefined)?.version ?? 1;
      const marker = `Written through A ${randomUUID()}`;
      const saved = await callAction(a!, `/plans/${draft.id}/edit`, actionId('saveDraftAction'), cookieA, { planId: draft.id, version, draft: { stockpiles: { soilLossPractices: marker } } });
      const read = await callAction(b!, `/plans/${draft.id}/edit`, actionId('peekDraftAction'), cookieA, { planId: draft.id });
      const data = read.data as { version?: number; draft?: { stockpiles?: { soilLossPractices?: string } } } | undefined;
      check(saved.ok === true && data?.draft?.stockpiles?.soilLossPractices === marker && data.version === version + 1, `a draft saved through A (version ${version} -> ${version + 1}) is read through B at once (B read version ${data?.version})`);
      const stale = await callAction(b!, `/plans/${draft.id}/edit`, actionId('saveDraftAction'), cookieA, { planId: draft.id, version, draft: { stockpiles: { soilLossPractices: 'stale' } } });
      check(stale.code === 'CONFLICT', `saving the same old version through B is refused (${stale.code ?? 'ok'}): the lock holds across instances`);

      // An attachment uploaded through A is downloaded through B: both servers use the one store.
      const pdf = new TextEncoder().encode(`%PDF-1.4\nsite map written through A ${randomUUID()}\n%%EOF\n`);
      const form = new FormData();
      form.set('planId', draft.id);
      form.set('kind', 'site_map');
      form.set('file', new File([pdf], 'site map.pdf', { type: 'application/pdf' }));
      const up = await fetch(`${a!.base}/api/attachments`, { method: 'POST', headers: { cookie: cookieA, origin: a!.base }, body: form });
      const uploaded = (await up.json().catch(() => ({}))) as { ok?: boolean; data?: { id?: string } };
      const down = uploaded.data?.id ? await fetch(`${b!.base}/api/attachments/${uploaded.data.id}`, { headers: { cookie: cookieA } }) : null;
      const same = down?.ok ? Buffer.from(await down.arrayBuffer()).equals(Buffer.from(pdf)) : false;
      const localFiles = STORAGE === 's3' ? ['A', 'B'].flatMap((n) => { try { return readdirSync(folderOf(n), { recursive: true, encoding: 'utf8' }); } catch { return [] as string[]; } }) : [];
      check(up.status === 201 && same && localFiles.length === 0, `a PDF uploaded through A (HTTP ${up.status}) is downloaded through B byte for byte (HTTP ${down?.status ?? 'none'})${STORAGE === 's3' ? `, and neither server wrote it to its own disk (${localFiles.length} local files)` : ''}`);
    } else {
      check(false, 'the demo owner has no draft plan to write through A');
    }
    const remindersOff = await callAction(a!, '/account/notifications', actionId('savePreferencesAction'), cookieA, { updateReminders: false, countyDigest: 'immediate' });
    const [off] = await q<{ update_reminders: boolean }>(`select np.update_reminders from notification_preferences np join users u on u.id = np.user_id where u.email = $1`, [ownerEmail]);
    const remindersOn = await callAction(b!, '/account/notifications', actionId('savePreferencesAction'), cookieA, { updateReminders: true, countyDigest: 'immediate' });
    const [on] = await q<{ update_reminders: boolean }>(`select np.update_reminders from notification_preferences np join users u on u.id = np.user_id where u.email = $1`, [ownerEmail]);
    check(remindersOff.ok === true && off?.update_reminders === false && remindersOn.ok === true && on?.update_reminders === true, `reminders turned off through A and on again through B: the one database saw both (${off?.update_reminders}, then ${on?.update_reminders})`);

    // Sign-out: next-auth's sign-out clears the cookie; "sign out everywhere" ends the session on both.
    const csrfRes = await fetch(`${a!.base}/api/auth/csrf`, { headers: { cookie: cookieA } });
    const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
    const csrfCookie = (csrfRes.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    const signOut = await fetch(`${a!.base}/api/auth/signout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${cookieA}; ${csrfCookie}` },
      body: new URLSearchParams({ csrfToken, json: 'true' }),
    });
    const cleared = (signOut.headers.getSetCookie?.() ?? []).some((c) => /session-token=;/.test(c) && /(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(c));
    check(cleared, `signing out on A clears the session cookie (HTTP ${signOut.status})`);
    const cookie2 = await signInCookie(b!.base, ownerEmail);
    const everywhere = await callAction(b!, '/account', actionId('signOutEverywhereAction'), cookie2, undefined);
    const afterA = await sessionUser(a!, cookie2);
    const afterB = await sessionUser(b!, cookie2);
    const refusedA = await callAction(a!, '/account/notifications', actionId('savePreferencesAction'), cookie2, { updateReminders: true, countyDigest: 'daily' });
    check(everywhere.ok === true && refusedA.code === 'UNAUTHENTICATED', `after "sign out everywhere" on B, the same cookie is refused by an action on A (${refusedA.code ?? 'ok'})`);
    found.push(`note: /api/auth/session after "sign out everywhere" still names ${afterA ?? 'no one'} on A and ${afterB ?? 'no one'} on B: the JWT is valid until it expires; every page and action re-reads the session version and refuses it`);
    // Expiry: a token signed with the shared secret that expired a minute ago, and one signed with another secret.
    const [owner] = await q<{ id: string; session_version: number }>('select id, session_version from users where email = $1', [ownerEmail]);
    const cookieName = cookieA.split('=')[0]!;
    const expired = await encode({ token: { uid: owner!.id, sv: owner!.session_version, email: ownerEmail, name: 'Karen Hansen' }, secret, maxAge: -60 });
    const forged = await encode({ token: { uid: owner!.id, sv: owner!.session_version, email: ownerEmail, name: 'Karen Hansen' }, secret: randomBytes(32).toString('hex'), maxAge: 3600 });
    const fresh = await encode({ token: { uid: owner!.id, sv: owner!.session_version, email: ownerEmail, name: 'Karen Hansen' }, secret, maxAge: 3600 });
    const expiredOnA = await callAction(a!, '/account/notifications', actionId('savePreferencesAction'), `${cookieName}=${expired}`, { updateReminders: true, countyDigest: 'daily' });
    const forgedOnB = await callAction(b!, '/account/notifications', actionId('savePreferencesAction'), `${cookieName}=${forged}`, { updateReminders: true, countyDigest: 'daily' });
    const freshOnB = await callAction(b!, '/account/notifications', actionId('savePreferencesAction'), `${cookieName}=${fresh}`, { updateReminders: true, countyDigest: 'daily' });
    check(expiredOnA.code === 'UNAUTHENTICATED' && forgedOnB.code === 'UNAUTHENTICATED' && freshOnB.ok === true, `an expired token is refused on A (${expiredOnA.code ?? 'ok'}), one signed with another secret is refused on B (${forgedOnB.code ?? 'ok'}), a current one made with the shared secret works on B (${freshOnB.ok ? 'ok' : freshOnB.code})`);

    // -------------------------------------------------------------------------------------------
    // The daily job on both instances at once (through pg-boss, as the cron would start it) and in
    // two `jobs:run-once` processes started at the same moment.
    const { default: PgBoss } = await import('pg-boss');
    const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 2, supervise: false, schedule: false, migrate: false });
    boss.on('error', () => undefined);
    await boss.start();
    const startedAt = Date.now();
    const jobs = await Promise.all([1, 2, 3, 4].map(() => boss.send(DAILY_QUEUE, {})));
    const runOnces = Promise.all([runOnce(databaseUrl, secret, smtpUrl), runOnce(databaseUrl, secret, smtpUrl)]);
    log(`queued ${jobs.filter(Boolean).length} daily jobs for A and B and started two jobs:run-once processes`);
    const finished = async () => (await q<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1 and id = any($2::uuid[]) and state in ('completed', 'failed')`, [DAILY_QUEUE, jobs])).at(0)?.n ?? 0;
    while (Date.now() - startedAt < 480_000 && (await finished()) < jobs.length) await new Promise((r) => setTimeout(r, 1000));
    const runOnceResults = await runOnces;
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    const states = await q<{ state: string; n: number }>(`select state::text, count(*)::int as n from pgboss.job where name = $1 and id = any($2::uuid[]) group by state`, [DAILY_QUEUE, jobs]);
    const runsA = a!.stdout.filter((l) => l.includes('"msg":"daily job ran"')).length;
    const runsB = b!.stdout.filter((l) => l.includes('"msg":"daily job ran"')).length;
    did.push(`ran the daily job ${jobs.length} times through pg-boss (A ran ${runsA}, B ran ${runsB}) and twice more in jobs:run-once processes (exit ${runOnceResults.map((r) => r.code).join(', ')}), all started within a second`);
    for (const r of runOnceResults) if (r.code !== 0) found.push(`jobs:run-once said: ${r.out.trim().split('\n').slice(-3).join(' | ')}`);
    const windows = await q<{ started: Date; completed: Date | null }>(`select started_on as started, completed_on as completed from pgboss.job where id = any($1::uuid[]) order by started_on`, [jobs]);
    const overlapped = windows.length > 1 && windows[1]!.started < (windows[0]!.completed ?? new Date());
    did.push(`pg-boss runs: ${windows.map((w) => `${w.started.toISOString().slice(11, 19)}-${w.completed?.toISOString().slice(11, 19) ?? '?'}`).join(', ')} (UTC); the first two ${overlapped ? 'overlapped' : 'did not overlap'}`);
    check(states.every((s) => s.state === 'completed') && runOnceResults.every((r) => r.code === 0), `every run finished (pg-boss: ${states.map((s) => `${s.n} ${s.state}`).join(', ')}; run-once exits ${runOnceResults.map((r) => r.code).join(', ')})`);
    check(runsA > 0 && runsB > 0, `both instances ran the job (A ${runsA}, B ${runsB})`);

    // Let delivery settle (the job's own pass and the servers' kicks), then count.
    const settleUntil = Date.now() + 60_000;
    while (Date.now() < settleUntil && ((await q<{ n: number }>(`select count(*)::int as n from email_outbox where status in ('pending', 'sending') and event_key like 'reminder:%'`))[0]?.n ?? 0) > 0) await new Promise((r) => setTimeout(r, 1000));
    const [claims] = await q<{ n: number }>(`select count(*)::int as n from reminders_sent`);
    const perKind = await q<{ kind: string; n: number }>(`select kind::text, count(*)::int as n from reminders_sent group by kind order by kind`);
    const [outbox] = await q<{ events: number; rows: number; dup: number; sent: number; open: number }>(
      `select count(distinct event_key)::int as events, count(*)::int as rows,
         (select count(*)::int from (select 1 from email_outbox where event_key like 'reminder:%' group by event_key, to_address having count(*) > 1) d) as dup,
         count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status in ('pending', 'sending'))::int as open
       from email_outbox where event_key like 'reminder:%'`,
    );
    const [matched] = await q<{ unmatched: number }>(
      `select count(*)::int as unmatched from reminders_sent r
       where (select count(distinct o.event_key) from email_outbox o where o.event_key = 'reminder:' || r.operation_id || ':' || r.kind || ':' || r.due_on) <> 1`,
    );
    const runs = await q<{ counts: Record<string, number> }>(`select after->'reminders' as counts from audit_events where action = 'job.daily_run'`);
    const queuedByRuns = runs.reduce((n, r) => n + Object.values(r.counts ?? {}).reduce((a, v) => a + Number(v), 0), 0);
    const reminderMail = received.filter((r) => r.event.startsWith('reminder:'));
    const perMessage = new Map<string, number>();
    for (const r of reminderMail) perMessage.set(`${r.event}|${r.to}`, (perMessage.get(`${r.event}|${r.to}`) ?? 0) + 1);
    const twice = [...perMessage.values()].filter((n) => n > 1).length;
    did.push(`counted reminders_sent (${claims!.n}: ${perKind.map((k) => `${k.n} ${k.kind}`).join(', ')}), the reminder rows of email_outbox (${outbox!.rows} rows, ${outbox!.events} events) and what the SMTP sink received (${reminderMail.length} reminder messages)`);
    check(claims!.n > 0, `there were reminders due on ${today}: ${claims!.n}`);
    check(matched!.unmatched === 0 && outbox!.events === claims!.n && outbox!.dup === 0, `email_outbox holds exactly one event per reminder (${outbox!.events} events for ${claims!.n} reminders, ${outbox!.dup} duplicate rows, ${matched!.unmatched} reminders without exactly one event)`);
    check(queuedByRuns === claims!.n, `the ${runs.length} runs together report ${queuedByRuns} reminders queued, the number claimed (${claims!.n}): no reminder was queued by two runs`);
    check(outbox!.open === 0 && outbox!.sent === outbox!.rows && twice === 0 && perMessage.size === outbox!.rows, `each reminder email was sent exactly once: ${outbox!.sent} of ${outbox!.rows} sent, ${perMessage.size} distinct messages received, ${twice} received more than once, ${outbox!.open} still waiting`);
    const errorsLogged = servers.flatMap((s) =>
      [...s.stdout, ...s.stderr].filter((l) => /"level":"error"/.test(l) || /unexpected error/.test(l)).map((l) => `${s.name}: ${l}`),
    );
    check(errorsLogged.length === 0, `no job or delivery errors in the servers' logs${errorsLogged.length ? `: ${errorsLogged.slice(0, 3).join(' | ')}` : ''}`);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await s3?.stop();
    rmSync(scratch, { recursive: true, force: true });
    await new Promise<void>((r) => smtp.close(() => r()));
    await pool.end();
  }
  return { name: 'two-instances', did, found, ok };
};
