import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './types';

// Webhook signatures: header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the scheme most
// processors use. The timestamp bounds how long a captured request can be replayed; the event id
// (payment_webhook_events) makes a replay inside that window change nothing.

export const SIGNATURE_HEADER = 'x-mmp-signature';
const TOLERANCE_SECONDS = 300;

function mac(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
}

export function signPayload(secret: string, body: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${mac(secret, t, body)}`;
}

export function verifySignature(secret: string, body: string, header: string | null, nowMs: number): void {
  if (!header) throw new WebhookSignatureError('The event is not signed.');
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  const given = parts.v1 ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) throw new WebhookSignatureError('The signature cannot be read.');
  if (Math.abs(nowMs / 1000 - t) > TOLERANCE_SECONDS) throw new WebhookSignatureError('The signature is too old.');
  const expected = Buffer.from(mac(secret, t, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new WebhookSignatureError('The signature does not match.');
}
