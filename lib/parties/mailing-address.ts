import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { parties } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { mailingAddressSchema, type MailingAddressValues } from '@/lib/validation/letters';

// The owner's (or contractor's) mailing address: decision letters are addressed to it. A person
// keeps their own party's address; nobody else's.

/** The mailing address of the party the actor speaks for, or null (none on file, or no party). */
export async function getOwnMailingAddress(actor: Actor): Promise<{ partyName: string; mailingAddress: string | null } | null> {
  if (!actor.partyId) return null;
  const db = await getDb();
  const [row] = await db.select({ name: parties.name, mailingAddress: parties.mailingAddress }).from(parties).where(eq(parties.id, actor.partyId));
  return row ? { partyName: row.name, mailingAddress: row.mailingAddress } : null;
}

export async function setOwnMailingAddress(actor: Actor, input: MailingAddressValues): Promise<void> {
  await authorize(actor, 'account.manage_own');
  if (!actor.partyId || (actor.role !== 'owner' && actor.role !== 'active_contractor')) {
    throw new AppError('FORBIDDEN', 'Only an owner or a contractor keeps a mailing address for letters here.');
  }
  const { mailingAddress } = mailingAddressSchema.parse(input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ mailingAddress: parties.mailingAddress }).from(parties).where(eq(parties.id, actor.partyId!)).for('update');
    await tx.update(parties).set({ mailingAddress }).where(eq(parties.id, actor.partyId!));
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'party.mailing_address_set',
      entityType: 'party',
      entityId: actor.partyId!,
      before: { mailingAddress: before?.mailingAddress ?? null },
      after: { mailingAddress },
    });
  });
}
