import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Executor, type Tx } from '@/db/client';
import { getDb } from '@/lib/db';
import { operationAccessGrants, operations, ownerships, registrationRequests, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { normalizeEmail } from '@/lib/auth/credentials';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { hashToken } from '@/lib/auth/tokens';
import { AppError, pgErrorCode } from '@/lib/errors';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { nextFacilityId } from '@/lib/operations/commands';
import type { RegistrationAnswerValues } from '@/lib/validation/registrations';
import type { RegistrationCtx } from './commands';

// The owner named in a preparer's registration answers through the emailed link, signed in as an
// owner whose account uses the email the link went to. Accepting makes the operation hers (owned by
// her party, with a facility ID) and gives the preparer an access grant to it; declining withdraws
// it. Either way the preparer is emailed, the link is used up, and both steps are audited.

export const REGISTRATION_LINK_INVALID = 'This link has expired, was already used, or the registration was withdrawn. Ask your preparer to send a new one.';
export const WRONG_ACCOUNT = 'This link was sent to another email address. Sign in with the owner account that uses the address the email went to.';

type RequestRow = typeof registrationRequests.$inferSelect;

/** The waiting registration an emailed link names, if the link still works; nothing is used up. */
export async function findRegistrationByLink(db: Executor, token: string, now = new Date()): Promise<RequestRow | null> {
  if (typeof token !== 'string' || token.length < 10 || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(registrationRequests)
    .where(and(eq(registrationRequests.tokenHash, hashToken(token)), eq(registrationRequests.status, 'pending'), gt(registrationRequests.tokenExpiresAt, now)));
  return row ?? null;
}

/** May this signed-in person answer the registration? The owner account using the email it was sent to. */
export function isAddressee(actor: Actor | null, r: Pick<RequestRow, 'ownerEmail'>): boolean {
  return Boolean(actor && actor.role === 'owner' && actor.partyId && normalizeEmail(actor.email) === normalizeEmail(r.ownerEmail));
}

async function accept(tx: Tx, r: RequestRow, actor: Actor, ctx: RegistrationCtx, now: Date): Promise<string> {
  const [op] = await tx.select({ constructedOn: operations.constructedOn }).from(operations).where(eq(operations.id, r.operationId));
  const facilityId = await nextFacilityId(tx);
  await tx.update(operations).set({ registrationStatus: 'registered', facilityId, updatedAt: now }).where(eq(operations.id, r.operationId));
  const constructedOn = op?.constructedOn ?? ctx.today;
  await tx.insert(ownerships).values({ operationId: r.operationId, ownerId: actor.partyId!, acquiredOn: constructedOn <= ctx.today ? constructedOn : ctx.today });
  const [grant] = await tx
    .insert(operationAccessGrants)
    .values({ operationId: r.operationId, userId: r.preparerUserId, grantedByUserId: actor.id })
    .returning({ id: operationAccessGrants.id });
  await recordAudit(tx, { actorUserId: actor.id, action: 'access.granted', entityType: 'operation', entityId: r.operationId, after: { grantId: grant!.id, preparerUserId: r.preparerUserId, via: 'registration_accepted' } });
  return facilityId;
}

async function answerOnce(token: string, response: RegistrationAnswerValues['response'], actor: Actor, ctx: RegistrationCtx) {
  const now = ctx.now ?? new Date();
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'registration.answer', undefined, tx);
    const found = await findRegistrationByLink(tx, token, now);
    if (!found) throw new AppError('NOT_FOUND', REGISTRATION_LINK_INVALID);
    // Re-read under the lock: a second use of the same link waits here, then finds it used.
    const [r] = await tx.select().from(registrationRequests).where(eq(registrationRequests.id, found.id)).for('update');
    if (!r || r.status !== 'pending' || r.tokenHash !== found.tokenHash) throw new AppError('NOT_FOUND', REGISTRATION_LINK_INVALID);
    if (!isAddressee(actor, r)) throw new AppError('FORBIDDEN', WRONG_ACCOUNT);
    const accepted = response === 'accept';
    const facilityId = accepted ? await accept(tx, r, actor, ctx, now) : null;
    if (!accepted) await tx.update(operations).set({ registrationStatus: 'withdrawn', updatedAt: now }).where(eq(operations.id, r.operationId));
    await tx
      .update(registrationRequests)
      .set({ status: accepted ? 'accepted' : 'declined', tokenHash: null, answeredByUserId: actor.id, ownerPartyId: actor.partyId, decidedAt: now, updatedAt: now })
      .where(eq(registrationRequests.id, r.id));
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: accepted ? 'operation.registration_accepted' : 'operation.registration_declined',
      entityType: 'operation',
      entityId: r.operationId,
      before: { requestId: r.id, status: 'pending' },
      after: { requestId: r.id, status: accepted ? 'accepted' : 'declined', ownerPartyId: actor.partyId, facilityId, via: 'emailed_link' },
    });
    const [op] = await tx.select({ name: operations.name }).from(operations).where(eq(operations.id, r.operationId));
    const [preparer] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(and(eq(users.id, r.preparerUserId), isNull(users.disabledAt)));
    if (preparer) {
      await enqueueEmail(tx, {
        eventKey: `registration:${r.id}:${accepted ? 'accepted' : 'declined'}`,
        recipients: [{ address: preparer.email, userId: preparer.id }],
        template: 'registration-answered',
        props: {
          outcome: accepted ? 'accepted' : 'declined',
          preparerName: preparer.name,
          ownerName: actor.name,
          operationName: op?.name ?? 'the operation',
          facilityId,
          answeredOn: ctx.today,
          url: accepted ? `${ctx.origin}/operations/${r.operationId}` : `${ctx.origin}/preparer`,
        },
      });
    }
    return { status: accepted ? ('accepted' as const) : ('declined' as const), operationId: r.operationId, facilityId };
  });
}

/**
 * The owner answers through the emailed link. Refused (and the link left unused) when the signed-in
 * account is not an owner account using the address the link was sent to; refused once used.
 */
export async function answerRegistration(actor: Actor, input: RegistrationAnswerValues, ctx: RegistrationCtx) {
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await answerOnce(input.token, input.response, actor, ctx);
      } catch (err) {
        // Two registrations accepted at once can pick the same facility ID; the unique index refuses one.
        if (pgErrorCode(err) === '23505' && attempt < 3) continue;
        throw err;
      }
    }
  } catch (err) {
    if (err instanceof AppError && err.code === 'FORBIDDEN') {
      // A link tried from the wrong account is recorded, so probing shows up in the log.
      const db = await getDb();
      const r = await findRegistrationByLink(db, input.token, ctx.now);
      if (r) await recordAudit(db, { actorUserId: actor.id, action: 'operation.registration_answer_refused', entityType: 'operation', entityId: r.operationId, after: { requestId: r.id, reason: 'wrong_account', role: actor.role } });
    }
    throw err;
  }
}
