// Starts the daily job with the server. On PostgreSQL, pg-boss keeps the schedule in the database,
// so with several servers one of them runs each day's job. On the embedded database the job runs
// inside the server process (a second process on the same PGlite folder would not see its writes).
import 'server-only';
import { getDb } from '@/lib/db';
import { explainDbError } from '@/db/errors';
import { isRetryableDbError } from '@/lib/errors';
import { today } from '@/lib/clock';
import { databaseMode, getEnv } from '@/lib/env';
import { getLogger } from '@/lib/log';
import { startDeliveryTimer } from '@/lib/notifications/deliver';
import { describeDailyRun, runDailyJob, type DailyJobResult } from './daily';
import { lastDailyRun } from './runs';
import { DAILY_CRON, dailyRunDue, iowaHour, ZONE } from './schedule';

const KEY = Symbol.for('mmp.jobs.scheduler');
type Holder = { [KEY]?: { stop: () => Promise<void> } };
const holder = globalThis as Holder;

export const DAILY_QUEUE = 'mmp-daily';
const TICK_MS = 10 * 60_000;
const FIRST_TICK_MS = 30_000;

const log = () => getLogger('jobs');

/** One JSON line per run with its figures and one per day that queued something; the text summary too. */
export function logDailyRun(result: DailyJobResult): void {
  const { days, ...totals } = result;
  for (const day of days) log().info({ job: 'daily', day: day.date, queued: day.reminders }, 'daily job day');
  log().info({ job: 'daily', ...totals, summary: describeDailyRun(result) }, 'daily job ran');
}

async function runAndLog(): Promise<void> {
  const result = await runDailyJob({ onProgress: (line) => log().info({ job: 'daily' }, line.trim()) });
  logDailyRun(result);
}

/** Embedded database: a timer in this process; each tick runs the job if today's run is still due. */
export function startInProcessScheduler(options: { tickMs?: number; firstTickMs?: number } = {}): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      const day = today();
      if (!dailyRunDue({ today: day, lastRun: await lastDailyRun(await getDb()), hour: iowaHour(new Date()) })) return;
      await runAndLog();
    })()
      .catch((err: unknown) => log().error({ job: 'daily', err }, 'daily job failed; it runs again at the next tick'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, options.firstTickMs ?? FIRST_TICK_MS);
  const every = setInterval(tick, options.tickMs ?? TICK_MS);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}

/** PostgreSQL: a pg-boss cron at 6 a.m. Iowa time; retried with backoff if a run fails. */
export async function startPgBossScheduler(url: string): Promise<() => Promise<void>> {
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 2, application_name: 'mmp-jobs' });
  boss.on('error', (err: unknown) => log().error({ err }, 'pg-boss error'));
  await boss.start();
  try {
    await boss.createQueue(DAILY_QUEUE, { name: DAILY_QUEUE, retryLimit: 3, retryDelay: 600, retryBackoff: true, expireInSeconds: 3600 });
    await boss.schedule(DAILY_QUEUE, DAILY_CRON, {}, { tz: ZONE });
    await boss.work(DAILY_QUEUE, async () => runAndLog());
  } catch (err) {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    throw err;
  }
  return () => boss.stop({ graceful: true });
}

/** Starts the scheduler for this process's database, once; a failed start is tried again. */
export async function startScheduler(attempt = 1): Promise<void> {
  if (holder[KEY]) return;
  const stopper = { stop: async () => {} };
  holder[KEY] = stopper;
  try {
    const url = getEnv().DATABASE_URL;
    const stopJobs = databaseMode() === 'postgres' && url ? await startPgBossScheduler(url) : startInProcessScheduler();
    const stopDelivery = startDeliveryTimer();
    stopper.stop = async () => {
      stopDelivery();
      await stopJobs();
    };
    log().info(
      { schedule: databaseMode() === 'postgres' ? `pg-boss, ${DAILY_CRON} ${ZONE}` : 'in-process, once a day from 6 a.m. Iowa time', smtp: Boolean(getEnv().SMTP_URL) },
      'daily job scheduled',
    );
  } catch (err) {
    holder[KEY] = undefined;
    // Servers started together can deadlock while pg-boss creates its queue and schedule, and the
    // database may be down: without a scheduler the daily job never runs here, so try again.
    const retryInMs = Math.min(5_000 * attempt, 60_000);
    const problem = explainDbError(err, getEnv().DATABASE_URL);
    const fields = { err, attempt, retryInMs, ...(problem ? { problem: problem.summary, remedy: problem.remedy } : {}) };
    if (attempt < 3 && isRetryableDbError(err)) log().warn(fields, 'could not start the scheduler yet; trying again');
    else log().error(fields, 'could not start the scheduler; trying again');
    setTimeout(() => void startScheduler(attempt + 1), retryInMs).unref();
  }
}

export async function stopScheduler(): Promise<void> {
  const current = holder[KEY];
  holder[KEY] = undefined;
  await current?.stop();
}
