// Stops one kind of optional mail for one person from the link in a message, without signing in
// (RFC 8058 one-click, or the confirmation page's button). An account's choice lands in its
// notification preferences; an address without an account is kept in email_opt_outs. Each stop
// writes an audit event in the same transaction.
import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { emailOptOuts, notificationPreferences, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { MAIL_LISTS, type MailList } from './lists';
import { readUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-token';

const COLUMN: Record<MailList, 'updateReminders' | 'deadlineNotices' | 'countyNotices'> = {
  update_reminders: 'updateReminders',
  deadline_notices: 'deadlineNotices',
  county_notices: 'countyNotices',
};

export type UnsubscribeView = { list: MailList; label: string; address: string };

/** "d***@example.com": enough for the person to recognise the address, not enough for anyone else. */
export function maskAddress(address: string): string {
  const [local, domain] = address.split('@');
  if (!local || !domain) return '***';
  return `${local[0]}***@${domain}`;
}

async function addressOf(claim: UnsubscribeClaim): Promise<string | null> {
  if ('address' in claim) return claim.address;
  const db = await getDb();
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, claim.userId));
  return u?.email ?? null;
}

/** What a genuine link would stop, for the confirmation page; null for a link that is not genuine. */
export async function describeUnsubscribeLink(token: string): Promise<UnsubscribeView | null> {
  const claim = readUnsubscribeToken(token);
  if (!claim) return null;
  const address = await addressOf(claim);
  if (!address) return null;
  return { list: claim.list, label: MAIL_LISTS[claim.list].label, address: maskAddress(address) };
}

/** Switches the link's kind of mail off for its person; safe to repeat. Null for a link that is not genuine. */
export async function unsubscribeWithToken(token: string, via: 'one-click' | 'page'): Promise<UnsubscribeView | null> {
  const claim = readUnsubscribeToken(token);
  if (!claim) return null;
  const address = await addressOf(claim);
  if (!address) return null;
  const db = await getDb();
  await db.transaction(async (tx) => {
    if ('userId' in claim) {
      const column = COLUMN[claim.list];
      await tx
        .insert(notificationPreferences)
        .values({ userId: claim.userId, [column]: false })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: { [column]: false, updatedAt: new Date() } });
      await recordAudit(tx, { actorUserId: claim.userId, action: 'account.unsubscribed', entityType: 'user', entityId: claim.userId, after: { list: claim.list, via } });
    } else {
      await tx.insert(emailOptOuts).values({ address: claim.address, listKind: claim.list }).onConflictDoNothing();
      await recordAudit(tx, { actorUserId: null, action: 'email.unsubscribed', entityType: 'email_address', entityId: claim.address, after: { list: claim.list, via } });
    }
  });
  return { list: claim.list, label: MAIL_LISTS[claim.list].label, address: maskAddress(address) };
}
