import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as decisionsGET } from '@/app/api/v1/decisions/route';
import { GET as dueDatesGET } from '@/app/api/v1/due-dates/route';
import { GET as openapiGET } from '@/app/api/v1/openapi.json/route';
import { GET as operationGET } from '@/app/api/v1/operations/[id]/route';
import { GET as operationPlansGET } from '@/app/api/v1/operations/[id]/plans/route';
import { GET as operationsGET } from '@/app/api/v1/operations/route';
import { GET as planGET } from '@/app/api/v1/plans/[id]/route';
import { POST as animalUnitsPOST } from '@/app/api/v1/rules/animal-units/route';
import { POST as feesPOST } from '@/app/api/v1/rules/fees/route';
import { POST as requirementPOST } from '@/app/api/v1/rules/mmp-requirement/route';
import { POST as stockpilePOST } from '@/app/api/v1/rules/stockpile/route';
import { GET as statusGET } from '@/app/api/v1/status/route';
import { apiTokens, auditEvents, operations, plans, rateLimitHits, users } from '@/db/schema';
import { seedDatabase } from '@/lib/demo';
import { API_LIMITS } from '@/lib/api/handler';
import { openApiDocument } from '@/lib/api/openapi';
import { issueApiToken, revokeApiToken } from '@/lib/api/tokens';
import type { Actor } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { listAllCountyOperations } from '@/lib/counties/county-plans';
import { parseCountyFilter } from '@/lib/counties/filter';
import { AppError } from '@/lib/errors';
import { databaseLabel, useTestDb } from './support/test-db';

// The JSON API against the demo, through its route handlers: scopes (a county token reads its
// county and no other), tokens, keyset pages, ETags, limits and problem documents; every response
// is checked against the OpenAPI document the API serves.
type Handler = (req: NextRequest, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;
const ROUTES: { method: 'get' | 'post'; template: string; re: RegExp; handler: Handler }[] = [
  { method: 'get', template: '/api/v1/status', re: /^\/api\/v1\/status$/, handler: statusGET as Handler },
  { method: 'get', template: '/api/v1/operations', re: /^\/api\/v1\/operations$/, handler: operationsGET as Handler },
  { method: 'get', template: '/api/v1/operations/{id}', re: /^\/api\/v1\/operations\/([^/]+)$/, handler: operationGET as Handler },
  { method: 'get', template: '/api/v1/operations/{id}/plans', re: /^\/api\/v1\/operations\/([^/]+)\/plans$/, handler: operationPlansGET as Handler },
  { method: 'get', template: '/api/v1/plans/{id}', re: /^\/api\/v1\/plans\/([^/]+)$/, handler: planGET as Handler },
  { method: 'get', template: '/api/v1/decisions', re: /^\/api\/v1\/decisions$/, handler: decisionsGET as Handler },
  { method: 'get', template: '/api/v1/due-dates', re: /^\/api\/v1\/due-dates$/, handler: dueDatesGET as Handler },
  { method: 'post', template: '/api/v1/rules/animal-units', re: /^\/api\/v1\/rules\/animal-units$/, handler: animalUnitsPOST as Handler },
  { method: 'post', template: '/api/v1/rules/fees', re: /^\/api\/v1\/rules\/fees$/, handler: feesPOST as Handler },
  { method: 'post', template: '/api/v1/rules/mmp-requirement', re: /^\/api\/v1\/rules\/mmp-requirement$/, handler: requirementPOST as Handler },
  { method: 'post', template: '/api/v1/rules/stockpile', re: /^\/api\/v1\/rules\/stockpile$/, handler: stockpilePOST as Handler },
];

const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(doc as object, 'openapi');
const seen = new Set<string>();
const ptr = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked against the OpenAPI schema
type Res = { status: number; body: any; headers: Headers };

async function call(path: string, opts: { token?: string; method?: 'get' | 'post'; body?: unknown; headers?: Record<string, string> } = {}): Promise<Res> {
  const method = opts.method ?? 'get';
  const url = new URL(`http://portal.test${path}`);
  const route = ROUTES.find((r) => r.method === method && r.re.test(url.pathname));
  if (!route) throw new Error(`no route for ${method} ${path}`);
  const id = route.re.exec(url.pathname)![1] ?? '';
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const req = new NextRequest(url, { method: method.toUpperCase(), headers, body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) });
  const res = await route.handler(req, { params: Promise.resolve({ id }) });
  const text = await res.text();
  const body = text ? JSON.parse(text) : null;
  // Every answer is one the document describes, and its body matches the schema described.
  const op = doc.paths[route.template]?.[method];
  expect(op, `${method} ${route.template} in the OpenAPI document`).toBeDefined();
  const described = op!.responses[String(res.status)];
  expect(described, `${method} ${route.template} ${res.status} in the OpenAPI document`).toBeDefined();
  const type = res.status === 304 ? null : (res.headers.get('content-type') ?? '').split(';')[0]!;
  if (type) {
    expect(Object.keys(described!.content ?? {})).toContain(type);
    const validate = ajv.getSchema(`openapi#/paths/${ptr(route.template)}/${method}/responses/${res.status}/content/${ptr(type)}/schema`)!;
    const ok = validate(body);
    expect(ok ? [] : validate.errors, `${method} ${path} ${res.status} matches its schema`).toEqual([]);
  }
  seen.add(`${method} ${route.template}`);
  return { status: res.status, body, headers: res.headers };
}

