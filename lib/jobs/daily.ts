// The daily job: reminders due today and on every day missed since the last run (one pass per day,
// each idempotent), SAFO elections that have ended, county digests, then a delivery pass over the
// outbox. Set-based: a fixed number of statements per day whatever the number of operations; safe
// to run twice or in two processes at once.
import 'server-only';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { sendCountyDigests } from '@/lib/counties/digest';
import { today as clockToday } from '@/lib/clock';
import { deliverPendingEmails, type DeliveryResult, type MailTransport } from '@/lib/notifications/deliver';
import { publicOrigin } from '@/lib/env';
import { recheckCopiesOfRecord, type CopyCheckResult } from './copies-of-record';
import { addCounts, emptyCounts, sendNewOwnerReminders, sendUpdateRemindersForDay, type ReminderCounts } from './reminders';
import { lastDailyRun, recordDailyRun } from './runs';
import { endExceededSafoElections } from './safo';
import { coverageStart } from './triggers';
import { addDays, daysBetween } from '@/lib/rules';

export type DailyJobOptions = {
  today?: string;
  origin?: string;
  db?: Executor;
  /** undefined: SMTP_URL; null: keep messages in the outbox (held). */
  transport?: MailTransport | null;
  /** Skip the delivery pass (tests that look at what was queued). */
  deliver?: boolean;
  /** Called with a progress line every PROGRESS_EVERY days of a long catch-up. */
  onProgress?: (line: string) => void;
};

/** What one day of the run queued (only days that queued something are listed). */
export type DayQueued = { date: string; reminders: ReminderCounts };

export type DailyJobResult = {
  date: string;
  coveredFrom: string;
  /** Days processed, from coveredFrom to date. */
  daysCovered: number;
  days: DayQueued[];
  reminders: ReminderCounts;
  safoElectionsEnded: number;
  digests: { digests: number; items: number };
  /** Stored copies of record re-hashed, and how many no longer match their key. */
  copiesOfRecord: CopyCheckResult;
  delivery: DeliveryResult;
  ms: number;
};

const DELIVERY_BATCH = 200;
export const PROGRESS_EVERY = 30;

async function deliverAll(db: Executor, transport: MailTransport | null | undefined): Promise<DeliveryResult> {
  const total: DeliveryResult = { sent: 0, retried: 0, failed: 0, held: 0 };
  for (;;) {
    const r = await deliverPendingEmails({ db, transport, limit: DELIVERY_BATCH });
    for (const k of Object.keys(total) as (keyof DeliveryResult)[]) total[k] += r[k];
    if (r.sent + r.retried + r.failed + r.held < DELIVERY_BATCH) return total;
  }
}

export async function runDailyJob(options: DailyJobOptions = {}): Promise<DailyJobResult> {
  const started = Date.now();
  const db = options.db ?? (await getDb());
  const today = options.today ?? clockToday();
  const origin = options.origin ?? publicOrigin();
  const coveredFrom = coverageStart(today, await lastDailyRun(db));

  const daysCovered = daysBetween(coveredFrom, today) + 1;
  const reminders = emptyCounts();
  const days: DayQueued[] = [];
  let done = 0;
  for (let day = coveredFrom; day <= today; day = addDays(day, 1)) {
    const queued = await sendUpdateRemindersForDay(db, { day, today, origin });
    if (day === today) addCounts(queued, await sendNewOwnerReminders(db, { today, origin }));
    if (Object.values(queued).some((n) => n > 0)) days.push({ date: day, reminders: queued });
    addCounts(reminders, queued);
    done += 1;
    if (options.onProgress && done % PROGRESS_EVERY === 0 && done < daysCovered) {
      options.onProgress(`  ... ${done} of ${daysCovered} days processed (through ${day})`);
    }
  }
  const safoElectionsEnded = await endExceededSafoElections(db, today);
  const digests = await sendCountyDigests(db, { today, origin });
  const copiesOfRecord = await recheckCopiesOfRecord(db, { today, origin });
  const result: DailyJobResult = {
    date: today,
    coveredFrom,
    daysCovered,
    days,
    reminders,
    safoElectionsEnded,
    digests,
    copiesOfRecord,
    delivery: { sent: 0, retried: 0, failed: 0, held: 0 },
    ms: 0,
  };
  await recordDailyRun(db, { date: today, coveredFrom, daysCovered, days, reminders, safoElectionsEnded, digests, copiesOfRecord });
  // Delivery after every commit; a failure here leaves messages pending for the next pass.
  if (options.deliver !== false) result.delivery = await deliverAll(db, options.transport);
  result.ms = Date.now() - started;
  return result;
}

function queuedPhrase(r: ReminderCounts): string {
  const parts: string[] = [];
  for (const [kind, label] of [
    ['update_due_60', 'update reminder at 60 days'],
    ['update_due_30', 'update reminder at 30 days'],
    ['update_due_7', 'update reminder at 7 days'],
    ['update_overdue', 'overdue notice'],
    ['new_owner_due', 'new-owner reminder'],
  ] as const) {
    if (r[kind]) parts.push(`${r[kind]} ${label}${r[kind] === 1 ? '' : 's'}`);
  }
  return parts.join(', ');
}

/** One line per figure, then one per day that queued something, for `npm run jobs:run-once` and the log. */
export function describeDailyRun(r: DailyJobResult): string {
  const span = r.coveredFrom === r.date ? `${r.date} (` : `${r.coveredFrom} to ${r.date} (${r.daysCovered} days, `;
  const quiet = r.daysCovered - r.days.length;
  return [
    `Daily job for ${span}${r.ms} ms)`,
    ...r.days.map((d) => `  ${d.date}: queued ${queuedPhrase(d.reminders)}`),
    ...(quiet > 0 ? [`  ${quiet === r.daysCovered ? 'every day' : `the other ${quiet === 1 ? 'day' : `${quiet} days`}`}: nothing to queue`] : []),
    `  update reminders queued: ${r.reminders.update_due_60} at 60 days, ${r.reminders.update_due_30} at 30 days, ${r.reminders.update_due_7} at 7 days`,
    `  overdue notices queued: ${r.reminders.update_overdue}`,
    `  new-owner reminders queued: ${r.reminders.new_owner_due}`,
    `  SAFO elections ended: ${r.safoElectionsEnded}`,
    `  county digests queued: ${r.digests.digests} (${r.digests.items} items)`,
    `  copies of record re-hashed: ${r.copiesOfRecord.checked}, ${r.copiesOfRecord.mismatched ? `${r.copiesOfRecord.mismatched} NO LONGER MATCH (staff emailed)` : 'all match'}`,
    `  delivery: ${describeDelivery(r.delivery)}`,
  ].join('\n');
}

export function describeDelivery(d: DeliveryResult): string {
  return `${d.sent} sent, ${d.retried} to retry, ${d.failed} failed${d.held ? `, ${d.held} kept in the outbox (no SMTP_URL: they go out once it is set)` : ''}`;
}
