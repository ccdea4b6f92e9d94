import 'server-only';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { operationSignatories, ownerships, signatureAgreementAcceptances, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize, canSeeOperation } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError, notFoundError } from '@/lib/errors';
import type { AcceptAgreementInput, NameSignatoryInput, RevokeSignatoryInput } from '@/lib/validation/signing';
import { SIGNATURE_AGREEMENT, agreementSha256 } from './agreement';
import { signingCapacity } from './ceremony';

// Who may sign an operation's plans (CROMERR: the system determines that a person may sign for the
// regulated entity). The owner of record's own accounts always may; anyone else only when the
// owner names them, in a stated capacity (an officer of a business association, or a preparer the
// owner trusts to sign). A preparer who is not named prepares the plan and sends it to be signed.

export type Signatory = {
  /** The signatory record; null for the owner's own account, which is not named but always may sign. */
  id: string | null;
  userId: string;
  name: string;
  email: string;
  capacity: string;
  namedOn: Date | null;
  namedBy: string | null;
  /** When they accepted the current electronic signature agreement, if they have. */
  agreementAcceptedAt: Date | null;
};

const refuse = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: [message] });

async function currentOwnerPartyId(db: Executor, operationId: string): Promise<string | null> {
  const [row] = await db.select({ id: ownerships.ownerId }).from(ownerships).where(and(eq(ownerships.operationId, operationId), isNull(ownerships.releasedOn)));
  return row?.id ?? null;
}

async function acceptances(db: Executor, userIds: string[]): Promise<Map<string, Date>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: signatureAgreementAcceptances.userId, acceptedAt: signatureAgreementAcceptances.acceptedAt })
    .from(signatureAgreementAcceptances)
    .where(and(inArray(signatureAgreementAcceptances.userId, userIds), eq(signatureAgreementAcceptances.version, SIGNATURE_AGREEMENT.version)));
  return new Map(rows.map((r) => [r.userId, r.acceptedAt]));
}

/** Everyone who may sign the operation's plans today, for anyone who may see the operation. */
export async function listSignatories(actor: Actor, operationId: string, db?: Executor): Promise<Signatory[]> {
  const q = db ?? (await getDb());
  if (!(await canSeeOperation(actor, operationId, q))) throw notFoundError();
  const ownerParty = await currentOwnerPartyId(q, operationId);
  const namedBy = sql<string>`(select u.name from users u where u.id = ${operationSignatories.namedByUserId})`;
  const namer = alias(users, 'namer');
  // One after another: the signing step calls this inside its transaction, on one connection.
  const owners = ownerParty
    ? await q.select({ userId: users.id, name: users.name, email: users.email }).from(users).where(and(eq(users.partyId, ownerParty), isNull(users.disabledAt), eq(users.role, 'owner'))).orderBy(asc(users.name))
    : [];
  const named = await q
    .select({ id: operationSignatories.id, userId: users.id, name: users.name, email: users.email, capacity: operationSignatories.capacity, namedOn: operationSignatories.namedAt, namedBy })
    .from(operationSignatories)
    .innerJoin(users, eq(users.id, operationSignatories.userId))
    .innerJoin(namer, eq(namer.id, operationSignatories.namedByUserId))
    .where(
      and(
        eq(operationSignatories.operationId, operationId),
        isNull(operationSignatories.revokedAt),
        isNull(users.disabledAt),
        // Named by the current owner (or recorded by the department): not by a previous owner.
        ownerParty ? or(eq(namer.partyId, ownerParty), inArray(namer.role, ['department_staff', 'department_supervisor', 'admin'])) : inArray(namer.role, ['department_staff', 'department_supervisor', 'admin']),
      ),
    )
    .orderBy(asc(operationSignatories.namedAt));
  const accepted = await acceptances(q, [...owners, ...named].map((s) => s.userId));
  return [
    ...owners.map((o) => ({ id: null, ...o, capacity: 'Owner of record', namedOn: null, namedBy: null, agreementAcceptedAt: accepted.get(o.userId) ?? null })),
    ...named.map((n) => ({ ...n, agreementAcceptedAt: accepted.get(n.userId) ?? null })),
  ];
}

/** May this account sign the operation's plans: the owner of record's own account, or one the current owner named (lib/signing/ceremony). */
export async function maySign(db: Executor, userId: string, operationId: string): Promise<boolean> {
  return (await signingCapacity(db, userId, operationId)) !== null;
}

