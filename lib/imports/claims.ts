import 'server-only';
// Imported owners take over their operations. The department's records name the owner and, where
// it holds one, an email address: that address is emailed a link and code, and only an account
// with that address can use it. Without an address, the department mails a letter with a one-time
// code (shown once, stored as a hash, expiring), which the owner types after registering. Either
// way the account comes to speak for the owner the records name, and nobody else; a real sale
// still goes through the ownership transfer request.
import { createHash, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { getDb } from '@/lib/db';
import { ownerClaims, parties, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError, notFoundError } from '@/lib/errors';
import { hitRateLimit } from '@/lib/net/rate-limit';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { isUuid } from '@/lib/ids';

export const CLAIM_DAYS = { email: 30, letter: 60 } as const;
// No 0/O, 1/I/L: a code read off a letter is typed without guessing. 12 characters of 31: ~59 bits.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newClaimCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

/** The code as typed: any case, spaces and dashes ignored. */
export function normalizeClaimCode(typed: string): string {
  const c = typed.toUpperCase().replace(/[\s-]/g, '');
  return c.length === 12 ? `${c.slice(0, 4)}-${c.slice(4, 8)}-${c.slice(8)}` : c;
}

const hash = (code: string) => createHash('sha256').update(normalizeClaimCode(code)).digest('hex');

export type UnclaimedOwner = { partyId: string; name: string; email: string | null; mailingAddress: string | null; operations: string[]; lastChannel: string | null; lastIssuedAt: string | null };

/** Owners on record whom no account speaks for yet, with their operations. */
export async function listUnclaimedOwners(actor: Actor, q?: string): Promise<UnclaimedOwner[]> {
  await authorize(actor, 'owner_claim.issue');
  const db = await getDb();
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return queryRows<UnclaimedOwner>(
    db,
    sql`select p.id as "partyId", p.name, p.email, p.mailing_address as "mailingAddress",
        array_agg(o.name || ' (facility ' || coalesce(o.facility_id, 'not assigned') || ')' order by o.name) as operations,
        (select c.channel::text from owner_claims c where c.party_id = p.id order by c.created_at desc limit 1) as "lastChannel",
        (select c.created_at::text from owner_claims c where c.party_id = p.id order by c.created_at desc limit 1) as "lastIssuedAt"
      from parties p join ownerships w on w.owner_id = p.id and w.released_on is null join operations o on o.id = w.operation_id
      where not exists (select 1 from users u where u.party_id = p.id)
        ${like ? sql`and (p.name ilike ${like} or o.facility_id ilike ${like} or o.name ilike ${like})` : sql``}
      group by p.id order by p.name limit 200`,
  );
}

/**
 * Issues a new claim for an owner (replacing any earlier unused one): emailed when the records hold
 * an address, else returned once for the letter.
 */
export async function issueOwnerClaim(actor: Actor, partyId: string, origin: string, now = new Date()): Promise<{ channel: 'email' | 'letter'; code: string | null; email: string | null; expiresAt: Date; owner: UnclaimedOwner }> {
  if (!isUuid(partyId)) throw notFoundError();
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'owner_claim.issue', undefined, tx);
    const [owner] = await queryRows<UnclaimedOwner>(
      tx,
      sql`select p.id as "partyId", p.name, p.email, p.mailing_address as "mailingAddress",
          array_agg(o.name || ' (facility ' || coalesce(o.facility_id, 'not assigned') || ')' order by o.name) as operations, null as "lastChannel", null as "lastIssuedAt"
        from parties p join ownerships w on w.owner_id = p.id and w.released_on is null join operations o on o.id = w.operation_id
        where p.id = ${partyId} and not exists (select 1 from users u where u.party_id = p.id) group by p.id`,
    );
    if (!owner) throw new AppError('NOT_FOUND', 'That owner has no operations on record, or an account already speaks for them.');
    await tx.update(ownerClaims).set({ supersededAt: now }).where(and(eq(ownerClaims.partyId, partyId), isNull(ownerClaims.usedAt), isNull(ownerClaims.supersededAt)));
    const channel = owner.email ? 'email' : 'letter';
    const code = newClaimCode();
    const expiresAt = new Date(now.getTime() + CLAIM_DAYS[channel] * 86_400_000);
    const [claim] = await tx
      .insert(ownerClaims)
      .values({ partyId, channel, codeHash: hash(code), email: owner.email, expiresAt, createdByUserId: actor.id })
      .returning({ id: ownerClaims.id });
    await recordAudit(tx, { actorUserId: actor.id, action: 'owner_claim.issued', entityType: 'party', entityId: partyId, after: { claimId: claim!.id, channel, email: owner.email, expiresAt: expiresAt.toISOString() } });
    if (channel === 'email') {
      await enqueueEmail(tx, {
        eventKey: `owner-claim:${claim!.id}`,
        recipients: [{ address: owner.email! }],
        template: 'owner-claim-invitation',
        props: { ownerName: owner.name, operations: owner.operations, claimUrl: `${origin}/operations/claim-records?code=${encodeURIComponent(code)}`, code, expiresAt: expiresAt.toISOString() },
      });
    }
    return { channel, code: channel === 'letter' ? code : null, email: owner.email, expiresAt, owner };
  });
}

