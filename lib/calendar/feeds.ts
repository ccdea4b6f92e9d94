// Private calendar (ICS) subscriptions. The address carries a random token; only its SHA-256 is
// stored, so the address can be shown once, and a copy of the database cannot read anyone's feed.
// Creating a new address revokes the old one; a revoked address answers 404.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { calendarFeeds, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { hashToken } from '@/lib/auth/tokens';

const TOKEN = /^[A-Za-z0-9_-]{40,60}$/;

export type FeedStatus = { active: boolean; createdAt: Date | null };

export async function getCalendarFeedStatus(userId: string): Promise<FeedStatus> {
  const db = await getDb();
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .orderBy(desc(calendarFeeds.createdAt))
    .limit(1);
  return { active: Boolean(row), createdAt: row?.createdAt ?? null };
}

/** Revokes the actor's current address (if any) and creates a new one; returns its token, once. */
export async function createCalendarFeed(actor: Actor): Promise<{ token: string }> {
  const token = randomBytes(32).toString('base64url');
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'account.manage_own', undefined, tx);
    const revoked = await tx
      .update(calendarFeeds)
      .set({ revokedAt: new Date() })
      .where(and(eq(calendarFeeds.userId, actor.id), isNull(calendarFeeds.revokedAt)))
      .returning({ id: calendarFeeds.id });
    const [feed] = await tx.insert(calendarFeeds).values({ userId: actor.id, tokenHash: hashToken(token) }).returning({ id: calendarFeeds.id });
    await recordAudit(tx, { actorUserId: actor.id, action: 'account.calendar_feed_created', entityType: 'user', entityId: actor.id, after: { feedId: feed!.id, revoked: revoked.map((r) => r.id) } });
  });
  return { token };
}

/** Stops every address of the actor's calendar; returns how many were active. */
export async function revokeCalendarFeeds(actor: Actor): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'account.manage_own', undefined, tx);
    const revoked = await tx
      .update(calendarFeeds)
      .set({ revokedAt: new Date() })
      .where(and(eq(calendarFeeds.userId, actor.id), isNull(calendarFeeds.revokedAt)))
      .returning({ id: calendarFeeds.id });
    if (revoked.length) {
      await recordAudit(tx, { actorUserId: actor.id, action: 'account.calendar_feed_revoked', entityType: 'user', entityId: actor.id, after: { revoked: revoked.map((r) => r.id) } });
    }
    return revoked.length;
  });
}

/** The person whose live address this is (account not disabled), as the access policy sees them; else null. */
export async function findCalendarFeedActor(token: string): Promise<Actor | null> {
  if (!TOKEN.test(token)) return null;
  const db = await getDb();
  const [u] = await db
    .select({ id: users.id, role: users.role, name: users.name, email: users.email, countyFips: users.countyFips, partyId: users.partyId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), isNull(calendarFeeds.revokedAt), isNull(users.disabledAt)))
    .limit(1);
  return u ?? null;
}
