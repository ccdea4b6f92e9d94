import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD } from './auth';

// The signing step as a signatory meets it: on the account page, accept the electronic signature
// agreement (once) and set up an authenticator app from the key the page shows; then, on the plan's
// "Check your answers" step, read the certification and the plan's SHA-256 and sign with the password
// and a code computed from that key, as a phone would. Afterwards the app is removed again (with a
// recovery code), so the demo account signs in with its password alone for the journeys that follow.

export type Authenticator = { secret: string; recoveryCodes: string[]; usedSteps: number };

/** The code an authenticator app shows `offsetSeconds` from now for this key. */
export function codeFor(secret: string, offsetSeconds = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });
}

/** Accepts the agreement if it is not yet accepted and sets up an authenticator app on the signed-in account. */
export async function readyToSign(page: Page): Promise<Authenticator> {
  await page.goto('/account');
  const agreement = page.getByRole('region', { name: 'Electronic signature agreement' });
  const accept = agreement.getByRole('button', { name: 'Accept the agreement' });
  if (await accept.isVisible()) {
    await agreement.locator('label').filter({ hasText: 'I have read the agreement and accept it' }).click();
    await accept.click();
    await expect(agreement).toContainText(/You accepted version [\d-]+ of the agreement on/);
  }
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Confirm and finish' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  const recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  return { secret, recoveryCodes: recoveryCodes.map((c) => c.trim()), usedSteps: 0 };
}

/**
 * On the plan form's last step: checks what the signing step shows (the certification in full, the
 * plan's SHA-256), then signs with the password and the app's next code (the one used to set it up is
 * never taken twice). Returns the SHA-256 the page showed.
 */
export async function signAndSubmit(page: Page, app: Authenticator, label = 'Sign and submit the plan'): Promise<string> {
  const form = page.getByRole('form', { name: 'Sign and submit the plan' });
  await expect(form.getByTestId('certification-text')).toContainText('I certify under penalty of law');
  const sha256 = ((await form.getByTestId('document-sha256').textContent()) ?? '').trim();
  expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  await form.locator('label').filter({ hasText: 'I have read the plan and the certification above' }).click();
  await form.getByLabel('Your password').fill(DEMO_PASSWORD);
  app.usedSteps += 1;
  await form.getByLabel('Code from your authenticator app').fill(codeFor(app.secret, 30 * app.usedSteps));
  await form.getByRole('button', { name: label }).click();
  return sha256;
}

/** Removes the app again with the password and a recovery code: the account signs in with its password alone. */
export async function removeAuthenticator(page: Page, app: Authenticator): Promise<void> {
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Remove the authenticator app' });
  await form.getByLabel('Your password').fill(DEMO_PASSWORD);
  await form.getByLabel('Code').fill(app.recoveryCodes.pop()!);
  await form.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
}
