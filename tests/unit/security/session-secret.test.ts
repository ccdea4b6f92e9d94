import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureCommands, serverArgs } from '../../../scripts/ensure-build';

// Sessions are signed with a secret nobody can read in the source: NEXTAUTH_SECRET, or in the
// embedded demo one generated on first start and kept beside the data, readable by its owner only.
const saved = { ...process.env };
const dirs: string[] = [];

async function loadEnv(vars: Record<string, string | undefined>) {
  vi.resetModules();
  for (const k of ['NEXTAUTH_SECRET', 'DATABASE_URL', 'MMP_PUBLIC_URL', 'NEXTAUTH_URL', 'MMP_DATA_DIR', 'PORT']) delete process.env[k];
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) process.env[k] = v;
  return import('@/lib/env');
}

function scratch() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mmp-secret-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
}

afterEach(() => {
  process.env = { ...saved };
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the session signing secret', () => {
  it('is generated on first start, 256 random bits kept in the data folder with owner-only permissions', async () => {
    const dataDir = scratch();
    const env = await loadEnv({ MMP_DATA_DIR: dataDir });
    const secret = env.authSecret();
    const file = path.join(path.dirname(dataDir), 'session-secret');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('is reused after a restart (sessions survive it), and differs between two installations', async () => {
    const dataDir = scratch();
    const first = (await loadEnv({ MMP_DATA_DIR: dataDir })).authSecret();
    const again = (await loadEnv({ MMP_DATA_DIR: dataDir })).authSecret();
    const other = (await loadEnv({ MMP_DATA_DIR: scratch() })).authSecret();
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });

  it('is the configured NEXTAUTH_SECRET when there is one, and nothing is written', async () => {
    const dataDir = scratch();
    const env = await loadEnv({ MMP_DATA_DIR: dataDir, NEXTAUTH_SECRET: 'x'.repeat(40) });
    expect(env.authSecret()).toBe('x'.repeat(40));
    expect(() => statSync(path.join(path.dirname(dataDir), 'session-secret'))).toThrow();
  });

  it('a production server on PostgreSQL needs its own secret and public address', async () => {
    const env = await loadEnv({});
    const base = { NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/mmp' };
    expect(() => env.parseEnv(base)).toThrow(/NEXTAUTH_SECRET is required/);
    expect(() => env.parseEnv(base)).toThrow(/MMP_PUBLIC_URL .* is required/);
    expect(() => env.parseEnv({ ...base, NEXTAUTH_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(env.parseEnv({ ...base, NEXTAUTH_SECRET: 'y'.repeat(32), MMP_PUBLIC_URL: 'https://mmp.iowa.gov' }).MMP_PUBLIC_URL).toBe('https://mmp.iowa.gov');
  });
});

describe('the public address every emailed link is built from', () => {
  it('is the configured MMP_PUBLIC_URL (origin only), else the demo’s local address on its port', async () => {
    expect((await loadEnv({ MMP_PUBLIC_URL: 'https://mmp.iowa.gov/' })).publicOrigin()).toBe('https://mmp.iowa.gov');
    expect((await loadEnv({ NEXTAUTH_URL: 'https://portal.example.org' })).publicOrigin()).toBe('https://portal.example.org');
    expect((await loadEnv({ PORT: '3456' })).publicOrigin()).toBe('http://localhost:3456');
  });

  it('refuses an address with a path or another scheme', async () => {
    const env = await loadEnv({});
    expect(() => env.parseEnv({ MMP_PUBLIC_URL: 'https://mmp.iowa.gov/portal' })).toThrow(/MMP_PUBLIC_URL must be/);
    expect(() => env.parseEnv({ MMP_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/MMP_PUBLIC_URL must be/);
  });
});

describe('the production server', () => {
  it('on PostgreSQL without a secret, refuses to start before it says it is ready', () => {
    const env: NodeJS.ProcessEnv = { ...saved, NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/mmp_never_opened', MMP_PUBLIC_URL: 'https://mmp.iowa.gov', VITEST: '' };
    delete env.NEXTAUTH_SECRET;
    ensureCommands();
    const r = spawnSync(process.execPath, serverArgs(), { encoding: 'utf8', timeout: 60_000, env });
    const out = `${r.stdout}${r.stderr}`;
    expect(r.status).toBe(1);
    expect(out).toContain('Could not start the portal');
    expect(out).toContain('NEXTAUTH_SECRET is required');
    expect(out).not.toContain('Ready');
  });
});
