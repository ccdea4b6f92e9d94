import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { auditEvents } from '@/db/schema';
import { GET as ledgerCsv } from '@/app/api/fees/ledger.csv/route';
import { defineAction } from '@/lib/actions/define';
import { DENIED_ACTION } from '@/lib/auth/denials';
import type { Actor } from '@/lib/auth/roles';
import { actorOrThrow, getActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { defineRoute } from '@/lib/http/define-route';
import { createOwner, createReviewer, createUser } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// The session is the one thing outside the portal here: who is signed in is set per case.
vi.mock('@/lib/auth/session', () => ({ getActor: vi.fn(), actorOrThrow: vi.fn() }));
const signedIn = (actor: Actor | null) => {
  vi.mocked(getActor).mockResolvedValue(actor);
  vi.mocked(actorOrThrow).mockImplementation(async () => {
    if (!actor) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Sign in again to continue; nothing you saved is lost.');
    return actor;
  });
};

const nameSchema = z.object({ name: z.string().trim().min(1, 'Enter a name') });

// Every server action and route handler is declared with defineAction / defineRoute: the input,
// the capability from the policy table, one answer shape, refusals audited.
describe(`the portal's ways in on ${databaseLabel}`, () => {
  const t = useTestDb();
  const denials = (actorUserId: string) =>
    t.get().db.select().from(auditEvents).where(and(eq(auditEvents.action, DENIED_ACTION), eq(auditEvents.actorUserId, actorUserId))).orderBy(desc(auditEvents.id));

  describe('defineAction', () => {
    const calls: { actor: Actor; input: { name: string } }[] = [];
    const invite = defineAction({ input: nameSchema, capability: 'user.invite' }, async ({ actor, input }) => {
      calls.push({ actor, input });
      return { ok: true, data: input.name.toUpperCase() };
    });

    it('hands the body the actor and the input as the schema parsed it', async () => {
      const admin = await createUser('admin');
      signedIn(admin);
      calls.length = 0;
      expect(await invite({ name: '  Ada  ' })).toEqual({ ok: true, data: 'ADA' });
      expect(calls).toEqual([{ actor: admin, input: { name: 'Ada' } }]);
    });

    it('answers a session that has ended, and input that does not parse, without running the body', async () => {
      calls.length = 0;
      signedIn(null);
      expect(await invite({ name: 'Ada' })).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
      signedIn(await createUser('admin'));
      expect(await invite({ name: '   ' })).toMatchObject({ ok: false, code: 'VALIDATION', fieldErrors: { name: ['Enter a name'] } });
      expect(await invite('not an object')).toMatchObject({ ok: false, code: 'VALIDATION' });
      expect(calls).toEqual([]);
    });

    it('refuses a role the policy table does not give the capability, and records the refusal', async () => {
      const owner = await createOwner();
      signedIn(owner);
      calls.length = 0;
      expect(await invite({ name: 'Ada' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(calls).toEqual([]);
      const [event] = await denials(owner.id);
      expect(event).toMatchObject({ entityType: 'capability', entityId: 'user.invite', after: { capability: 'user.invite', answer: 'forbidden' } });
    });

    it('builds the schema for the request when asked: a county official and an owner may be held to different forms', async () => {
      const strict = z.object({ name: z.string().min(5, 'At least five letters') });
      const named = defineAction({ input: (actor) => (actor.role === 'owner' ? strict : nameSchema), capability: 'account.manage_own' }, async ({ input }) => ({ ok: true, data: input.name }));
      signedIn(await createOwner());
      expect(await named({ name: 'Ann' })).toMatchObject({ ok: false, code: 'VALIDATION', fieldErrors: { name: ['At least five letters'] } });
      signedIn(await createUser('county_official', { countyFips: '19167' }));
      expect(await named({ name: 'Ann' })).toEqual({ ok: true, data: 'Ann' });
    });
  });

  describe('defineRoute', () => {
    const report = defineRoute<{ id: string }>({ capability: 'review.read_worklist', signIn: 'Sign in to read the report.' }, async ({ actor, params, request }) => {
      const q = z.object({ page: z.coerce.number().int().min(1) }).parse(Object.fromEntries(new URL(request.url).searchParams));
      return new Response(`${actor.role} ${params.id} ${q.page}`);
    });
    const call = (query: string) => report(new Request(`https://mmp.test/api/report/r1?${query}`), { params: Promise.resolve({ id: 'r1' }) });

    it('answers nobody signed in with 401 problem details naming what to do', async () => {
      signedIn(null);
      const res = await call('page=1');
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(await res.json()).toEqual({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Sign in to read the report.' });
    });

    it('refuses a role without the capability with 403 problem details, and records the refusal', async () => {
      const owner = await createOwner();
      signedIn(owner);
      const res = await call('page=1');
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ type: 'about:blank', title: 'Forbidden', status: 403 });
      const [event] = await denials(owner.id);
      expect(event).toMatchObject({ entityId: 'review.read_worklist', after: { capability: 'review.read_worklist', answer: 'forbidden' } });
    });

    it('runs the body for a role with the capability, and a query that does not parse answers 400 naming the parameter', async () => {
      signedIn(await createReviewer());
      const ok = await call('page=2');
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe('department_staff r1 2');
      const bad = await call('page=none');
      expect(bad.status).toBe(400);
      const body = await bad.json();
      expect(body).toMatchObject({ type: 'about:blank', status: 400, errors: [{ pointer: '#/page' }] });
      expect(body.detail).toMatch(/^The request is not valid: page: /);
    });

    it('the fees ledger download: the department gets the CSV, an owner a recorded refusal', async () => {
      const staff = await createReviewer();
      signedIn(staff);
      const csv = await ledgerCsv(new Request('https://mmp.test/api/fees/ledger.csv?status=due'), { params: Promise.resolve({}) });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect((await csv.text()).split('\n')[0]).toContain('Operation');
      const owner = await createOwner();
      signedIn(owner);
      const refused = await ledgerCsv(new Request('https://mmp.test/api/fees/ledger.csv'), { params: Promise.resolve({}) });
      expect(refused.status).toBe(403);
      expect(await denials(owner.id)).toHaveLength(1);
    });
  });
});
