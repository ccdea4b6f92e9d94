import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { authOptions } from '@/lib/auth/options';

type Context = { params: Promise<{ nextauth?: string[] }> };

const handler = NextAuth(authOptions) as (request: NextRequest, context: Context) => Promise<Response>;

// next-auth answers some malformed requests with a 500: an action named like an Object method
// (/api/auth/valueOf), a GET to the credentials callback, a callbackUrl that is not an http(s)
// address, a JSON body that does not parse. Those are the caller's mistakes, refused here with a
// 4xx before next-auth sees them.
const ACTIONS = new Set(['session', 'csrf', 'providers', 'signin', 'signout', 'callback', 'verify-request', 'error', '_log']);
const CALLBACK_COOKIES = ['next-auth.callback-url', '__Secure-next-auth.callback-url'];

const refuse = (status: number, message: string) => Response.json({ message }, { status, headers: { 'Cache-Control': 'no-store' } });

function isHttpUrl(value: string, origin: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith('/') ? origin : undefined).protocol);
  } catch {
    return false;
  }
}

async function guarded(request: NextRequest, context: Context): Promise<Response> {
  const { nextauth } = await context.params;
  if (!nextauth?.[0] || !ACTIONS.has(nextauth[0])) return refuse(404, 'Not found.');
  // The only provider is email and password, whose callback is a form post.
  if (nextauth[0] === 'callback' && request.method !== 'POST') return refuse(405, 'Sign in from the sign-in page.');
  const callbackUrls = [request.nextUrl.searchParams.get('callbackUrl'), ...CALLBACK_COOKIES.map((name) => request.cookies.get(name)?.value)];
  if (callbackUrls.some((url) => url && !isHttpUrl(url, request.nextUrl.origin))) return refuse(400, 'The return address is not valid.');
  if (request.method === 'POST') {
    const type = request.headers.get('content-type') ?? '';
    const text = type.includes('application/json') || type.includes('application/x-www-form-urlencoded') ? await request.clone().text() : '';
    if (type.includes('application/json')) {
      try {
        JSON.parse(text);
      } catch {
        return refuse(400, 'The request body is not valid JSON.');
      }
    }
    // A NUL character in an email or password cannot reach PostgreSQL (the sign-in would fail with a
    // logged error); no one types one.
    if (text.includes('\u0000') || /%00|\\u0000/i.test(text)) return refuse(400, 'The request holds a control character.');
  }
  return handler(request, context);
}

export { guarded as GET, guarded as POST };
