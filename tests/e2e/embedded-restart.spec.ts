import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { serverArgs } from '../../scripts/ensure-build';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support/auth';
import { codeFor } from './support/signing';

// The embedded demo (prepared in its own process, as `npm start` does) serves its data, and after
// the server is stopped and started again on the same folder the data is all still there. The second
// start requires a second factor of staff, as a production server does: a reviewer who signs in with
// a password alone is sent to set one up, and no other page opens until they have.
const PORT = 3199;
const base = `http://127.0.0.1:${PORT}`;

function embeddedEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, MMP_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' };
  delete env.DATABASE_URL;
  delete env.MMP_TEST_CLOCK;
  delete env.MMP_DEMO;
  return env;
}

function startServer(dataDir: string, extra: NodeJS.ProcessEnv = {}): ChildProcess {
  const env = embeddedEnv(dataDir);
  return spawn(process.execPath, serverArgs(), { env: { ...env, ...extra, PORT: String(PORT) }, detached: true, stdio: 'ignore' });
}

async function stopServer(child: ChildProcess) {
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

async function waitForHealth(): Promise<Record<string, unknown>> {
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

test('the embedded server restarts with its data intact', async ({ page }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mmp-restart-'));
  const siouxOperations = async () =>
    page.getByRole('row', { name: /^Sioux 19167/ }).getByRole('cell').nth(2).textContent();
  try {
    const prepared = spawnSync(process.execPath, ['--require', './scripts/server-only-outside-next.cjs', 'node_modules/tsx/dist/cli.mjs', 'scripts/prepare-db.ts'], { env: embeddedEnv(dataDir), encoding: 'utf8' });
    expect(prepared.stdout).toMatch(/Database ready: the embedded database in .+ \(demo data loaded\)/);
    let server = startServer(dataDir);
    try {
      expect(await waitForHealth()).toMatchObject({ database: { mode: 'embedded', answered: true } });
      await page.goto(`${base}/counties`);
      await expect(page.getByRole('row', { name: /^Polk 19153/ })).toContainText('Windsor Heights');
      await expect(page.getByRole('row')).toHaveCount(100);
      expect(await siouxOperations()).toBe('3');
    } finally {
      await stopServer(server);
    }
    server = startServer(dataDir, { MMP_STAFF_SECOND_FACTOR: 'required' });
    try {
      await waitForHealth();
      await page.goto(`${base}/counties`);
      await expect(page.getByRole('row')).toHaveCount(100);
      await expect(page.getByRole('row', { name: /^Polk 19153/ })).toContainText('Windsor Heights');
      expect(await siouxOperations()).toBe('3');

      await page.goto(`${base}/sign-in`);
      await page.getByLabel('Email address').fill('reviewer@example.com');
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/account\?setup=second-factor/);
      await expect(page.getByRole('heading', { name: 'Set up your second factor to continue' })).toBeVisible();
      await page.goto(`${base}/review`);
      await expect(page).toHaveURL(/\/account\?setup=second-factor/);
      // What a page fetches on its own is refused too.
      expect((await page.request.get(`${base}/api/review/worklist.csv`)).status()).toBe(401);
      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
      await page.getByLabel('Code from the app').fill(codeFor(secret));
      await page.getByRole('button', { name: 'Confirm and finish' }).click();
      await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      await page.goto(`${base}/review`);
      await expect(page).toHaveURL(/\/review$/);
      await expect(page.getByRole('heading', { name: 'Set up your second factor to continue' })).toHaveCount(0);
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
