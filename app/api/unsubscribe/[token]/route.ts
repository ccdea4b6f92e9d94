import { unsubscribeWithToken } from '@/lib/notifications/unsubscribe';
import { readUnsubscribeToken } from '@/lib/notifications/unsubscribe-token';

// The address in every optional message's List-Unsubscribe header. A mail program's one-click
// request (RFC 8058: POST with List-Unsubscribe=One-Click) switches the kind off at once; a
// browser that opens the link (GET) is sent to the page that asks first; that page's button posts
// here too. The signed token is the only credential, so nobody signs in.
const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } });

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const body = await request.text().catch(() => '');
  const form = new URLSearchParams(body);
  const oneClick = form.get('List-Unsubscribe') === 'One-Click';
  const done = await unsubscribeWithToken(token, oneClick ? 'one-click' : 'page');
  if (!done) return text('This unsubscribe link is not valid.', 404);
  if (oneClick) return text(`Unsubscribed: ${done.address} will no longer get ${done.label}.`, 200);
  return new Response(null, { status: 303, headers: { Location: `/unsubscribe/${encodeURIComponent(token)}?done=1`, 'Cache-Control': 'no-store' } });
}

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  if (!readUnsubscribeToken(token)) return text('This unsubscribe link is not valid.', 404);
  return new Response(null, { status: 303, headers: { Location: `/unsubscribe/${encodeURIComponent(token)}`, 'Cache-Control': 'no-store' } });
}
