import { NextResponse, type NextRequest } from 'next/server';

// Guards that run before any route, in order:
// 1. a path that does not decode (bad percent-encoding) or holds a NUL is the caller's mistake: 400,
//    not a 500 from deep inside the router;
// 2. a route handler or server action that changes state refuses a request a browser sent from another site: an
//    Origin that names another host (or "null"), or Sec-Fetch-Site cross-site, as Next checks for
//    server actions. A request with no Origin at all comes from a program, not a browser carrying
//    someone's cookies (a mail client's one-click unsubscribe, a signed webhook, the test clock).
//    next-auth's routes carry their own CSRF token; an unsubscribe link's signed token is its only
//    credential (no cookie is read), so a webmail page may post it from its own site.
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SIGNED_ELSEWHERE: readonly string[] = ['/api/auth/', '/api/unsubscribe/', '/api/payments/webhook'];

function badRequest(message: string): NextResponse {
  return NextResponse.json({ ok: false, code: 'VALIDATION', message }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
}

export function pathIsUndecodable(rawPath: string): boolean {
  try {
    return decodeURIComponent(rawPath).includes('\u0000');
  } catch {
    return true;
  }
}

/** The host part of an Origin header, or null when it is missing or not an http(s) origin. */
function originHost(origin: string | null): string | null {
  if (!origin) return null;
  try {
    const url = new URL(origin);
    return /^https?:$/.test(url.protocol) ? url.host : null;
  } catch {
    return null;
  }
}

export function proxy(request: NextRequest): NextResponse {
  // The raw path as sent: nextUrl has already been parsed, but keeps the escapes.
  const rawPath = request.nextUrl.pathname;
  if (pathIsUndecodable(rawPath)) return badRequest('The address is not valid: it holds a character that cannot be read.');
  // Server actions are refused here too, with a plain 403 rather than Next's own error page.
  const routeHandler = rawPath.startsWith('/api/') && !SIGNED_ELSEWHERE.some((p) => rawPath.startsWith(p));
  if (!SAFE_METHODS.has(request.method) && (routeHandler || request.headers.has('next-action'))) {
    // The portal's server drops X-Forwarded-Host unless a trusted proxy sent it (scripts/serve.ts).
    const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
    const origin = request.headers.get('origin');
    const foreign = (origin !== null && (!host || originHost(origin) !== host)) || request.headers.get('sec-fetch-site') === 'cross-site';
    if (foreign) {
      return NextResponse.json(
        { ok: false, code: 'FORBIDDEN', message: 'This request did not come from the portal’s own pages.' },
        { status: 403, headers: { 'Cache-Control': 'no-store' } },
      );
    }
  }
  return NextResponse.next();
}

export const config = {
  // Everything but the build's static files, which cannot change state and need no decoding.
  matcher: ['/((?!_next/static|_next/image).*)'],
};
