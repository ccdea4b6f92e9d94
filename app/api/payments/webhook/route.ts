import { NextResponse } from 'next/server';
import { logRequestError } from '@/lib/log';
import { receivePaymentWebhook } from '@/lib/payments/webhook';
import { SIGNATURE_HEADER } from '@/lib/payments/signature';

// The payment processor's events. No session: the HMAC signature is the only credential, so the
// edge lets it through without an Origin check (proxy.ts), like the signed unsubscribe links.
const MAX_BODY = 64 * 1024;

export async function POST(request: Request): Promise<Response> {
  const body = await request.text();
  if (body.length > MAX_BODY) return NextResponse.json({ ok: false, message: 'Too large.' }, { status: 413 });
  try {
    const result = await receivePaymentWebhook(body, request.headers.get(SIGNATURE_HEADER));
    if ('rejected' in result) return NextResponse.json({ ok: false, message: result.rejected }, { status: 400 });
    return NextResponse.json({ ok: true, outcome: result.outcome });
  } catch (err) {
    logRequestError('payments', 'payment webhook failed', err);
    // 500: the processor retries later; an event applied is never applied twice.
    return NextResponse.json({ ok: false, message: 'Not processed; try again.' }, { status: 500 });
  }
}