/** The owner names a person with a portal account as authorized to sign the operation's plans. */
export async function nameSignatory(actor: Actor, input: NameSignatoryInput, db?: Executor): Promise<{ id: string }> {
  const q = db ?? (await getDb());
  return q.transaction(async (tx) => {
    await authorize(actor, 'signatory.manage', { operationId: input.operationId }, tx);
    const [person] = await tx
      .select({ id: users.id, name: users.name, email: users.email, role: users.role, partyId: users.partyId, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email.trim().toLowerCase()));
    if (!person || person.disabledAt) throw refuse('email', 'No portal account uses that address. Ask them to register (or their preparer account to be set up) first, then name them here.');
    if (person.role !== 'owner' && person.role !== 'preparer') throw refuse('email', 'Only an owner’s or a preparer’s account can sign plans. Department and county accounts cannot.');
    const ownerParty = await currentOwnerPartyId(tx, input.operationId);
    if (person.role === 'owner' && person.partyId && person.partyId === ownerParty) throw refuse('email', `${person.name} is the owner of record and may already sign.`);
    // Signing opens the plan: someone named who cannot see the operation could never sign. Access
    // comes from ownership and the owner's preparer grants (lib/auth/scopes), not from being named.
    const asThem: Actor = { id: person.id, role: person.role, name: person.name, email: person.email, countyFips: null, partyId: person.partyId };
    if (!(await canSeeOperation(asThem, input.operationId, tx))) {
      throw refuse('email', person.role === 'preparer'
        ? `${person.name} cannot open this operation’s plans yet, so could not sign them. Give their preparer account access under “Who can prepare plans for you” first, then name them here.`
        : `${person.name}’s account is another owner’s and cannot open this operation’s plans, so could not sign them. Ask them to register a preparer account, give it access under “Who can prepare plans for you”, then name that account here.`);
    }
    const [already] = await tx
      .select({ id: operationSignatories.id })
      .from(operationSignatories)
      .where(and(eq(operationSignatories.operationId, input.operationId), eq(operationSignatories.userId, person.id), isNull(operationSignatories.revokedAt)));
    if (already) throw refuse('email', `${person.name} is already named to sign for this operation.`);
    const [row] = await tx
      .insert(operationSignatories)
      .values({ operationId: input.operationId, userId: person.id, capacity: input.capacity, namedByUserId: actor.id })
      .returning({ id: operationSignatories.id });
    await recordAudit(tx, {
      actorUserId: actor.id, action: 'signatory.named', entityType: 'operation', entityId: input.operationId,
      after: { signatoryId: row!.id, userId: person.id, name: person.name, capacity: input.capacity },
    });
    return { id: row!.id };
  });
}

/** The owner ends a signatory's authority; the record stays, with who ended it and when. */
export async function revokeSignatory(actor: Actor, input: RevokeSignatoryInput, db?: Executor): Promise<{ name: string }> {
  const q = db ?? (await getDb());
  return q.transaction(async (tx) => {
    await authorize(actor, 'signatory.manage', { operationId: input.operationId }, tx);
    const [row] = await tx
      .update(operationSignatories)
      .set({ revokedAt: new Date(), revokedByUserId: actor.id })
      .where(and(eq(operationSignatories.id, input.id), eq(operationSignatories.operationId, input.operationId), isNull(operationSignatories.revokedAt)))
      .returning({ userId: operationSignatories.userId, capacity: operationSignatories.capacity });
    if (!row) throw notFoundError();
    const [person] = await tx.select({ name: users.name }).from(users).where(eq(users.id, row.userId));
    await recordAudit(tx, {
      actorUserId: actor.id, action: 'signatory.revoked', entityType: 'operation', entityId: input.operationId,
      before: { signatoryId: input.id, userId: row.userId, name: person?.name ?? null, capacity: row.capacity },
    });
    return { name: person?.name ?? 'The signatory' };
  });
}

/** The signatory's acceptance of the current agreement, if any. */
export async function agreementAcceptance(actor: Actor, db?: Executor): Promise<{ version: string; acceptedAt: Date } | null> {
  const q = db ?? (await getDb());
  const [row] = await q
    .select({ version: signatureAgreementAcceptances.version, acceptedAt: signatureAgreementAcceptances.acceptedAt })
    .from(signatureAgreementAcceptances)
    .where(and(eq(signatureAgreementAcceptances.userId, actor.id), eq(signatureAgreementAcceptances.version, SIGNATURE_AGREEMENT.version)))
    .orderBy(desc(signatureAgreementAcceptances.acceptedAt))
    .limit(1);
  return row ?? null;
}

/** Accepts the current electronic signature agreement, once; the text's hash is kept with it. */
export async function acceptSignatureAgreement(actor: Actor, input: AcceptAgreementInput, ipAddress: string | null = null, db?: Executor): Promise<{ acceptedAt: Date }> {
  const q = db ?? (await getDb());
  return q.transaction(async (tx) => {
    await authorize(actor, 'account.manage_own', undefined, tx);
    if (input.version !== SIGNATURE_AGREEMENT.version) throw new AppError('CONFLICT', 'The agreement was updated while you were reading it. Read the new version below, then accept it.');
    const [row] = await tx
      .insert(signatureAgreementAcceptances)
      .values({ userId: actor.id, version: SIGNATURE_AGREEMENT.version, textSha256: agreementSha256(), ipAddress })
      .onConflictDoNothing()
      .returning({ acceptedAt: signatureAgreementAcceptances.acceptedAt });
    if (!row) return { acceptedAt: (await agreementAcceptance(actor, tx))!.acceptedAt };
    await recordAudit(tx, {
      actorUserId: actor.id, action: 'signature_agreement.accepted', entityType: 'user', entityId: actor.id,
      after: { version: SIGNATURE_AGREEMENT.version, textSha256: agreementSha256() }, ipAddress,
    });
    return row;
  });
}
