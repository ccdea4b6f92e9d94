import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { NextRequest } from 'next/server';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { GET as unknownGET, POST as unknownPOST } from '@/app/api/v1/[[...path]]/route';
import ProblemTypePage from '@/app/api/v1/problems/[kind]/page';
import { GET as statusGET } from '@/app/api/v1/status/route';
import { openApiDocument } from '@/lib/api/openapi';
import { PROBLEM_TYPES } from '@/lib/api/problem';
import { useLogDestination } from '@/lib/log';
import { databaseLabel, useTestDb } from './support/test-db';

// Every /api/v1 answer that is not a success is a problem document (RFC 9457) whose type opens a
// page that says what it means: a bad filter, an address that is no endpoint, a method an endpoint
// does not take, a cursor a client made up.
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, unknown>> }) => Promise<Response>;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function apiRouteFiles(dir = 'app/api/v1'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return apiRouteFiles(p);
    return name === 'route.ts' && !p.includes('[...path]') ? [p.split(path.sep).join('/')] : [];
  });
}

const req = (url: string, method = 'GET') => new NextRequest(new URL(`http://portal.test${url}`), { method });

async function problemOf(res: Response) {
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  return (await res.json()) as { type: string; status: number; detail: string; errors?: { pointer: string }[] };
}

describe(`problem documents on ${databaseLabel}`, () => {
  useTestDb();
  afterEach(() => useLogDestination(null));

  it('refuses a status the document’s enum does not name, rather than listing everything', async () => {
    const res = await statusGET(req('/api/v1/status?status=bogus'));
    expect(res.status).toBe(400);
    const body = await problemOf(res);
    expect(body).toMatchObject({ type: '/api/v1/problems/invalid-request', errors: [{ pointer: '#/query/status' }] });
    expect(body.detail).toContain('under_review');
    const doc = openApiDocument() as unknown as { paths: Record<string, { get: { parameters: { name: string; schema: { enum?: string[] } }[] } }> };
    const documented = doc.paths['/api/v1/status']!.get.parameters.find((p) => p.name === 'status')!.schema.enum;
    expect(documented).not.toContain('bogus');
    expect((await statusGET(req('/api/v1/status?status=approved'))).status).toBe(200);
    expect((await statusGET(req(`/api/v1/status?q=${'x'.repeat(101)}`))).status).toBe(400);
  });

  it('answers an address that is no endpoint with a problem 404, whatever the method', async () => {
    for (const handler of [unknownGET, unknownPOST]) {
      const res = await handler(req('/api/v1/operation', handler === unknownGET ? 'GET' : 'POST'));
      expect(res.status).toBe(404);
      expect(await problemOf(res)).toMatchObject({ type: '/api/v1/problems/unknown-endpoint', status: 404, detail: expect.stringContaining('/api/v1/operation') });
    }
    const root = await unknownGET(req('/api/v1'));
    expect(root.status).toBe(404);
    expect(await problemOf(root)).toMatchObject({ type: '/api/v1/problems/unknown-endpoint' });
  });

  it('answers a method an endpoint does not take with 405, Allow and a problem', async () => {
    const files = apiRouteFiles();
    expect(files).toContain('app/api/v1/rules/fees/route.ts');
    for (const file of files) {
      const mod = (await import(/* @vite-ignore */ path.resolve(file))) as Partial<Record<(typeof METHODS)[number], Handler>>;
      // The rules library is asked with POST; everything else is read with GET.
      const takes = file.includes('/rules/') ? 'POST' : 'GET';
      for (const method of METHODS) {
        if (method === takes || (takes === 'GET' && method === 'HEAD')) continue;
        const handler = mod[method];
        expect(handler, `${file} answers ${method}`).toBeDefined();
        const res = await handler!(req(`/${path.dirname(file).replace(/^app\//, '')}`, method), { params: Promise.resolve({ id: 'x' }) });
        expect(res.status, `${method} ${file}`).toBe(405);
        expect(res.headers.get('allow')).toContain(takes);
        expect(await problemOf(res)).toMatchObject({ type: '/api/v1/problems/method-not-allowed', status: 405 });
      }
    }
    // The document says so for every operation.
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    for (const [p, ops] of Object.entries(doc.paths)) for (const [m, op] of Object.entries(ops)) expect(op.responses['405'], `${m} ${p} documents 405`).toBeDefined();
  });

  it('refuses a cursor holding a NUL with 400, and no SQL reaches the log', async () => {
    const lines: string[] = [];
    useLogDestination(new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString('utf8')), done()) }), 'info');
    const cursor = Buffer.from(JSON.stringify({ l: 'status', k: ['ab\u0000c', '3f6c2a9e-8d41-4b7a-9c0e-5a1d2b3c4d5e'] })).toString('base64url');
    const res = await statusGET(req(`/api/v1/status?cursor=${cursor}`));
    expect(res.status).toBe(400);
    expect(await problemOf(res)).toMatchObject({ type: '/api/v1/problems/invalid-cursor' });
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.join('')).not.toMatch(/select|Failed query/i);
  });

  it('gives every problem type a page that says what it means', async () => {
    for (const [kind, t] of Object.entries(PROBLEM_TYPES)) {
      const html = renderToStaticMarkup(await ProblemTypePage({ params: Promise.resolve({ kind }) }));
      expect(html).toContain(t.title);
      expect(html).toContain(String(t.status));
      expect(t.what.length).toBeGreaterThan(40);
    }
    await expect(ProblemTypePage({ params: Promise.resolve({ kind: 'no-such-problem' }) })).rejects.toThrow();
  });
});
