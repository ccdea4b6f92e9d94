import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { DEMO_PASSWORD } from './support/auth';
import { prepareEmbedded, startServer, stopServer, waitForHealth } from './support/own-server';

// A passkey (WebAuthn) as the second factor, with Chromium's virtual authenticator standing in for a
// phone or a laptop's fingerprint reader: the owner adds one on her account page (and is shown her
// recovery codes once, since it is her first factor), then signs in with
// her password and the passkey, and signs her annual update with her password and the passkey. The
// portal runs on its own with its public address on localhost: a passkey's relying party is a host
// name, never an IP address.
const PORT = 3197;
const base = `http://localhost:${PORT}`;

async function passwordStep(page: Page) {
  await page.context().clearCookies();
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email address').fill('owner.hansen@example.com');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an owner adds a passkey, signs in with it, and signs her annual update with it', async ({ page }) => {
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mmp-passkeys-'));
  try {
    expect(prepareEmbedded(dataDir)).toMatch(/demo data loaded/);
    const server = startServer(dataDir, PORT, { MMP_PUBLIC_URL: base });
    try {
      await waitForHealth(base);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
      });

      // Without a factor the password alone signs in; she adds a passkey on her account page.
      await passwordStep(page);
      await expect(page).not.toHaveURL(/\/sign-in/);
      await page.goto(`${base}/account`);
      const keys = page.getByRole('region', { name: 'Passkeys' });
      await keys.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(keys.getByText('Name the passkey, for example “Work laptop”')).toBeVisible();
      await keys.getByLabel('Name for the new passkey').fill('Kitchen laptop');
      await keys.getByRole('button', { name: 'Add a passkey' }).click();
      // Adding a factor asks for the password again.
      await expect(keys.getByText('Enter the password you sign in with')).toBeVisible();
      await keys.getByLabel('Your password').fill(DEMO_PASSWORD);
      await keys.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(keys.getByRole('status')).toContainText('Passkey “Kitchen laptop” added');
      // Her first factor comes with ten recovery codes, shown this once, as an authenticator app's are.
      await expect(keys.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
      await expect(keys.getByText('If you lose the device that holds your passkey, each code signs you in once in its place')).toBeVisible();
      const recovery = await keys.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
      expect(recovery).toHaveLength(10);
      await expectNoA11yViolations(page);
      await keys.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      await expect(keys.getByRole('heading', { name: 'Your recovery codes' })).toHaveCount(0);
      await expect(keys.getByRole('list', { name: 'Your passkeys' })).toContainText('Kitchen laptop');
      await expect(keys.getByText(/You have 10 unused recovery codes/)).toBeVisible();
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      await expectNoA11yViolations(page);

      // Signing in now asks for the second step; the passkey answers it.
      await passwordStep(page);
      await expect(page.getByText('Enter the 6-digit code from your authenticator app to finish signing in.')).toBeVisible();
      await page.getByRole('button', { name: 'Use a passkey instead' }).click();
      await expect(page).not.toHaveURL(/\/sign-in/);

      // She accepts the agreement and signs the no-change update of Rock Valley with the passkey.
      await page.goto(`${base}/account`);
      const agreement = page.getByRole('region', { name: 'Electronic signature agreement' });
      await agreement.locator('label').filter({ hasText: 'I have read the agreement and accept it' }).click();
      await agreement.getByRole('button', { name: 'Accept the agreement' }).click();
      await expect(agreement).toContainText(/You accepted version [\d-]+ of the agreement on/);
      await page.goto(`${base}/dashboard`);
      await page.getByRole('link', { name: 'Rock Valley Finisher Site', exact: true }).click();
      await page.getByRole('button', { name: 'File the annual update' }).click();
      await page.locator('label').filter({ hasText: /^Nothing changed/ }).click();
      await page.locator('label').filter({ hasText: /I state that the manure management plan/ }).click();
      await page.getByRole('button', { name: 'Save and continue' }).click();
      const form = page.getByRole('form', { name: 'Sign and submit the plan' });
      const sha256 = ((await form.getByTestId('document-sha256').textContent()) ?? '').trim();
      expect(sha256).toMatch(/^[0-9a-f]{64}$/);
      await form.locator('label').filter({ hasText: 'I have read the plan and the certification above' }).click();
      await form.getByLabel('Your password').fill(DEMO_PASSWORD);
      await form.getByRole('button', { name: 'Sign with my passkey and submit' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /Rock Valley Finisher Site: annual update — no-change statement/ })).toBeVisible();
      const copy = page.getByRole('region', { name: 'Copy of record' });
      await expect(copy.getByTestId('signature')).toContainText('Signed electronically by Karen Hansen (owner of record)');
      await expect(copy.getByTestId('signature')).toContainText('with their password and their passkey');
      await expect(copy.getByTestId('signature')).toContainText(sha256);
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
