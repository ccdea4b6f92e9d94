// Sends what the outbox holds, after commit. Rows are claimed by one UPDATE ... FOR UPDATE SKIP
// LOCKED, so two workers (or two server processes) never send the same message. Mail held while no
// SMTP server was configured goes out on the first run that has one; a refused message is tried
// again with backoff, up to MAX_ATTEMPTS, each attempt and its reason kept on the row and logged.
import 'server-only';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { getEnv, publicOrigin } from '@/lib/env';
import { getLogger } from '@/lib/log';
import { createUnsubscribeToken } from './unsubscribe-token';
import { isMailList } from './lists';

export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 60_000;
const MAX_DELAY_MS = 6 * 60 * 60_000;

/** What delivery needs of a transport; a nodemailer Transporter is one. */
export type MailTransport = { sendMail(mail: SendMailOptions): Promise<unknown> };

export type DeliveryOptions = {
  db?: Executor;
  /** undefined: from SMTP_URL; null: no transport, so messages are held. */
  transport?: MailTransport | null;
  limit?: number;
  /** The delivery run's time (tests); the database clock when omitted. */
  now?: Date;
};

export type DeliveryResult = { sent: number; retried: number; failed: number; held: number };

/** Wait after the n-th failed attempt: 1 min × 2^(n-1) (1, 2, 4 ... min), at most 6 hours. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_DELAY_MS);
}

/** A nodemailer SMTP transport for SMTP_URL, or null when no SMTP server is configured. */
export function createTransportFromEnv(): Transporter | null {
  const url = getEnv().SMTP_URL;
  if (!url) return null;
  // A hung server must fail well before a claim goes stale (10 minutes) and is sent again.
  const withTimeouts = new URL(url);
  const timeouts = { connectionTimeout: '30000', greetingTimeout: '30000', socketTimeout: '60000' };
  for (const [key, value] of Object.entries(timeouts)) {
    if (!withTimeouts.searchParams.has(key)) withTimeouts.searchParams.set(key, value);
  }
  return nodemailer.createTransport(withTimeouts.toString());
}

type ClaimedRow = {
  id: string;
  event_key: string;
  to_address: string;
  to_user_id: string | null;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  list_kind: string | null;
  reply_to: string | null;
};

// Due now, held for want of a mail server (when there is one now), or claimed by a worker that
// stopped more than 10 minutes ago. Locks the rows it returns.
function dueIds(at: SQL, limit: number, includeHeld: boolean): SQL {
  return sql`select id from email_outbox
    where (status = 'pending' and next_attempt_at <= ${at})
       ${includeHeld ? sql`or status = 'held'` : sql``}
       or (status = 'sending' and locked_at < ${at} - interval '10 minutes')
    order by created_at
    limit ${limit}
    for update skip locked`;
}

/**
 * The headers of one message: it was written by the portal, not a person (RFC 3834); replies go to
 * the field office that serves the county; optional mail carries its one-click unsubscribe (RFC 2369
 * and RFC 8058), signed for this recipient and kind.
 */