const INVALID = 'That code is not valid, was used already or has expired. Check it against your letter or email, or ask the department for a new one.';

/** The signed-in owner takes over the operations of the owner the code names. */
export async function redeemOwnerClaim(actor: Actor, typed: string, now = new Date()): Promise<{ ownerName: string; operations: number }> {
  await authorize(actor, 'owner_claim.redeem');
  // Guessing is slowed: ten tries an hour per account.
  const limit = await hitRateLimit(`owner-claim:${actor.id}`, { limit: 10, windowSeconds: 3600 }, now);
  if (!limit.allowed) throw new AppError('THROTTLED', `Too many codes tried. Try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'owner_claim.redeem', undefined, tx);
    const [claim] = await tx
      .select()
      .from(ownerClaims)
      .where(and(eq(ownerClaims.codeHash, hash(typed)), isNull(ownerClaims.usedAt), isNull(ownerClaims.supersededAt), gt(ownerClaims.expiresAt, now)))
      .for('update');
    if (!claim) throw new AppError('VALIDATION', INVALID, { code: [INVALID] });
    // An emailed claim belongs to the address the records hold: only that account may use it.
    if (claim.channel === 'email' && claim.email?.toLowerCase() !== actor.email.toLowerCase()) {
      await recordAudit(tx, { actorUserId: actor.id, action: 'owner_claim.refused_other_address', entityType: 'party', entityId: claim.partyId });
      const m = 'This code was sent to another email address. Sign in with the account for the address the department’s email went to.';
      throw new AppError('FORBIDDEN', m, { code: [m] });
    }
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.partyId, claim.partyId)).limit(1);
    if (taken) throw new AppError('CONFLICT', 'Another account already speaks for this owner. Contact the department.', { code: ['Another account already speaks for this owner.'] });
    if (actor.partyId) {
      const [own] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ownerships where owner_id = ${actor.partyId} and released_on is null`);
      if (own!.n > 0) {
        const m = 'This account already owns operations of its own. Register a separate account for the owner the department’s records name, or ask the department.';
        throw new AppError('CONFLICT', m, { code: [m] });
      }
    }
    await tx.update(users).set({ partyId: claim.partyId }).where(eq(users.id, actor.id));
    await tx.update(ownerClaims).set({ usedAt: now, usedByUserId: actor.id }).where(eq(ownerClaims.id, claim.id));
    const [party] = await tx.select({ name: parties.name }).from(parties).where(eq(parties.id, claim.partyId));
    const [ops] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ownerships where owner_id = ${claim.partyId} and released_on is null`);
    await recordAudit(tx, { actorUserId: actor.id, action: 'owner_claim.redeemed', entityType: 'party', entityId: claim.partyId, before: { partyId: actor.partyId }, after: { partyId: claim.partyId, claimId: claim.id, channel: claim.channel } });
    return { ownerName: party!.name, operations: ops!.n };
  });
}
