import 'server-only';
import { randomBytes } from 'node:crypto';
import { hashToken } from '@/lib/auth/tokens';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { apiTokens, counties, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError, notFoundError } from '@/lib/errors';
import { ApiProblem } from './problem';
import type { IssueTokenInput } from './token-schema';

// API tokens: `mmp_` and 32 random bytes. Only the SHA-256 is stored, so the secret is shown once,
// when issued; a copy of the database cannot call the API.
export type ApiScope = (typeof apiTokens.$inferSelect)['scope'];

export type ApiPrincipal = {
  tokenId: string | null;
  scope: ApiScope;
  countyFips: string | null;
  /** An agency's counties; null = the whole state. */
  agencyCounties: string[] | null;
};

/** Who calls without a token: the public part only. */
export const PUBLIC_PRINCIPAL: ApiPrincipal = { tokenId: null, scope: 'public', countyFips: null, agencyCounties: null };


export async function issueApiToken(actor: Actor, input: IssueTokenInput, now = new Date()): Promise<{ id: string; secret: string; expiresAt: Date }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'api_token.manage', undefined, tx);
    const fips = [...(input.scope === 'county' && input.countyFips ? [input.countyFips] : []), ...(input.scope === 'agency' ? (input.agencyCounties ?? []) : [])];
    if (fips.length) {
      const known = await tx.select({ fips: counties.fips }).from(counties).where(sql`${counties.fips} in ${fips}`);
      const unknown = fips.filter((f) => !known.some((k) => k.fips === f));
      if (unknown.length) throw new AppError('VALIDATION', 'Choose Iowa counties.', { [input.scope === 'county' ? 'countyFips' : 'agencyCounties']: [`Not an Iowa county: ${unknown.join(', ')}.`] });
    }
    const secret = `mmp_${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(now.getTime() + input.expiresInDays * 86_400_000);
    const [row] = await tx
      .insert(apiTokens)
      .values({
        name: input.name,
        tokenHash: hashToken(secret),
        prefix: secret.slice(0, 10),
        scope: input.scope,
        countyFips: input.scope === 'county' ? input.countyFips! : null,
        agencyCounties: input.scope === 'agency' && input.agencyCounties?.length ? input.agencyCounties : null,
        expiresAt,
        createdByUserId: actor.id,
      })
      .returning({ id: apiTokens.id });
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'api_token.issued',
      entityType: 'api_token',
      entityId: row!.id,
      after: { name: input.name, scope: input.scope, countyFips: input.countyFips ?? null, agencyCounties: input.agencyCounties ?? null, expiresAt: expiresAt.toISOString() },
    });
    return { id: row!.id, secret, expiresAt };
  });
}

export async function revokeApiToken(actor: Actor, tokenId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'api_token.manage', undefined, tx);
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date(), revokedByUserId: actor.id })
      .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id, name: apiTokens.name });
    if (!row) throw notFoundError();
    await recordAudit(tx, { actorUserId: actor.id, action: 'api_token.revoked', entityType: 'api_token', entityId: tokenId, before: { name: row.name } });
  });
}

export async function listApiTokens(actor: Actor) {
  await authorize(actor, 'api_token.manage');
  const db = await getDb();
  return db
    .select({
      id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix, scope: apiTokens.scope, countyFips: apiTokens.countyFips,
      countyName: counties.name, agencyCounties: apiTokens.agencyCounties, expiresAt: apiTokens.expiresAt, lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt, createdAt: apiTokens.createdAt, createdBy: users.name,
      expired: sql<boolean>`${apiTokens.expiresAt} <= now()`,
    })
    .from(apiTokens)
    .leftJoin(counties, eq(counties.fips, apiTokens.countyFips))
    .innerJoin(users, eq(users.id, apiTokens.createdByUserId))
    .orderBy(desc(apiTokens.createdAt));
}

/**
 * The principal for a request's Authorization header: none gives the public part; a token that is
 * unknown, revoked or expired is refused with the reason. Marks the token used (at most once a minute).
 */
export async function authenticateApi(authorization: string | null, now = new Date(), db?: Executor): Promise<ApiPrincipal> {
  if (!authorization) return PUBLIC_PRINCIPAL;
  const m = /^Bearer\s+(mmp_[A-Za-z0-9_-]{20,100})\s*$/.exec(authorization);
  if (!m) throw new ApiProblem('invalid-token', 'Send the token as `Authorization: Bearer mmp_…`.', { headers: { 'WWW-Authenticate': 'Bearer realm="mmp", error="invalid_token"' } });
  const q = db ?? (await getDb());
  const [row] = await q.select().from(apiTokens).where(eq(apiTokens.tokenHash, hashToken(m[1]!))).limit(1);
  const challenge = { 'WWW-Authenticate': 'Bearer realm="mmp", error="invalid_token"' };
  if (!row) throw new ApiProblem('invalid-token', 'No API token matches. Ask the department’s administrator for one.', { headers: challenge });
  if (row.revokedAt) throw new ApiProblem('token-revoked', `This token was revoked on ${row.revokedAt.toISOString()}.`, { headers: challenge });
  if (row.expiresAt <= now) throw new ApiProblem('token-expired', `This token expired on ${row.expiresAt.toISOString()}. Ask for a new one.`, { headers: challenge });
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await q.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
  }
  return { tokenId: row.id, scope: row.scope, countyFips: row.countyFips, agencyCounties: row.agencyCounties };
}
