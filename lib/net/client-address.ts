import 'server-only';
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

// Who is on the other end of a request. The portal's server (scripts/serve.ts) works it out from
// the socket once, before any route runs, and hands it on in one header of its own; a client's
// X-Forwarded-For is believed only when the socket's peer is a proxy named in TRUSTED_PROXY.
export const CLIENT_ADDRESS_HEADER = 'x-mmp-client-address';

// Forwarding headers that only a trusted proxy may set: from anyone else they are removed, so no
// code below (Next's server-action origin check included) can be steered by them.
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded'];

// Set by the portal's server in its own process: a header is only believed when that server,
// which overwrites it on every request, is the one serving.
const STAMPED = Symbol.for('mmp.client-address.stamped');
type Holder = { [STAMPED]?: boolean };

export function markClientAddressStamping(): void {
  (globalThis as Holder)[STAMPED] = true;
}

export type TrustFn = (address: string, hop: number) => boolean;

export function compileTrust(trustedProxies: readonly string[]): TrustFn {
  return proxyaddr.compile([...trustedProxies]);
}

/**
 * Rewrites a request's headers in place: the client address (the socket's peer, or the nearest
 * untrusted address a trusted proxy reported) in CLIENT_ADDRESS_HEADER and X-Forwarded-For, and the
 * forwarding headers dropped unless a trusted proxy sent them.
 */
export function stampClientAddress(req: IncomingMessage, trust: TrustFn): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  const fromTrustedProxy = peer !== 'unknown' && trust(peer, 0);
  const client = plainAddress(fromTrustedProxy ? proxyaddr(req, trust) : peer);
  if (!fromTrustedProxy) for (const name of FORWARDING_HEADERS) delete req.headers[name];
  req.headers['x-forwarded-for'] = client;
  req.headers[CLIENT_ADDRESS_HEADER] = client;
  return client;
}

/** An IPv4 client of a dual-stack socket reads as ::ffff:10.0.0.1; it is 10.0.0.1. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** The client address the server stamped on the request ('unknown' outside the portal's server). */
export function clientAddress(headers: Headers | Record<string, unknown> | undefined): string {
  if (!headers || !(globalThis as Holder)[STAMPED]) return 'unknown';
  const value = headers instanceof Headers ? headers.get(CLIENT_ADDRESS_HEADER) : headers[CLIENT_ADDRESS_HEADER];
  const text = Array.isArray(value) ? String(value[0]) : typeof value === 'string' ? value : '';
  return text.trim().slice(0, 64) || 'unknown';
}
