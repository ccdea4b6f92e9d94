import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { auditEvents } from '@/db/schema';
import { POST as uploadAttachment } from '@/app/api/attachments/route';
import { GET as ledgerCsv } from '@/app/api/fees/ledger.csv/route';
import { POST as requestTransfer } from '@/app/api/transfers/route';
import { defineAction, definePublicAction } from '@/lib/actions/define';
import { DENIED_ACTION } from '@/lib/auth/denials';
import type { Actor } from '@/lib/auth/roles';
import { actorOrThrow, getActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { defineRoute } from '@/lib/http/define-route';
import { createOperation, createOwner, createReviewer, createUser } from './support/factories';
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

  describe('definePublicAction', () => {
    const ask = definePublicAction({ input: nameSchema }, async ({ input }) => ({ ok: true, data: input.name }));

    it('needs nobody signed in, and answers input that does not parse with the field named', async () => {
      signedIn(null);
      expect(await ask({ name: ' Ada ' })).toEqual({ ok: true, data: 'Ada' });
      expect(await ask({ name: '' })).toMatchObject({ ok: false, code: 'VALIDATION', fieldErrors: { name: ['Enter a name'] } });
      expect(await ask(undefined)).toMatchObject({ ok: false, code: 'VALIDATION' });
    });

    it('answers what its body throws as the form’s result', async () => {
      const expired = definePublicAction({ input: nameSchema }, async () => {
        throw new AppError('VALIDATION', 'This link has expired or was already used. Ask for a new one.');
      });
      expect(await expired({ name: 'Ada' })).toEqual({ ok: false, code: 'VALIDATION', message: 'This link has expired or was already used. Ask for a new one.' });
    });
  });

  describe('forms with a file, and emailed links', () => {
    const season = (fields: Record<string, string | Blob>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return f;
    };

    it('a season’s CSV is parsed from the form like any input: a missing or oversized file is named at the file, an operation that is not one is not found', async () => {
      const { importApplicationsAction } = await import('@/app/operations/[id]/applications/actions');
      const owner = await createOwner();
      const op = await createOperation(owner);
      signedIn(owner);
      expect(await importApplicationsAction(season({ operationId: op.operationId }))).toMatchObject({ ok: false, code: 'VALIDATION', fieldErrors: { file: ['Choose a CSV file to upload'] } });
      const big = new File([new Uint8Array(901 * 1024)], 'season.csv', { type: 'text/csv' });
      const tooBig = await importApplicationsAction(season({ operationId: op.operationId, file: big }));
      expect(tooBig).toMatchObject({ ok: false, code: 'VALIDATION' });
      expect(!tooBig.ok && tooBig.fieldErrors?.file?.[0]).toBe('The file is larger than 900 KB. Split the season into smaller files and import each.');
      const csv = new File(['field,crop_year\n'], 'season.csv', { type: 'text/csv' });
      expect(await importApplicationsAction(season({ operationId: 'not-an-id', file: csv }))).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      signedIn(null);
      expect(await importApplicationsAction(season({ operationId: op.operationId, file: csv }))).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
    });

    it('an emailed link’s token that is not one answers in the link’s words, not with field errors', async () => {
      const { verifyEmailAction } = await import('@/app/(auth)/actions');
      signedIn(null);
      const expired = { ok: false, code: 'VALIDATION', message: 'This link has expired or was already used. Ask for a new one.' };
      expect(await verifyEmailAction('short')).toEqual(expired);
      expect(await verifyEmailAction({ token: 'x'.repeat(40) })).toEqual(expired);
      expect(await verifyEmailAction('x'.repeat(40))).toEqual(expired);
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

  // The uploads are route handlers (a scanned deed can be 20 MB, past a server action's limit) and
  // answer in the same problem details, a refused field named by its pointer.
  describe('the uploads', () => {
    const NO_PARAMS = { params: Promise.resolve({}) };
    const form = (fields: Record<string, string | Blob>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return new Request('https://mmp.test/api/upload', { method: 'POST', body: f });
    };

    it('an attachment: a role that may not upload is refused and recorded, a missing file is named, a plan outside the scope is not found', async () => {
      const county = await createUser('county_official', { countyFips: '19167' });
      signedIn(county);
      const refused = await uploadAttachment(form({ planId: 'p', kind: 'other' }), NO_PARAMS);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ type: 'about:blank', title: 'Forbidden', status: 403 });
      expect(await denials(county.id)).toHaveLength(1);

      signedIn(await createOwner());
      const noFile = await uploadAttachment(form({ planId: 'p', kind: 'other' }), NO_PARAMS);
      expect(noFile.status).toBe(400);
      expect(noFile.headers.get('content-type')).toContain('application/problem+json');
      expect(await noFile.json()).toEqual({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Choose a PDF file to upload.', errors: [{ pointer: '#/file', detail: 'Choose a PDF file to upload' }] });
      const pdf = new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' });
      const elsewhere = await uploadAttachment(form({ planId: '00000000-0000-4000-8000-000000000000', kind: 'other', file: new File([pdf], 'map.pdf') }), NO_PARAMS);
      expect(elsewhere.status).toBe(404);
      expect(await elsewhere.json()).toMatchObject({ status: 404, detail: 'We can’t find that record.' });
    });

    it('a transfer request: each field that does not parse is named, and only an owner may ask', async () => {
      const owner = await createOwner();
      await createOperation(owner);
      signedIn(owner);
      const bad = await requestTransfer(form({ facilityId: '', countyFips: '19167', acquiredOn: 'yesterday' }), NO_PARAMS);
      expect(bad.status).toBe(400);
      const body = await bad.json();
      expect([...new Set(body.errors.map((e: { pointer: string }) => e.pointer))].sort()).toEqual(['#/acquiredOn', '#/facilityId']);
      const preparer = await createUser('preparer');
      signedIn(preparer);
      expect((await requestTransfer(form({ facilityId: 'X' }), NO_PARAMS)).status).toBe(403);
      expect(await denials(preparer.id)).toHaveLength(1);
    });
  });
});
