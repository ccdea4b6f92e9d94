import { createRequire } from 'node:module';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTION_FILE_MAX_BYTES, fileTooLargeMessage, PROXY_BODY_LIMIT, SERVER_ACTION_BODY_LIMIT, sizeLimitBytes, UPLOAD_BODY_MAX_BYTES, UPLOAD_MAX_BYTES,
} from '@/lib/http/body-limit';
import { BodyTooLargeError, readFormWithin } from '@/lib/http/read-form';

// One body-limit policy: the framework's limits are set from it, an upload advertised at 20 MB is
// taken up to 20 MB, anything larger (declared or chunked) is refused in words without being held
// whole, and an upload route settles who is asking before it reads a byte.
const session = vi.hoisted(() => ({ actor: null as null | { id: string; role: string; name: string; email: string; countyFips: string | null; partyId: string | null } }));
vi.mock('@/lib/auth/session', () => ({ getActor: async () => session.actor, actorOrThrow: async () => session.actor }));
const imports = vi.hoisted(() => ({ checked: 0 }));
vi.mock('@/lib/imports/runs', () => ({
  IMPORT_KINDS: { operations: {} },
  checkImport: async () => {
    imports.checked += 1;
    return '3f6c2a9e-8d41-4b7a-9c0e-5a1d2b3c4d5e';
  },
}));
// A refusal is audited; here, without a database, the record of it is left out.
vi.mock('@/lib/auth/denials', () => ({ recordDenial: async () => undefined }));
vi.mock('@/lib/reference/county-yield-import', () => ({ checkCountyYieldFile: async () => 'run-1' }));

const MB = 1024 * 1024;
/** What Next gives a route handler with no dynamic segment. */
const NO_PARAMS = { params: Promise.resolve({}) };
const admin = { id: 'a', role: 'admin', name: 'Ada', email: 'admin@example.com', countyFips: null, partyId: null };
const county = { id: 'c', role: 'county_official', name: 'Carl', email: 'auditor@example.com', countyFips: '19167', partyId: null };

/** A chunked body (no Content-Length) of `total` bytes; `pulled` counts the bytes handed out. */
function chunkedBody(total: number) {
  const seen = { pulled: 0 };
  const chunk = new Uint8Array(256 * 1024);
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (seen.pulled >= total) return c.close();
      seen.pulled += chunk.byteLength;
      c.enqueue(chunk);
    },
  });
  return { stream, seen };
}

function formRequest(url: string, form: FormData) {
  return new Request(url, { method: 'POST', body: form });
}

describe('the body-limit policy', () => {
  beforeEach(() => {
    session.actor = null;
    imports.checked = 0;
  });

  it('sets the framework’s limits from the policy', () => {
    const config = createRequire(import.meta.url)('../../next.config.js') as { experimental: { proxyClientMaxBodySize: string; serverActions: { bodySizeLimit: string } } };
    expect(config.experimental.proxyClientMaxBodySize).toBe(PROXY_BODY_LIMIT);
    expect(config.experimental.serverActions.bodySizeLimit).toBe(SERVER_ACTION_BODY_LIMIT);
    // Anything the proxy lets through uncut is a body the upload routes read whole.
    expect(sizeLimitBytes(PROXY_BODY_LIMIT)).toBeGreaterThan(UPLOAD_BODY_MAX_BYTES);
    expect(ACTION_FILE_MAX_BYTES).toBeLessThan(sizeLimitBytes(SERVER_ACTION_BODY_LIMIT));
    expect(fileTooLargeMessage(UPLOAD_MAX_BYTES)).toMatch(/^The file is larger than 20 MB\./);
    expect(fileTooLargeMessage(ACTION_FILE_MAX_BYTES)).toMatch(/^The file is larger than 900 KB\./);
  });

  it('reads a 15 MB upload whole', async () => {
    const form = new FormData();
    form.set('planId', 'p');
    form.set('file', new File([new Uint8Array(15 * MB)], 'map.pdf', { type: 'application/pdf' }));
    const read = await readFormWithin(formRequest('http://portal.test/api/attachments', form));
    expect((read!.get('file') as File).size).toBe(15 * MB);
  });

  it('refuses a declared body above the limit without reading it, and stops a chunked one at the limit', async () => {
    const declared = chunkedBody(30 * MB);
    const req = new Request('http://portal.test/api/attachments', { method: 'POST', body: declared.stream, headers: { 'content-length': String(30 * MB) }, duplex: 'half' } as RequestInit);
    await expect(readFormWithin(req)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(declared.seen.pulled).toBeLessThanOrEqual(256 * 1024 * 2);

    const chunked = chunkedBody(40 * MB);
    const req2 = new Request('http://portal.test/api/attachments', { method: 'POST', body: chunked.stream, duplex: 'half' } as RequestInit);
    await expect(readFormWithin(req2)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(chunked.seen.pulled).toBeLessThan(UPLOAD_BODY_MAX_BYTES + 3 * 256 * 1024);
  });

  it('the county-yields upload refuses a county official before reading the body, and says 20 MB to an administrator', async () => {
    const { POST } = await import('@/app/api/admin/reference/county-yields/route');
    session.actor = county;
    const body = chunkedBody(5 * MB);
    const res = await POST(new Request('http://portal.test/api/admin/reference/county-yields', { method: 'POST', body: body.stream, duplex: 'half' } as RequestInit) as never, NO_PARAMS);
    expect(res.status).toBe(403);
    expect(body.seen.pulled).toBeLessThanOrEqual(256 * 1024 * 2);

    session.actor = admin;
    const big = chunkedBody(25 * MB);
    const tooBig = await POST(new Request('http://portal.test/api/admin/reference/county-yields', { method: 'POST', body: big.stream, duplex: 'half' } as RequestInit) as never, NO_PARAMS);
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const refused = (await tooBig.json()) as { detail: string; errors: { pointer: string; detail: string }[] };
    expect(refused.detail).toMatch(/larger than 20 MB/);
    expect(refused.errors).toEqual([{ pointer: '#/file', detail: refused.detail }]);
  });

  it('the import upload answers a relative 303, so the browser stays on the address it used', async () => {
    const { POST } = await import('@/app/api/admin/imports/route');
    session.actor = admin;
    const form = new FormData();
    form.set('kind', 'operations');
    form.set('file', new File(['facility_id,name\n'], 'operations.csv', { type: 'text/csv' }));
    const res = await POST(formRequest('http://127.0.0.1:3000/api/admin/imports', form) as never, NO_PARAMS);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/imports/3f6c2a9e-8d41-4b7a-9c0e-5a1d2b3c4d5e');
    expect(imports.checked).toBe(1);
    const big = chunkedBody(25 * MB);
    const tooBig = await POST(new Request('http://127.0.0.1:3000/api/admin/imports', { method: 'POST', body: big.stream, duplex: 'half' } as RequestInit) as never, NO_PARAMS);
    expect(tooBig.headers.get('location')).toBe('/admin/imports?error=size');
    session.actor = county;
    expect((await POST(formRequest('http://127.0.0.1:3000/api/admin/imports', form) as never, NO_PARAMS)).status).toBe(403);
    expect(imports.checked).toBe(1);
  });
});
