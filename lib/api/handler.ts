import 'server-only';
import { createHash } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { logRequestError } from '@/lib/log';
import { clientAddress } from '@/lib/net/client-address';
import { hitRateLimit } from '@/lib/net/rate-limit';
import { RuleInputError } from '@/lib/rules';
import { unstorablePath } from '@/lib/validation/parse';
import { ApiProblem, problemResponse } from './problem';
import { authenticateApi, type ApiPrincipal } from './tokens';

// Every /api/v1 route runs through here: authenticate (a bad token is refused, none reads the
// public part), count the request against its limit, run, and answer JSON with an ETag (304 when
// the client's copy is current) or a problem document.
export const API_LIMITS = {
  token: { limit: 600, windowSeconds: 60 },
  anonymous: { limit: 60, windowSeconds: 60 },
} as const;

type Ctx = { request: NextRequest; principal: ApiPrincipal; query: URLSearchParams };

async function run(request: NextRequest, fn: (ctx: Ctx) => Promise<unknown>, successStatus = 200): Promise<NextResponse> {
  const instance = request.nextUrl.pathname;
  try {
    const principal = await authenticateApi(request.headers.get('authorization'));
    const bucket = principal.tokenId ? `api:token:${principal.tokenId}` : `api:address:${clientAddress(request.headers)}`;
    const rule = principal.tokenId ? API_LIMITS.token : API_LIMITS.anonymous;
    const limit = await hitRateLimit(bucket, rule);
    const limitHeaders = { 'RateLimit-Limit': String(limit.limit), 'RateLimit-Remaining': String(limit.remaining), 'RateLimit-Reset': String(limit.retryAfterSeconds) };
    if (!limit.allowed) {
      throw new ApiProblem('rate-limited', `At most ${rule.limit} requests per ${rule.windowSeconds} seconds. Try again in ${limit.retryAfterSeconds} seconds.`, {
        headers: { ...limitHeaders, 'Retry-After': String(limit.retryAfterSeconds) },
      });
    }
    const body = await fn({ request, principal, query: request.nextUrl.searchParams });
    const json = JSON.stringify(body);
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    // Private: a token's answer is for that token; a cache must check with the ETag each time.
    const headers = { ...limitHeaders, ETag: etag, 'Cache-Control': principal.tokenId ? 'private, no-cache' : 'public, no-cache', Vary: 'Authorization' };
    const match = request.headers.get('if-none-match');
    if (request.method === 'GET' && match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
      return new NextResponse(null, { status: 304, headers });
    }
    return new NextResponse(json, { status: successStatus, headers: { ...headers, 'Content-Type': 'application/json' } });
  } catch (err) {
    if (err instanceof ApiProblem) return problemResponse(err, instance);
    if (err instanceof RuleInputError) return problemResponse(new ApiProblem('rule-input', err.message, { errors: [{ pointer: `#/${err.field.replace(/\./g, '/')}`, detail: err.message }] }), instance);
    logRequestError('api', 'unexpected error', err);
    return problemResponse(new ApiProblem('server-error', 'The request could not be answered. Nothing was changed; try again.'), instance);
  }
}

export function apiGet(fn: (ctx: Ctx) => Promise<unknown>) {
  return (request: NextRequest) => run(request, fn);
}

export function apiGetWithId(fn: (ctx: Ctx, id: string) => Promise<unknown>) {
  return async (request: NextRequest, { params }: { params: Promise<{ id: string }> }) => {
    const { id } = await params;
    return run(request, (ctx) => fn(ctx, id));
  };
}

/** A POST whose JSON body is parsed with `schema` (a bad body is a 400 naming each field). */
export function apiPost<S extends z.ZodType>(schema: S, fn: (body: z.infer<S>, ctx: Ctx) => unknown) {
  return (request: NextRequest) =>
    run(request, async (ctx) => {
      let raw: unknown;
      try {
        raw = await request.json();
      } catch {
        throw new ApiProblem('invalid-request', 'The body must be JSON (Content-Type: application/json).');
      }
      const bad = unstorablePath(raw);
      if (bad) throw new ApiProblem('invalid-request', `The body is not valid: #/${bad.join('/')} holds a NUL character or half of a surrogate pair`, { errors: [{ pointer: `#/${bad.join('/')}`, detail: 'A NUL character or half of a surrogate pair cannot be stored' }] });
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((i) => ({ pointer: `#/${i.path.join('/')}`, detail: i.message }));
        throw new ApiProblem('invalid-request', `The body is not valid: ${errors.map((e) => `${e.pointer} ${e.detail}`).join('; ')}`, { errors });
      }
      return fn(parsed.data, ctx);
    });
}

/**
 * The answer of an endpoint to a method it does not take: 405, the Allow header and a problem
 * document (the framework's own 405 has neither). Each route file exports it for the other methods.
 */
export function methodNotAllowed(allow: 'GET' | 'POST') {
  const methods = allow === 'GET' ? ['GET', 'HEAD', 'OPTIONS'] : ['POST', 'OPTIONS'];
  return (request: NextRequest) =>
    problemResponse(
      new ApiProblem('method-not-allowed', `${request.nextUrl.pathname} answers ${allow} only, not ${request.method}.`, { headers: { Allow: methods.join(', ') } }),
      request.nextUrl.pathname,
    );
}

/** The answer of every address under /api/v1 that is no endpoint (app/api/v1/[[...path]]). */
export function unknownEndpoint(request: NextRequest) {
  const path = request.nextUrl.pathname;
  return problemResponse(new ApiProblem('unknown-endpoint', `${path} is not an endpoint of this API. The reference at /api/v1/reference lists them.`), path);
}
