// The daily job: reminders due today (and on any day missed since the last run), SAFO elections
// that have ended, county digests, then a delivery pass over the outbox. Set-based: a fixed number
// of statements whatever the number of operations; safe to run twice or in two processes at once.
import { getDb, type Executor } from '@/db/client';
import { sendCountyDigests } from '@/lib/counties/digest';
import { today as clockToday } from '@/lib/clock';
import { deliverPendingEmails, type DeliveryResult, type MailTransport } from '@/lib/notifications/deliver';
import { publicOrigin } from '@/lib/env';
import { sendReminders, type ReminderCounts } from './reminders';
import { lastDailyRun, recordDailyRun } from './runs';
import { endExceededSafoElections } from './safo';
import { coverageStart } from './triggers';

export type DailyJobOptions = {
  today?: string;
  origin?: string;
  db?: Executor;
  /** undefined: SMTP_URL; null: keep messages in the outbox (held). */
  transport?: MailTransport | null;
  /** Skip the delivery pass (tests that look at what was queued). */
  deliver?: boolean;
};

export type DailyJobResult = {
  date: string;
  coveredFrom: string;
  reminders: ReminderCounts;
  safoElectionsEnded: number;
  digests: { digests: number; items: number };
  delivery: DeliveryResult;
  ms: number;
};

const DELIVERY_BATCH = 200;

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

  const reminders = await sendReminders(db, { from: coveredFrom, today, origin });
  const safoElectionsEnded = await endExceededSafoElections(db, today);
  const digests = await sendCountyDigests(db, { today, origin });
  const result: DailyJobResult = {
    date: today,
    coveredFrom,
    reminders,
    safoElectionsEnded,
    digests,
    delivery: { sent: 0, retried: 0, failed: 0, held: 0 },
    ms: 0,
  };
  await recordDailyRun(db, { date: today, coveredFrom, reminders, safoElectionsEnded, digests });
  // Delivery after every commit; a failure here leaves messages pending for the next pass.
  if (options.deliver !== false) result.delivery = await deliverAll(db, options.transport);
  result.ms = Date.now() - started;
  return result;
}

/** One line per figure, for `npm run jobs:run-once` and the server log. */
export function describeDailyRun(r: DailyJobResult): string {
  const days = r.coveredFrom === r.date ? r.date : `${r.coveredFrom} to ${r.date}`;
  return [
    `Daily job for ${days} (${r.ms} ms)`,
    `  update reminders queued: ${r.reminders.update_due_60} at 60 days, ${r.reminders.update_due_30} at 30 days, ${r.reminders.update_due_7} at 7 days`,
    `  overdue notices queued: ${r.reminders.update_overdue}`,
    `  new-owner reminders queued: ${r.reminders.new_owner_due}`,
    `  SAFO elections ended: ${r.safoElectionsEnded}`,
    `  county digests queued: ${r.digests.digests} (${r.digests.items} items)`,
    `  delivery: ${r.delivery.sent} sent, ${r.delivery.held} kept in the outbox (no SMTP_URL), ${r.delivery.retried} to retry, ${r.delivery.failed} failed`,
  ].join('\n');
}
