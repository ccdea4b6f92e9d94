// Reads for the staff "Sent mail" page. No authorization here: the caller checks the role first.
import 'server-only';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import { getDb, type Executor } from '@/db/client';
import { emailOutbox, outboxStatus } from '@/db/schema';
import { notFoundError } from '@/lib/errors';

export type OutboxStatus = (typeof outboxStatus.enumValues)[number];
export const OUTBOX_STATUSES = outboxStatus.enumValues;

export type OutboxSummary = {
  id: string;
  eventKey: string;
  toAddress: string;
  template: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: Date;
  sentAt: Date | null;
  lastError: string | null;
  createdAt: Date;
};

export type OutboxMessage = typeof emailOutbox.$inferSelect;

const summary = {
  id: emailOutbox.id,
  eventKey: emailOutbox.eventKey,
  toAddress: emailOutbox.toAddress,
  template: emailOutbox.template,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  sentAt: emailOutbox.sentAt,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
};

/** Newest first, without the bodies; `total` counts every row that matches, for paging. */
export async function listOutbox(
  options: { limit?: number; offset?: number; status?: OutboxStatus } = {},
  db?: Executor,
): Promise<{ rows: OutboxSummary[]; total: number }> {
  const q = db ?? (await getDb());
  const limit = Math.min(Math.max(1, Math.floor(options.limit ?? 50)), 500);
  const offset = Math.max(0, Math.floor(options.offset ?? 0));
  const where: SQL | undefined = options.status ? eq(emailOutbox.status, options.status) : undefined;
  const [rows, totals] = await Promise.all([
    q.select(summary).from(emailOutbox).where(where).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(limit).offset(offset),
    q.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A sign-in, reset or invitation link works for whoever holds it: staff reading "Sent mail" see
// that it was sent, not a link that would let them act as the recipient.
const LINK_TOKEN = /([?&](?:amp;)?token=)[^&\s"'<>\\]+/gi;

export function maskLinkTokens(value: string): string {
  return value.replace(LINK_TOKEN, '$1[hidden]');
}

/**
 * One message with its HTML and text, or AppError NOT_FOUND. Tokens in links are hidden unless
 * `revealLinks` (for a caller that has decided this reader may use them, e.g. a demo with no mail server).
 */
export async function getOutboxMessage(
  id: string,
  options: { db?: Executor; revealLinks?: boolean } = {},
): Promise<OutboxMessage> {
  if (!UUID.test(id)) throw notFoundError();
  const q = options.db ?? (await getDb());
  const [row] = await q.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  if (!row) throw notFoundError();
  if (options.revealLinks) return row;
  return {
    ...row,
    html: maskLinkTokens(row.html),
    text: maskLinkTokens(row.text),
    payload: JSON.parse(maskLinkTokens(JSON.stringify(row.payload))) as Record<string, unknown>,
  };
}
