// The token of a one-click unsubscribe link (RFC 8058): who (an account, or an address without
// one) and which kind of mail, signed with the portal's secret so nobody can stop someone else's
// mail by editing a link. It does not expire: an old message's link keeps working.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from '@/lib/env';
import { isMailList, type MailList } from './lists';

export type UnsubscribeSubject = { userId: string } | { address: string };
export type UnsubscribeClaim = UnsubscribeSubject & { list: MailList };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function signature(payload: string, secret: string): string {
  return createHmac('sha256', `${secret}:unsubscribe`).update(payload).digest('base64url');
}

export function createUnsubscribeToken(claim: UnsubscribeClaim, secret = authSecret()): string {
  const who = 'userId' in claim ? `u:${claim.userId}` : `a:${claim.address.trim().toLowerCase()}`;
  const payload = Buffer.from(`${claim.list}|${who}`, 'utf8').toString('base64url');
  return `${payload}.${signature(payload, secret)}`;
}

/** The claim of a genuine token, or null for anything altered, truncated or malformed. */
export function readUnsubscribeToken(token: string, secret = authSecret()): UnsubscribeClaim | null {
  if (typeof token !== 'string' || token.length > 600) return null;
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const expected = Buffer.from(signature(payload, secret));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [list, who] = Buffer.from(payload, 'base64url').toString('utf8').split('|');
  if (!isMailList(list) || !who) return null;
  if (who.startsWith('u:') && UUID.test(who.slice(2))) return { list, userId: who.slice(2) };
  if (who.startsWith('a:') && who.length > 3) return { list, address: who.slice(2) };
  return null;
}
