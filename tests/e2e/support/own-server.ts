import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { expect } from '@playwright/test';
import { serverArgs } from '../../../scripts/ensure-build';

// A portal of a journey's own, on the embedded database in its own folder, prepared in its own
// process as `npm start` does: for what the shared test server cannot show (a restart, a setting of
// its own, a public address on localhost for passkeys, whose relying party cannot be an IP address).

export function embeddedEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, MMP_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' };
  delete env.DATABASE_URL;
  delete env.MMP_TEST_CLOCK;
  delete env.MMP_DEMO;
  return env;
}

/** Migrates the folder's database and loads the demo data; returns what the command printed. */
export function prepareEmbedded(dataDir: string): string {
  const prepared = spawnSync(process.execPath, ['--require', './scripts/server-only-outside-next.cjs', 'node_modules/tsx/dist/cli.mjs', 'scripts/prepare-db.ts'], { env: embeddedEnv(dataDir), encoding: 'utf8' });
  return prepared.stdout;
}

export function startServer(dataDir: string, port: number, extra: Record<string, string> = {}): ChildProcess {
  const env = embeddedEnv(dataDir);
  return spawn(process.execPath, serverArgs(), { env: { ...env, ...extra, PORT: String(port) }, detached: true, stdio: 'ignore' });
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return; // already gone
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    return; // the process group has already ended
  }
  // The server closes idle connections and gives requests in flight a few seconds; one that has
  // not ended well after that is a failure of its own, not a wait for the test's whole timeout.
  const late = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 20_000);
  const started = Date.now();
  await exited;
  clearTimeout(late);
  expect(Date.now() - started, 'the server stops within its own grace period').toBeLessThan(15_000);
}

export async function waitForHealth(base: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return (await res.json()) as Record<string, unknown>;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('embedded server did not become healthy');
}
