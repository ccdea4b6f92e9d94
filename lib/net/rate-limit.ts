import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@/db/client';
import { getDb } from '@/lib/db';

// A fixed-window request limit per bucket (a client address or an API token), counted in the
// database so it holds across app instances. The answer says when the window frees up, for a
// Retry-After header or a "try again in" message.
export type RateLimitAnswer = { allowed: boolean; limit: number; remaining: number; retryAfterSeconds: number };

export async function hitRateLimit(
  bucket: string,
  rule: { limit: number; windowSeconds: number },
  now: Date = new Date(),
  db?: Executor,
): Promise<RateLimitAnswer> {
  const q = db ?? (await getDb());
  const windowMs = rule.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await queryRows<{ hits: number }>(
    q,
    sql`insert into rate_limit_hits (bucket, window_start, hits) values (${bucket}, ${start.toISOString()}, 1)
      on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1
      returning hits`,
  );
  // Now and then, forget windows that ended long ago (every bucket's, an hour back).
  if (Math.random() < 0.01) await q.execute(sql`delete from rate_limit_hits where window_start < ${new Date(now.getTime() - 3_600_000).toISOString()}`);
  const hits = row?.hits ?? 1;
  const retryAfterSeconds = Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: hits <= rule.limit, limit: rule.limit, remaining: Math.max(0, rule.limit - hits), retryAfterSeconds };
}
