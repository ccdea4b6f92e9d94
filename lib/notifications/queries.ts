// Reads for the staff "Sent mail" page. No authorization here: the caller checks the role first.
import 'server-only';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import { allOf, type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
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
  const [rows, totals] = await allOf(q, [
    () => q.select(summary).from(emailOutbox).where(where).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(limit).offset(offset),
    () => q.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// One rule for every secret a message carries: a sign-in, reset, invitation or transfer link's
// `token`, an owner claim's `code` (in its link and typed out in the text). Whoever holds one can act
// as the recipient, so staff reading "Sent mail" see that it was sent, never the secret itself.
const SECRET_PARAMS = ['token', 'code'] as const;
const LINK_SECRET = new RegExp(`([?&](?:amp;)?(?:${SECRET_PARAMS.join('|')})=)([^&\\s"'<>\\\\]+)`, 'gi');
const HIDDEN = '[hidden]';

/** The secret values a message holds: each link parameter above, and the payload's fields of those names. */
function secretsOf(parts: string[], payload: Record<string, unknown>): string[] {
  const found = new Set<string>();
  for (const part of parts) {
    for (const m of part.matchAll(LINK_SECRET)) {
      found.add(m[2]!);
      try {
        found.add(decodeURIComponent(m[2]!));
      } catch {
        // a value that does not decode is masked as it stands
      }
    }
  }
  for (const key of SECRET_PARAMS) if (typeof payload[key] === 'string') found.add(payload[key]);
  // Longest first, so a secret that contains another is masked whole; short values are not secrets.
  return [...found].filter((v) => v.length >= 6 && v !== HIDDEN).sort((a, b) => b.length - a.length);
}

export function maskMailSecrets(value: string, secrets: string[] = []): string {
  let out = value.replace(LINK_SECRET, `$1${HIDDEN}`);
  for (const secret of secrets) out = out.split(secret).join(HIDDEN);
  return out;
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
  const payload = JSON.stringify(row.payload);
  const secrets = secretsOf([row.html, row.text, payload], row.payload);
  // In the JSON, a secret is masked as JSON writes it (a quote or backslash in it escaped).
  const jsonSecrets = secrets.map((v) => JSON.stringify(v).slice(1, -1));
  return {
    ...row,
    subject: maskMailSecrets(row.subject, secrets),
    html: maskMailSecrets(row.html, secrets),
    text: maskMailSecrets(row.text, secrets),
    payload: JSON.parse(maskMailSecrets(payload, jsonSecrets)) as Record<string, unknown>,
  };
}
