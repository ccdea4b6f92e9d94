import { publicOrigin } from '@/lib/env';

/**
 * The cross-site request check Next.js runs for server actions, for route handlers that change
 * state: a request whose Origin names another site is refused. The Origin must match the host the
 * request was sent to (Host, or X-Forwarded-Host behind a proxy) or the portal's public address. As
 * for server actions, a request with no Origin at all (not a browser's) is let through: it cannot
 * carry someone else's session without their help.
 */
export function isCrossSiteRequest(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = origin === 'null' ? 'null' : new URL(origin).host;
  } catch {
    return true;
  }
  const forwarded = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
  const allowed = [forwarded, request.headers.get('host'), new URL(publicOrigin()).host].filter(Boolean);
  return !allowed.includes(originHost);
}
