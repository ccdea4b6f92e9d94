// Sends what the outbox holds, after commit. Rows are claimed by one UPDATE ... FOR UPDATE SKIP
// LOCKED, so two workers (or two server processes) never send the same message.
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Executor } from '@/db/client';
import { getEnv } from '@/lib/env';

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

type ClaimedRow = { id: string; event_key: string; to_address: string; subject: string; html: string; text: string; attempts: number };

// Due now, or claimed by a worker that stopped more than 10 minutes ago. Locks the rows it returns.
function dueIds(at: SQL, limit: number): SQL {
  return sql`select id from email_outbox
    where (status = 'pending' and next_attempt_at <= ${at})
       or (status = 'sending' and locked_at < ${at} - interval '10 minutes')
    order by created_at
    limit ${limit}
    for update skip locked`;
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

  if (!transport) {
    // No mail server: keep the messages readable in "Sent mail" and stop trying.
    const held = await queryRows<{ id: string }>(
      db,
      sql`update email_outbox set status = 'held', locked_at = null where id in (${dueIds(at, limit)}) returning id`,
    );
    result.held = held.length;
    return result;
  }

  const claimed = await queryRows<ClaimedRow>(
    db,
    sql`update email_outbox set status = 'sending', locked_at = ${at}
      where id in (${dueIds(at, limit)})
      returning id, event_key, to_address, subject, html, text, attempts`,
  );
  const from = getEnv().MAIL_FROM;
  for (const row of claimed) {
    const attempts = row.attempts + 1;
    try {
      await transport.sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: { 'X-MMP-Event': row.event_key },
      });
      await db.execute(sql`update email_outbox
        set status = 'sent', sent_at = ${at}, attempts = ${attempts}, locked_at = null, last_error = null
        where id = ${row.id}`);
      result.sent += 1;
    } catch (err) {
      const error = shortError(err);
      if (attempts >= MAX_ATTEMPTS) {
        await db.execute(sql`update email_outbox
          set status = 'failed', attempts = ${attempts}, last_error = ${error}, locked_at = null
          where id = ${row.id}`);
        result.failed += 1;
      } else {
        await db.execute(sql`update email_outbox
          set status = 'pending', attempts = ${attempts}, last_error = ${error}, locked_at = null,
              next_attempt_at = ${at} + ${retryDelayMs(attempts)}::int * interval '1 millisecond'
          where id = ${row.id}`);
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
    .catch((err: unknown) => console.error('[mail] delivery run failed:', shortError(err)))
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
