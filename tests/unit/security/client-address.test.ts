import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER, compileTrust, plainAddress, stampClientAddress } from '@/lib/net/client-address';

// The sign-in throttle and the audit log key on the client address. A real HTTP server stamps it
// as the portal's server does; requests come from this process over loopback, with headers a client
// can type at will.
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(trusted: string[]): Promise<number> {
  const trust = compileTrust(trusted);
  server = createServer((req, res) => {
    const client = stampClientAddress(req, trust);
    res.end(JSON.stringify({ client, header: req.headers[CLIENT_ADDRESS_HEADER], host: req.headers['x-forwarded-host'] ?? null, proto: req.headers['x-forwarded-proto'] ?? null }));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server!.address() as AddressInfo).port;
}

function get(port: number, headers: Record<string, string>): Promise<{ client: string; header: string; host: string | null; proto: string | null }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the client address comes from the socket unless a trusted proxy says otherwise', () => {
  it('without TRUSTED_PROXY, a rotated X-Forwarded-For (or a forged stamp) changes nothing', async () => {
    const port = await serve([]);
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const r = await get(port, { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}`, [CLIENT_ADDRESS_HEADER]: `192.0.2.${i}`, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
      seen.add(r.client);
      expect(r.header).toBe(r.client);
      expect(r.host).toBeNull(); // no one but a trusted proxy names the host
      expect(r.proto).toBeNull();
    }
    expect([...seen]).toEqual(['127.0.0.1']);
  });

  it('behind a trusted proxy, the nearest address it reports is the client', async () => {
    const port = await serve(['loopback']);
    const r = await get(port, { 'x-forwarded-for': '198.51.100.7, 203.0.113.9', 'x-forwarded-proto': 'https' });
    expect(r.client).toBe('203.0.113.9');
    expect(r.proto).toBe('https');
  });

  it('a proxy listed only for another address is not believed', async () => {
    const port = await serve(['10.0.0.0/8']);
    expect((await get(port, { 'x-forwarded-for': '203.0.113.9' })).client).toBe('127.0.0.1');
  });

  it('an IPv4 client of a dual-stack socket reads as plain IPv4', () => {
    expect(plainAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(plainAddress('2001:db8::1')).toBe('2001:db8::1');
  });
});
