import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { authTokens, authTokenKind } from '@/db/schema';

export type TokenKind = (typeof authTokenKind.enumValues)[number];

// Emailed links carry a random token; only its SHA-256 is stored, so a database copy cannot sign in.
export const TOKEN_LIFETIME_HOURS: Record<TokenKind, number> = { verify_email: 48, password_reset: 1, invitation: 7 * 24 };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(
  tx: Executor,
  input: { kind: TokenKind; email: string; userId?: string | null; role?: (typeof authTokens.$inferInsert)['role']; countyFips?: string | null; name?: string | null; createdByUserId?: string | null },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_HOURS[input.kind] * 3_600_000);
  await tx.insert(authTokens).values({ ...input, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

/** Marks a valid, unused, unexpired token used and returns it; null otherwise. Single use even under races. */
export async function consumeToken(tx: Executor, kind: TokenKind, token: string, now = new Date()) {
  const [row] = await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** Looks at a token without using it (to show the form that will use it). */
export async function peekToken(db: Executor, kind: TokenKind, token: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .limit(1);
  return row ?? null;
}
