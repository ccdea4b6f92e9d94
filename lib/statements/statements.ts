import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { copiesOfRecord, counties, landownerStatements, operations, plans } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { hashToken } from '@/lib/auth/tokens';
import { AppError, notFoundError } from '@/lib/errors';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { isEditableStatus } from '@/lib/plans/steps';
import type { StatementConfirmValues, StatementRequestValues } from '@/lib/validation/statements';
import type { StatementSummary } from '@/lib/plans/statement-check';
import { makeStatementCopy } from './copy-of-record';

// DNR form 542-8167: a statement of intent for land the owner neither owns nor rents. The filer asks
// the landowner by email; the landowner opens the single-use link (no portal account needed), sees
// the field and the commercial fertilizer the plan credits to them, and confirms by typing their name.
// The confirmation keeps the figures the landowner saw, so the plan's check can tell when they changed.

export const STATEMENT_LINK_DAYS = 30;
export const STATEMENT_LINK_INVALID = 'This link has expired, was already used, or was replaced by a newer one. Ask the operation’s owner to send it again.';

export type StatementRow = typeof landownerStatements.$inferSelect;
export type { StatementSummary } from '@/lib/plans/statement-check';

const summary = (r: StatementRow): StatementSummary => ({
  id: r.id, agreementKey: r.agreementKey, landownerName: r.landownerName, landownerEmail: r.landownerEmail, fieldName: r.fieldName,
  acres: r.acres, commercialNLbPerAcre: r.commercialNLbPerAcre, commercialP2o5LbPerAcre: r.commercialP2o5LbPerAcre, confirmedName: r.confirmedName,
  requestedAt: r.requestedAt.toISOString(), confirmedAt: r.confirmedAt?.toISOString() ?? null, expiresAt: r.expiresAt.toISOString(),
});

type Ctx = { origin: string; now?: Date };

const TENURE_WORDS: Record<string, string> = { owned: 'owned', rented: 'rented' };

/**
 * Iowa Code 459.312, DNR form 542-8167: a statement of intent is for land the owner neither owns nor
 * rents. A field the plan marks owned or rented gets no statement request (its agreement, if any, is
 * the uploaded copy).
 */
function refuseOwnedOrRentedLand(draft: unknown, fieldName: string): void {
  const fields = ((draft as { fields?: { fields?: { name?: unknown; tenure?: unknown }[] } } | null)?.fields?.fields ?? []).filter((f) => typeof f?.name === 'string' && f.name.trim() === fieldName.trim());
  const tenure = fields.length === 1 ? String(fields[0]!.tenure ?? '') : '';
  if (TENURE_WORDS[tenure]) {
    const message = `${fieldName} is marked as ${TENURE_WORDS[tenure]} land: a statement of intent is asked only for land the owner neither owns nor rents (Iowa Code 459.312). Mark the field as used under a written agreement first, or upload the signed agreement.`;
    throw new AppError('VALIDATION', message, { fieldName: [message] });
  }
}

/**
 * The landowner's confirmation is worth something only if the landowner gives it: a link sent to the
 * filer's own address, the owner's, or anyone's who acts for the operation (its preparers, the people
 * named to sign its plans, its recorded managers and its active contractor) would let the side that
 * gains from the credit confirm it. Such an address is refused, with the reason.
 */
async function refuseFilerSideAddress(tx: Executor, actor: Actor, planId: string, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  const [hit] = address === actor.email.trim().toLowerCase() ? [{ who: 'you' }] : await queryRows<{ who: string }>(tx, sql`
    with op as (select pl.operation_id, o.active_contractor_id from plans pl join operations o on o.id = pl.operation_id where pl.id = ${planId}),
    owner_party as (select o.owner_id from ownerships o join op on op.operation_id = o.operation_id where o.released_on is null),
    manager_party as (select m.party_id from operation_managers m join op on op.operation_id = m.operation_id),
    contractor_party as (select active_contractor_id as party_id from op where active_contractor_id is not null)
    select 'the operation’s owner' as who from parties p join owner_party w on w.owner_id = p.id where lower(p.email) = ${address}
    union all select 'the operation’s owner' from users u join owner_party w on w.owner_id = u.party_id where lower(u.email) = ${address}
    union all select 'someone who acts for the operation' from users u join operation_access_grants g on g.user_id = u.id join op on op.operation_id = g.operation_id
      where g.revoked_at is null and lower(u.email) = ${address}
    union all select 'someone who acts for the operation' from users u join owner_preparer_grants g on g.preparer_user_id = u.id join owner_party w on w.owner_id = g.owner_party_id
      where g.revoked_at is null and lower(u.email) = ${address}
    union all select 'someone named to sign for the operation' from users u join operation_signatories s on s.user_id = u.id join op on op.operation_id = s.operation_id
      where s.revoked_at is null and lower(u.email) = ${address}
    union all select 'a manager of the operation' from parties p join manager_party m on m.party_id = p.id where lower(p.email) = ${address}
    union all select 'a manager of the operation' from users u join manager_party m on m.party_id = u.party_id where lower(u.email) = ${address}
    union all select 'the operation’s active contractor' from parties p join contractor_party c on c.party_id = p.id where lower(p.email) = ${address}
    union all select 'the operation’s active contractor' from users u join contractor_party c on c.party_id = u.party_id where lower(u.email) = ${address}
    limit 1`);
  if (hit) {
    const message = `${email} belongs to ${hit.who}. The statement of intent is confirmed by the landowner (DNR form 542-8167): enter the landowner’s own email address, or upload the statement they signed.`;
    throw new AppError('VALIDATION', message, { landownerEmail: [message] });
  }
}

