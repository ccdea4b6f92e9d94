import { headers } from 'next/headers';
import { getEnv } from './env';

/** The portal's public origin for links in emails: NEXTAUTH_URL when set, else the request's host. */
export async function requestOrigin(): Promise<string> {
  const configured = getEnv().NEXTAUTH_URL;
  if (configured) return configured.replace(/\/$/, '');
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost:3000';
  const proto = h.get('x-forwarded-proto') ?? (host.startsWith('localhost') || host.startsWith('127.') ? 'http' : 'https');
  return `${proto}://${host}`;
}

/** Only same-site paths may be used as a place to return to after signing in. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
