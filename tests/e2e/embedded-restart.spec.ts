import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support/auth';
import { codeFor } from './support/signing';
import { prepareEmbedded, startServer, stopServer, waitForHealth } from './support/own-server';

// The embedded demo (prepared in its own process, as `npm start` does) serves its data, and after
// the server is stopped and started again on the same folder the data is all still there. The second
// start requires a second factor of staff, as a production server does: a reviewer who signs in with
// a password alone is sent to set one up, and no other page opens until they have.
const PORT = 3199;
const base = `http://127.0.0.1:${PORT}`;

test('the embedded server restarts with its data intact', async ({ page }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mmp-restart-'));
  const siouxOperations = async () =>
    page.getByRole('row', { name: /^Sioux 19167/ }).getByRole('cell').nth(2).textContent();
  try {
    expect(prepareEmbedded(dataDir)).toMatch(/Database ready: the embedded database in .+ \(demo data loaded\)/);
    let server = startServer(dataDir, PORT);
    try {
      expect(await waitForHealth(base)).toMatchObject({ database: { mode: 'embedded', answered: true } });
      await page.goto(`${base}/counties`);
      await expect(page.getByRole('row', { name: /^Polk 19153/ })).toContainText('Windsor Heights');
      await expect(page.getByRole('row')).toHaveCount(100);
      expect(await siouxOperations()).toBe('3');
    } finally {
      await stopServer(server);
    }
    server = startServer(dataDir, PORT, { MMP_STAFF_SECOND_FACTOR: 'required' });
    try {
      await waitForHealth(base);
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