export function messageHeaders(row: Pick<ClaimedRow, 'event_key' | 'to_address' | 'to_user_id' | 'list_kind'>, origin = publicOrigin()): Record<string, string> {
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated', 'X-MMP-Event': row.event_key };
  if (row.list_kind && isMailList(row.list_kind)) {
    const who = row.to_user_id ? { userId: row.to_user_id } : { address: row.to_address };
    const token = createUnsubscribeToken({ ...who, list: row.list_kind });
    headers['List-Unsubscribe'] = `<${origin}/api/unsubscribe/${token}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return headers;
}

function attemptEntry(at: Date | undefined, outcome: 'sent' | 'failed', error?: string): string {
  return JSON.stringify([{ at: (at ?? new Date()).toISOString(), outcome, ...(error ? { error } : {}) }]);
}

function shortError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const line = message.split('\n', 1)[0]?.trim() || 'Unknown error';
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

export async function deliverPendingEmails(options: DeliveryOptions = {}): Promise<DeliveryResult> {
  const db = options.db ?? (await getDb());
  const transport = options.transport === undefined ? createTransportFromEnv() : options.transport;
  const limit = Math.max(1, Math.floor(options.limit ?? 50));
  const at = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0, held: 0 };

  const log = getLogger('mail');

  if (!transport) {
    // No mail server: keep the messages readable in "Sent mail"; the first run with one sends them.
    const held = await queryRows<{ id: string }>(
      db,
      sql`update email_outbox set status = 'held', locked_at = null where id in (${dueIds(at, limit, false)}) returning id`,
    );
    result.held = held.length;
    if (held.length) log.warn({ held: held.length }, 'no SMTP_URL: messages kept in the outbox until a mail server is configured');
    return result;
  }

  const claimed = await queryRows<ClaimedRow>(
    db,
    sql`update email_outbox set status = 'sending', locked_at = ${at}
      where id in (${dueIds(at, limit, true)})
      returning id, event_key, to_address, to_user_id, subject, html, text, attempts, list_kind, reply_to`,
  );
  const from = getEnv().MAIL_FROM;
  const origin = publicOrigin();
  for (const row of claimed) {
    const attempts = row.attempts + 1;
    try {
      await transport.sendMail({
        from,
        to: row.to_address,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: messageHeaders(row, origin),
      });
      await db.execute(sql`update email_outbox
        set status = 'sent', sent_at = ${at}, attempts = ${attempts}, locked_at = null, last_error = null,
            attempt_log = attempt_log || ${attemptEntry(options.now, 'sent')}::jsonb
        where id = ${row.id}`);
      log.info({ outboxId: row.id, event: row.event_key, attempt: attempts }, 'message sent');
      result.sent += 1;
    } catch (err) {
      const error = shortError(err);
      const entry = attemptEntry(options.now, 'failed', error);
      if (attempts >= MAX_ATTEMPTS) {
        await db.execute(sql`update email_outbox
          set status = 'failed', attempts = ${attempts}, last_error = ${error}, locked_at = null,
              attempt_log = attempt_log || ${entry}::jsonb
          where id = ${row.id}`);
        log.error({ outboxId: row.id, event: row.event_key, attempt: attempts, error }, `delivery failed; gave up after ${MAX_ATTEMPTS} attempts`);
        result.failed += 1;
      } else {
        const delayMs = retryDelayMs(attempts);
        await db.execute(sql`update email_outbox
          set status = 'pending', attempts = ${attempts}, last_error = ${error}, locked_at = null,
              next_attempt_at = ${at} + ${delayMs}::int * interval '1 millisecond',
              attempt_log = attempt_log || ${entry}::jsonb
          where id = ${row.id}`);
        log.warn({ outboxId: row.id, event: row.event_key, attempt: attempts, error, retryInMs: delayMs }, 'delivery failed; will retry');
        result.retried += 1;
      }
    }
  }
  return result;
}

let current: Promise<void> | null = null;
let again = false;

/**
 * Starts a delivery run after the current request's transaction has committed. Never throws and
 * never delays the caller; runs in one process do not overlap (a kick during a run runs once more).
 */
export function kickDelivery(): void {
  if (current) {
    again = true;
    return;
  }
  current = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => drainOutbox())
    .catch((err: unknown) => getLogger('mail').error({ err }, 'delivery run failed'))
    .finally(() => {
      current = null;
      if (again) {
        again = false;
        kickDelivery();
      }
    });
}

/** Resolves once no run started by kickDelivery is in flight (tests; graceful shutdown). */
export async function deliveryIdle(): Promise<void> {
  while (current) await current;
}

async function drainOutbox(limit = 50): Promise<void> {
  for (;;) {
    const r = await deliverPendingEmails({ limit });
    if (r.sent + r.retried + r.failed + r.held < limit) return;
  }
}

/**
 * With a mail server configured, a delivery pass every minute: retries come due on their backoff
 * and held mail leaves on start-up, whether or not anything new is written. Returns the stopper.
 */
export function startDeliveryTimer(everyMs = 60_000): () => void {
  if (!getEnv().SMTP_URL) return () => undefined;
  kickDelivery();
  const timer = setInterval(kickDelivery, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
