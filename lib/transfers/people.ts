import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { parties, users } from '@/db/schema';
import type { EmailRecipient } from '@/lib/notifications/outbox';

export type PartyContact = { partyId: string; name: string; recipients: EmailRecipient[] };

/** A party's name and where it hears from the portal: its address on file and its active accounts. */
export async function partyContact(tx: Executor, partyId: string, alsoUserId?: string | null): Promise<PartyContact> {
  const [party] = await tx.select({ name: parties.name, email: parties.email }).from(parties).where(eq(parties.id, partyId));
  const accounts = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.partyId, partyId), eq(users.role, 'owner'), isNull(users.disabledAt)));
  const recipients: EmailRecipient[] = [];
  if (party?.email) recipients.push({ address: party.email });
  for (const a of accounts) recipients.push({ address: a.email, userId: a.id });
  if (alsoUserId && !accounts.some((a) => a.id === alsoUserId)) {
    const [u] = await tx.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.id, alsoUserId), isNull(users.disabledAt)));
    if (u) recipients.push({ address: u.email, userId: u.id });
  }
  return { partyId, name: party?.name ?? 'the owner', recipients };
}