describe(`the JSON API on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let admin: Actor;

  beforeAll(async () => {
    await seedDatabase(db(), { demo: true, today: today() });
    const [a] = await db().select().from(users).where(eq(users.email, 'admin@example.com'));
    admin = { id: a!.id, role: a!.role, name: a!.name, email: a!.email, countyFips: null, partyId: null };
    const issue = async (key: string, input: Parameters<typeof issueApiToken>[1], now?: Date) => {
      const r = await issueApiToken(admin, input, now);
      tokens[key] = r.secret;
      ids[key] = r.id;
    };
    await issue('sioux', { name: 'Sioux County GIS', scope: 'county', countyFips: '19167', expiresInDays: 30 });
    await issue('hamilton', { name: 'Hamilton County GIS', scope: 'county', countyFips: '19079', expiresInDays: 30 });
    await issue('state', { name: 'Iowa Department of Agriculture', scope: 'agency', expiresInDays: 30 });
    await issue('lyon', { name: 'Lyon County conservation board', scope: 'agency', agencyCounties: ['19119'], expiresInDays: 30 });
    await issue('public', { name: 'Des Moines Register', scope: 'public', expiresInDays: 30 });
    await issue('expired', { name: 'Old export', scope: 'county', countyFips: '19167', expiresInDays: 1 }, new Date(Date.now() - 3 * 86_400_000));
    await issue('revoked', { name: 'Leaked token', scope: 'county', countyFips: '19167', expiresInDays: 30 });
    await revokeApiToken(admin, ids.revoked!);
  });

  const planOf = async (name: string) => {
    const [row] = await db()
      .select({ planId: plans.id, operationId: operations.id })
      .from(plans)
      .innerJoin(operations, eq(operations.id, plans.operationId))
      .where(sql`${operations.name} = ${name} and ${plans.status} <> 'draft'`)
      .limit(1);
    return row!;
  };

  it('stores only a hash of each token, and audits issuing and revoking', async () => {
    const rows = await db().select().from(apiTokens);
    expect(rows).toHaveLength(7);
    for (const r of rows) expect(Object.values(tokens)).not.toContain(r.tokenHash);
    expect(rows.every((r) => Object.values(tokens).some((s) => s.startsWith(r.prefix)))).toBe(true);
    const audit = await db().select().from(auditEvents).where(sql`${auditEvents.action} like 'api_token.%'`);
    expect(audit.map((a) => a.action).sort()).toEqual([...Array(7).fill('api_token.issued'), 'api_token.revoked']);
    await expect(issueApiToken({ ...admin, role: 'department_staff' }, { name: 'x y z', scope: 'public', expiresInDays: 1 })).rejects.toBeInstanceOf(AppError);
  });

  it('a county token reads its county’s plans and not another county’s', async () => {
    const rockValley = await planOf('Rock Valley Finisher Site');
    const stanhope = await planOf('Stanhope Layer Complex');
    const own = await call(`/api/v1/plans/${rockValley.planId}`, { token: tokens.sioux });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: rockValley.planId, status: 'approved', document: { source: expect.any(String) } });
    const other = await call(`/api/v1/plans/${stanhope.planId}`, { token: tokens.sioux });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ type: '/api/v1/problems/not-found', status: 404 });
    expect(other.headers.get('content-type')).toBe('application/problem+json');
    expect((await call(`/api/v1/operations/${stanhope.operationId}`, { token: tokens.sioux })).status).toBe(404);
    expect((await call(`/api/v1/operations/${stanhope.operationId}/plans`, { token: tokens.sioux })).status).toBe(404);
    expect((await call(`/api/v1/plans/${stanhope.planId}`, { token: tokens.hamilton })).status).toBe(200);
    expect((await call('/api/v1/plans/not-a-uuid', { token: tokens.hamilton })).status).toBe(404);

    const list = await call('/api/v1/operations', { token: tokens.sioux });
    expect(list.body.items.map((o: { name: string }) => o.name).sort()).toEqual(['Doon Sow Unit', 'Hull Contract Finisher', 'Rock Valley Finisher Site', 'Sioux Center Finisher II']);
    const rv = list.body.items.find((o: { name: string }) => o.name === 'Rock Valley Finisher Site');
    expect(rv).toMatchObject({ animalUnitCapacity: 992, county: { fips: '19167', name: 'Sioux' }, planStatus: 'approved' });
    const plansOfOp = await call(`/api/v1/operations/${rockValley.operationId}/plans`, { token: tokens.sioux });
    expect(plansOfOp.body.items.every((p: { status: string }) => p.status !== 'draft')).toBe(true);
    const decisions = await call('/api/v1/decisions', { token: tokens.sioux });
    expect(decisions.status).toBe(200);
    const siouxOps = new Set(list.body.items.map((o: { id: string }) => o.id));
    expect(decisions.body.items.every((d: { operationId: string }) => siouxOps.has(d.operationId))).toBe(true);
    const due = await call('/api/v1/due-dates', { token: tokens.sioux });
    expect(due.body.items.every((d: { operationId: string }) => siouxOps.has(d.operationId))).toBe(true);
    expect(due.body.items.length).toBeGreaterThan(0);
  });

  it('an agency token reads the counties granted, or every filed plan statewide', async () => {
    // Lyon's grant reads what Lyon's county official sees on the county page: Doon Sow Unit,
    // located there, and the operations land-applying there under a filed plan.
    const lyon = await call('/api/v1/operations', { token: tokens.lyon });
    const lyonOfficial: Actor = { id: admin.id, role: 'county_official', name: 'Lyon', email: 'x@example.com', countyFips: '19119', partyId: null };
    const page = (await listAllCountyOperations(lyonOfficial, parseCountyFilter({}))).map((o) => o.name).sort();
    expect(page).toContain('Doon Sow Unit');
    expect(lyon.body.items.map((o: { name: string }) => o.name).sort()).toEqual(page);
    const all = [];
    let next: string | null = null;
    do {
      const page: Res = await call(`/api/v1/operations?limit=3${next ? `&cursor=${next}` : ''}`, { token: tokens.state });
      expect(page.body.items.length).toBeLessThanOrEqual(3);
      all.push(...page.body.items);
      next = page.body.next;
    } while (next);
    const total = await db().select({ n: sql<number>`count(*)::int` }).from(operations);
    expect(all).toHaveLength(total[0]!.n);
    expect(new Set(all.map((o) => o.id)).size).toBe(all.length);
    // The statewide token reads filed plans, never a draft.
    const webster = all.find((o) => o.name.startsWith('Webster City'));
    const websterPlans = await call(`/api/v1/operations/${webster.id}/plans`, { token: tokens.state });
    expect(websterPlans.body.items).toEqual([]);
    expect((await call('/api/v1/operations?county=19079', { token: tokens.state })).body.items.map((o: { name: string }) => o.name).sort()).toEqual(['Stanhope Layer Complex', 'Webster City Wean-to-Finish (proposed)']);
  });

  it('refuses revoked, expired, unknown and missing tokens with the right problem, and a public token on records', async () => {
    const revoked = await call('/api/v1/operations', { token: tokens.revoked });
    expect(revoked).toMatchObject({ status: 401, body: { type: '/api/v1/problems/token-revoked' } });
    expect(revoked.headers.get('www-authenticate')).toContain('invalid_token');
    expect(await call('/api/v1/operations', { token: tokens.expired })).toMatchObject({ status: 401, body: { type: '/api/v1/problems/token-expired' } });
    expect(await call('/api/v1/operations', { token: `mmp_${'x'.repeat(43)}` })).toMatchObject({ status: 401, body: { type: '/api/v1/problems/invalid-token' } });
    expect(await call('/api/v1/operations', { headers: { authorization: 'Basic abc' } })).toMatchObject({ status: 401, body: { type: '/api/v1/problems/invalid-token' } });
    expect(await call('/api/v1/operations')).toMatchObject({ status: 401, body: { type: '/api/v1/problems/unauthenticated' } });
    expect(await call('/api/v1/operations', { token: tokens.public })).toMatchObject({ status: 403, body: { type: '/api/v1/problems/out-of-scope' } });
  });

  it('refuses a bad cursor, another list’s cursor and an oversized page', async () => {
    expect(await call('/api/v1/operations?cursor=!!!', { token: tokens.state })).toMatchObject({ status: 400, body: { type: '/api/v1/problems/invalid-cursor' } });
    expect(await call(`/api/v1/operations?cursor=${Buffer.from('{"l":"operations","k":["not-a-uuid"]}').toString('base64url')}`, { token: tokens.state })).toMatchObject({
      status: 400,
      body: { type: '/api/v1/problems/invalid-cursor' },
    });
    const decisions = await call('/api/v1/decisions?limit=1', { token: tokens.state });
    expect(decisions.body.next).toEqual(expect.any(String));
    expect(await call(`/api/v1/operations?cursor=${decisions.body.next}`, { token: tokens.state })).toMatchObject({ status: 400, body: { type: '/api/v1/problems/invalid-cursor' } });
    const big = await call('/api/v1/operations?limit=500', { token: tokens.state });
    expect(big).toMatchObject({ status: 400, body: { type: '/api/v1/problems/page-too-large', errors: [{ pointer: '#/query/limit' }] } });
    expect(await call('/api/v1/operations?limit=0', { token: tokens.state })).toMatchObject({ status: 400, body: { type: '/api/v1/problems/invalid-request' } });
    expect(await call('/api/v1/operations?county=Polk', { token: tokens.state })).toMatchObject({ status: 400, body: { type: '/api/v1/problems/invalid-request' } });
  });

  it('answers 304 to a current ETag, and records when a token was last used', async () => {
    const first = await call('/api/v1/due-dates', { token: tokens.hamilton });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await call('/api/v1/due-dates', { token: tokens.hamilton, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, ids.hamilton!));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('limits each token’s requests and says when to come back', async () => {
    const windowMs = API_LIMITS.token.windowSeconds * 1000;
    const start = new Date(Math.floor(Date.now() / windowMs) * windowMs);
    // The token has used its whole window (and the next, should the clock cross into it).
    for (const w of [start, new Date(start.getTime() + windowMs)]) {
      await db()
        .insert(rateLimitHits)
        .values({ bucket: `api:token:${ids.lyon}`, windowStart: w, hits: API_LIMITS.token.limit })
        .onConflictDoUpdate({ target: [rateLimitHits.bucket, rateLimitHits.windowStart], set: { hits: API_LIMITS.token.limit } });
    }
    const res = await call('/api/v1/operations', { token: tokens.lyon });
    expect(res).toMatchObject({ status: 429, body: { type: '/api/v1/problems/rate-limited' } });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another token is not slowed by it.
    expect((await call('/api/v1/operations', { token: tokens.hamilton })).status).toBe(200);
  });

  it('the public part is the public status search, with no token', async () => {
    const page = await call('/api/v1/status?county=19167&limit=2');
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(2);
    const rest = await call(`/api/v1/status?county=19167&limit=2&cursor=${page.body.next}`);
    const names = [...page.body.items, ...rest.body.items].map((r: { name: string }) => r.name).sort();
    expect(names).toEqual(['Hull Contract Finisher', 'Rock Valley Finisher Site', 'Sioux Center Finisher II']);
    expect(Object.keys(page.body.items[0]).sort()).toEqual(['animalUnitCapacity', 'approvedPlanInForce', 'countyFips', 'countyName', 'facilityId', 'lastApprovedOn', 'name', 'nextDueOn', 'planStatus']);
    expect((await call('/api/v1/status?q=stanhope', { token: tokens.public })).body.items.map((r: { name: string }) => r.name)).toEqual(['Stanhope Layer Complex']);
  });

  it('exposes the rules library with the law’s answers and names a bad field', async () => {
    expect((await call('/api/v1/rules/animal-units', { method: 'post', body: { headAtCapacity: { dairy_mature: 357 } } })).body).toEqual({ animalUnitCapacity: 499.8, citation: 'Iowa Code 459.102' });
    const fees = await call('/api/v1/rules/fees', { method: 'post', body: { filing: { kind: 'original', constructionPermitRequired: false }, annualCompliance: { animalUnitCapacity: 1000, contractProducer: true } } });
    expect(fees.status).toBe(200);
    expect(fees.body.annualCompliance).toMatchObject({ payer: 'active_contractor' });
    expect(fees.body.filing.totalCents).toBeGreaterThan(0);
    const req = await call('/api/v1/rules/mmp-requirement', { method: 'post', body: { filer: 'confinement_owner', animalUnitCapacity: 400 } });
    expect(req.body).toMatchObject({ required: false, citation: expect.stringContaining('65.110') });
    const pile = await call('/api/v1/rules/stockpile', { method: 'post', body: { distancesFt: { designated_area: 100 } } });
    expect(pile.body.compliant).toBe(false);
    const bad = await call('/api/v1/rules/animal-units', { method: 'post', body: { headAtCapacity: { dairy_mature: -3 } } });
    expect(bad).toMatchObject({ status: 422, body: { type: '/api/v1/problems/rule-input' } });
    expect(await call('/api/v1/rules/fees', { method: 'post', body: '{not json' })).toMatchObject({ status: 400, body: { type: '/api/v1/problems/invalid-request' } });
    expect(await call('/api/v1/rules/mmp-requirement', { method: 'post', body: { filer: 'someone' } })).toMatchObject({ status: 400, body: { errors: expect.arrayContaining([expect.objectContaining({ pointer: '#/filer' })]) } });
  });

  it('serves the OpenAPI 3.1 document', async () => {
    const res = await openapiGET();
    const body = await res.json();
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toHaveLength(ROUTES.length);
  });

  afterAll(() => {
    // Every endpoint in the document was called (and its answers checked) above.
    expect([...seen].sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.template}`).sort());
  });
});
