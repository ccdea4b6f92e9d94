// A preparer registers an operation for a client. Until the owner accepts it through the emailed,
// single-use link it is seen by that preparer alone: not the department, counties, the public
// status search or the API. Accepting makes it the owner's (her party, a facility ID) and gives the
// preparer a grant; declining withdraws it and tells the preparer. Every step is audited. Runs on
// PGlite and on PostgreSQL (DATABASE_URL).
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, emailOutbox, operationAccessGrants, operations, ownerships, registrationRequests, users } from '@/db/schema';
import { seedDatabase } from '@/lib/demo';
import { listApiOperations } from '@/lib/api/queries';
import { registerOwner } from '@/lib/auth/accounts';
import { canSeeOperation } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { hashToken } from '@/lib/auth/tokens';
import { today } from '@/lib/clock';
import { listCountyOperations } from '@/lib/counties/county-plans';
import { AppError } from '@/lib/errors';
import { listOperationSummaries } from '@/lib/operations/queries';
import { startPlan } from '@/lib/plans/start';
import { searchPublicStatus } from '@/lib/public/status-search';
import { newOwnersPastDue, updatesOverdue } from '@/lib/reviews/compliance';
import { listWorklist } from '@/lib/reviews/worklist';
import { answerRegistration } from '@/lib/registrations/answer';
import { registerForClient, resendRegistration, withdrawRegistration } from '@/lib/registrations/commands';
import { listMyRegistrations } from '@/lib/registrations/queries';
import { listScheduleCandidates } from '@/lib/schedule/queries';
import { parseOrThrow } from '@/lib/validation/parse';
import { clientRegistrationSchema } from '@/lib/validation/registrations';
import { databaseLabel, useTestDb } from './support/test-db';

const TODAY = today();
const ctx = { today: TODAY, origin: 'https://mmp.iowa.example' };