/** Emails the landowner a link to confirm the statement; a newer request replaces an unanswered one for the same row. */
export async function requestLandownerStatement(actor: Actor, input: StatementRequestValues, ctx: Ctx): Promise<StatementSummary> {
  await authorize(actor, 'plan.save_draft', { planId: input.planId });
  const db = await getDb();
  const now = ctx.now ?? new Date();
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ status: plans.status, draft: plans.draftState, operationName: operations.name, facilityId: operations.facilityId, countyName: counties.name })
      .from(plans)
      .innerJoin(operations, eq(operations.id, plans.operationId))
      .innerJoin(counties, eq(counties.fips, operations.countyFips))
      .where(eq(plans.id, input.planId))
      .for('update', { of: plans });
    if (!plan) throw notFoundError();
    if (!isEditableStatus(plan.status)) throw new AppError('CONFLICT', 'This plan is with the department and cannot be changed until it is returned to you.');
    refuseOwnedOrRentedLand(plan.draft, input.fieldName);
    await refuseFilerSideAddress(tx, actor, input.planId, input.landownerEmail);
    // An unanswered earlier link for this row stops working: only the latest figures can be confirmed.
    await tx
      .update(landownerStatements)
      .set({ tokenHash: null })
      .where(and(eq(landownerStatements.planId, input.planId), eq(landownerStatements.agreementKey, input.agreementKey), isNull(landownerStatements.confirmedAt)));
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + STATEMENT_LINK_DAYS * 86_400_000);
    const [row] = await tx
      .insert(landownerStatements)
      .values({
        planId: input.planId, agreementKey: input.agreementKey, landownerName: input.landownerName, landownerEmail: input.landownerEmail,
        fieldName: input.fieldName, acres: input.acres ?? null, commercialNLbPerAcre: input.commercialNLbPerAcre ?? null,
        commercialP2o5LbPerAcre: input.commercialP2o5LbPerAcre ?? null, tokenHash: hashToken(token), expiresAt, requestedByUserId: actor.id, requestedAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actorUserId: actor.id, action: 'statement.requested', entityType: 'plan', entityId: input.planId,
      after: { statementId: row!.id, agreementKey: input.agreementKey, landownerEmail: input.landownerEmail, fieldName: input.fieldName },
    });
    await enqueueEmail(tx, {
      eventKey: `statement:${row!.id}:requested`,
      recipients: [{ address: input.landownerEmail }],
      template: 'statement-requested',
      props: {
        landownerName: input.landownerName, operationName: plan.operationName, facilityId: plan.facilityId ?? 'not yet assigned', countyName: plan.countyName,
        fieldName: input.fieldName, acres: input.acres ?? null, commercialNLbPerAcre: input.commercialNLbPerAcre ?? null,
        commercialP2o5LbPerAcre: input.commercialP2o5LbPerAcre ?? null, confirmUrl: `${ctx.origin}/statements/confirm?token=${token}`, confirmBy: expiresAt.toISOString(),
      },
    });
    return summary(row!);
  });
}

/** The plan's statements, newest first (the filer's form shows each row's latest). */
export async function listPlanStatements(db: Executor, planId: string): Promise<StatementSummary[]> {
  const rows = await db
    .select({ statement: landownerStatements, copy: copiesOfRecord.confirmationNumber })
    .from(landownerStatements)
    .leftJoin(copiesOfRecord, eq(copiesOfRecord.statementId, landownerStatements.id))
    .where(eq(landownerStatements.planId, planId))
    .orderBy(desc(landownerStatements.requestedAt));
  return rows.map((r) => ({ ...summary(r.statement), copyOfRecord: r.copy }));
}

/** The statement a link opens, with its operation; null for a used, replaced or expired link. */
export async function findStatementByLink(db: Executor, token: string, now = new Date()) {
  const [row] = await db
    .select({ statement: landownerStatements, operationName: operations.name, facilityId: operations.facilityId, countyName: counties.name })
    .from(landownerStatements)
    .innerJoin(plans, eq(plans.id, landownerStatements.planId))
    .innerJoin(operations, eq(operations.id, plans.operationId))
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .where(and(eq(landownerStatements.tokenHash, hashToken(token)), gt(landownerStatements.expiresAt, now), isNull(landownerStatements.confirmedAt)))
    .limit(1);
  return row ?? null;
}

/** The landowner confirms through the link: once, before it expires. The statement's copy of record is made in the same transaction. */
export async function confirmLandownerStatement(input: StatementConfirmValues, ctx: { origin: string; now?: Date }): Promise<StatementSummary & { receiptNumber: string; sha256: string }> {
  const now = ctx.now ?? new Date();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(landownerStatements)
      .set({ confirmedName: input.signedName, confirmedAt: now, tokenHash: null })
      .where(and(eq(landownerStatements.tokenHash, hashToken(input.token)), gt(landownerStatements.expiresAt, now), isNull(landownerStatements.confirmedAt)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', STATEMENT_LINK_INVALID);
    await recordAudit(tx, {
      actorUserId: null, action: 'statement.confirmed_by_landowner', entityType: 'plan', entityId: row.planId,
      after: { statementId: row.id, signedName: input.signedName, via: 'emailed_link', figures: { acres: row.acres, n: row.commercialNLbPerAcre, p2o5: row.commercialP2o5LbPerAcre } },
    });
    const copy = await makeStatementCopy(tx, row, { origin: ctx.origin, now });
    return { ...summary(row), ...copy, copyOfRecord: copy.receiptNumber };
  });
}