async function actorFor(email: string): Promise<Actor> {
  const { getDb } = await import('@/lib/db');
  const [u] = await (await getDb()).select().from(users).where(eq(sql`lower(${users.email})`, email));
  return { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
}

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

function values(name: string, clientEmail: string) {
  return parseOrThrow(clientRegistrationSchema, {
    clientName: 'Marta Lindqvist', clientEmail,
    name, kind: 'confinement', countyFips: '19167', township: '96N', range: '45W', section: '9', quarterSection: 'NW',
    address911: '3300 Hickory Ave, Rock Valley, IA 51247', constructedOn: '2018-05-01', constructionPermitStatus: 'not_required',
    inventory: [{ category: 'swine_over_55_lb', head: '2400' }], storage: [], contractProducer: false, researchCollege: false, safoElect: false,
  });
}

describe(`registrations made by a preparer for a client on ${databaseLabel}`, () => {
  const t = useTestDb();
  const a = {} as Record<'preparer' | 'reviewer' | 'supervisor' | 'sioux' | 'contractor' | 'hansen' | 'marta', Actor>;

  const tokenOf = async (to: string, n = 0) => {
    const rows = await t.get().db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'registration-requested'), eq(emailOutbox.toAddress, to))).orderBy(asc(emailOutbox.createdAt));
    return /registrations\/respond\?token=([A-Za-z0-9_-]+)/.exec(rows.at(n)?.text ?? '')![1]!;
  };
  const op = async (id: string) => (await t.get().db.select().from(operations).where(eq(operations.id, id)))[0]!;
  const audit = async (id: string) => (await t.get().db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.entityId, id)).orderBy(asc(auditEvents.id))).map((e) => e.action);

  beforeAll(async () => {
    await seedDatabase(t.get().db, { demo: true, today: TODAY });
    for (const [k, email] of [['preparer', 'preparer@example.com'], ['reviewer', 'reviewer@example.com'], ['supervisor', 'supervisor@example.com'], ['sioux', 'auditor.sioux@example.com'], ['contractor', 'contractor@example.com'], ['hansen', 'owner.hansen@example.com']] as const) {
      a[k] = await actorFor(email);
    }
    await registerOwner({ name: 'Marta Lindqvist', email: 'marta@example.com', password: 'a long enough password 1', confirmPassword: 'a long enough password 1' } as never, ctx.origin);
    a.marta = await actorFor('marta@example.com');
  });

  it('before acceptance only the preparer sees it; the link, once used for acceptance, makes it the owner’s with a grant for the preparer', async () => {
    const { operationId, requestId } = await registerForClient(a.preparer, values('Lindqvist North Finisher', 'Marta@Example.com'), ctx);
    const waiting = await op(operationId);
    expect(waiting.registrationStatus).toBe('awaiting_owner');
    expect(waiting.facilityId).toBeNull();
    expect(await t.get().db.select().from(ownerships).where(eq(ownerships.operationId, operationId))).toHaveLength(0);

    // Seen by the preparer (its page, the waiting list), by no one else, and in no list.
    expect(await canSeeOperation(a.preparer, operationId)).toBe(true);
    for (const who of [a.reviewer, a.supervisor, a.sioux, a.contractor, a.hansen, a.marta]) expect(await canSeeOperation(who, operationId), who.email).toBe(false);
    for (const who of [a.reviewer, a.sioux, a.preparer]) expect((await listOperationSummaries(who, TODAY)).map((o) => o.id), who.email).not.toContain(operationId);
    expect((await listCountyOperations(a.sioux, { q: 'Lindqvist', page: 1 })).total).toBe(0);
    expect((await searchPublicStatus({ q: 'Lindqvist', page: 1 })).total).toBe(0);
    const api = await listApiOperations({ tokenId: null, scope: 'agency', countyFips: null, agencyCounties: null }, null, 1000, null);
    expect(api.map((o) => o.id)).not.toContain(operationId);
    expect((await listScheduleCandidates()).scheduled.map((o) => o.operationId)).not.toContain(operationId);
    // Compliance counts and the review worklist: nothing of it (no plan can exist for it yet).
    const overdueBefore = (await updatesOverdue(a.reviewer, TODAY)).count;
    expect((await newOwnersPastDue(a.reviewer, TODAY)).map((o) => o.operationId)).not.toContain(operationId);
    expect((await listWorklist(a.reviewer, TODAY, 1000)).map((r) => r.operationName)).not.toContain('Lindqvist North Finisher');
    expect((await listMyRegistrations(a.preparer)).map((r) => [r.id, r.status, r.ownerEmail])).toContainEqual([requestId, 'pending', 'marta@example.com']);
    // No plan can be started for it yet.
    expect((await refusal(() => startPlan(a.preparer, { operationId, kind: 'original' }, TODAY))).code).toBe('CONFLICT');
    expect((await updatesOverdue(a.reviewer, TODAY)).count).toBe(overdueBefore);

    // Only the SHA-256 of the link is stored, with an expiry.
    const token = await tokenOf('marta@example.com');
    const [req] = await t.get().db.select().from(registrationRequests).where(eq(registrationRequests.id, requestId));
    expect(req!.tokenHash).toBe(hashToken(token));
    expect(req!.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now());

    // Another account with the link is refused, and the link still works for the owner.
    expect((await refusal(() => answerRegistration(a.hansen, { token, response: 'accept' }, ctx))).code).toBe('FORBIDDEN');
    expect((await refusal(() => answerRegistration(a.preparer, { token, response: 'accept' }, ctx))).code).toBe('FORBIDDEN');
    const result = await answerRegistration(a.marta, { token, response: 'accept' }, ctx);
    expect(result.status).toBe('accepted');

    const accepted = await op(operationId);
    expect(accepted.registrationStatus).toBe('registered');
    expect(accepted.facilityId).toMatch(/^\d+$/);
    const [owner] = await t.get().db.select().from(ownerships).where(eq(ownerships.operationId, operationId));
    expect(owner!.ownerId).toBe(a.marta.partyId);
    const grants = await t.get().db.select().from(operationAccessGrants).where(eq(operationAccessGrants.operationId, operationId));
    expect(grants.map((g) => [g.userId, g.grantedByUserId])).toEqual([[a.preparer.id, a.marta.id]]);
    expect(await canSeeOperation(a.marta, operationId)).toBe(true);
    expect(await canSeeOperation(a.reviewer, operationId)).toBe(true);
    expect((await listOperationSummaries(a.marta, TODAY)).map((o) => o.id)).toContain(operationId);
    expect((await listOperationSummaries(a.preparer, TODAY)).map((o) => o.id)).toContain(operationId);
    expect((await listMyRegistrations(a.preparer)).map((r) => r.id)).not.toContain(requestId);

    // Used once: a second use is refused, whoever tries.
    expect((await refusal(() => answerRegistration(a.marta, { token, response: 'decline' }, ctx))).code).toBe('NOT_FOUND');

    const [told] = await t.get().db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'registration-answered'), eq(emailOutbox.toAddress, 'preparer@example.com')));
    expect(told!.subject).toBe('Marta Lindqvist accepted the registration of Lindqvist North Finisher');
    expect(await audit(operationId)).toEqual(['operation.registered_for_client', 'operation.registration_answer_refused', 'operation.registration_answer_refused', 'access.granted', 'operation.registration_accepted']);
  });

  it('declined, the operation is withdrawn and the preparer is told; a resent link replaces the first; a withdrawn one stops working', async () => {
    const { operationId, requestId } = await registerForClient(a.preparer, values('Lindqvist South Finisher', 'marta@example.com'), ctx);
    const first = await tokenOf('marta@example.com', 1);
    await resendRegistration(a.preparer, { requestId }, ctx);
    const second = await tokenOf('marta@example.com', 2);
    expect(second).not.toBe(first);
    expect((await refusal(() => answerRegistration(a.marta, { token: first, response: 'accept' }, ctx))).code).toBe('NOT_FOUND');
    // Another preparer's request is not found for this one (nor for an owner).
    expect((await refusal(() => resendRegistration(a.hansen, { requestId }, ctx))).code).toBe('FORBIDDEN');

    expect((await answerRegistration(a.marta, { token: second, response: 'decline' }, ctx)).status).toBe('declined');
    expect((await op(operationId)).registrationStatus).toBe('withdrawn');
    expect(await t.get().db.select().from(ownerships).where(eq(ownerships.operationId, operationId))).toHaveLength(0);
    for (const who of [a.preparer, a.marta, a.reviewer, a.sioux]) expect(await canSeeOperation(who, operationId), who.email).toBe(false);
    expect((await listMyRegistrations(a.preparer)).map((r) => [r.id, r.status])).toContainEqual([requestId, 'declined']);
    const told = await t.get().db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'registration-answered'), eq(emailOutbox.toAddress, 'preparer@example.com')));
    expect(told.map((m) => m.subject)).toContain('Marta Lindqvist declined the registration of Lindqvist South Finisher');
    expect(await audit(operationId)).toEqual(['operation.registered_for_client', 'operation.registration_resent', 'operation.registration_declined']);

    // The preparer withdraws a third: its link stops working and the operation is seen by no one.
    const third = await registerForClient(a.preparer, values('Lindqvist East Finisher', 'marta@example.com'), ctx);
    const link = await tokenOf('marta@example.com', -1);
    await withdrawRegistration(a.preparer, { requestId: third.requestId }, ctx);
    expect((await refusal(() => answerRegistration(a.marta, { token: link, response: 'accept' }, ctx))).code).toBe('NOT_FOUND');
    expect(await canSeeOperation(a.preparer, third.operationId)).toBe(false);
    expect((await refusal(() => withdrawRegistration(a.preparer, { requestId: third.requestId }, ctx))).code).toBe('CONFLICT');
  });
});
