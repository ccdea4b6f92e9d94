import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';
import { emailedLink } from './support/mail';

// A new owner sets up an authenticator app from the account page and then signs in with a code
// computed from the key the page showed, as a phone would. The account is the journey's own, so
// the demo accounts keep signing in with their password alone.
const PASSWORD = 'a long enough demo password';

/** The code an authenticator app shows `offsetSeconds` from now for this key. */
function codeFor(secret: string, offsetSeconds = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });
}
const wrongCode = (code: string) => code.replace(/\d/g, (d) => String((Number(d) + 5) % 10));

async function passwordStep(page: Page, email: string) {
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app to finish signing in.')).toBeVisible();
}

test('a new owner sets up an authenticator app, then signs in with a code from it, and once with a recovery code', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = `owner.totp.${Date.now().toString(36)}@example.com`;

  await page.context().clearCookies();
  await page.goto('/register');
  await page.getByLabel(/^Your full name/).fill('Greta Solberg');
  await page.getByLabel(/^Email address/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Type the password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(await emailedLink(request, email, 'verify-email', '/verify-email'));
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('heading', { name: 'Your email address is confirmed' })).toBeVisible();

  // Without a factor, the password alone signs in.
  await signIn(page, email, PASSWORD);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code to add the Iowa MMP Portal/ })).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoA11yViolations(page);

  // A wrong code is refused in plain words, and what was typed stays.
  const codeField = page.getByLabel('Code from the app');
  const wrong = wrongCode(codeFor(secret));
  await codeField.fill(wrong);
  await page.getByRole('button', { name: 'Confirm and finish' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not right' })).toBeVisible();
  await expect(codeField).toHaveValue(wrong);

  await codeField.fill(codeFor(secret));
  await page.getByRole('button', { name: 'Confirm and finish' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await expect(page.getByText('this is the only time the portal shows them')).toBeVisible();
  const recovery = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(recovery).toHaveLength(10);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText(/You have 10 unused recovery codes/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toHaveCount(0);

  // Signing in now asks for a code after the password; a wrong one is refused, the right one lets in.
  await passwordStep(page, email);
  await expectNoA11yViolations(page);
  await page.getByLabel('Code').fill(wrongCode(codeFor(secret, 30)));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not right' })).toBeVisible();
  // The next step's code: the one used to confirm the setup is never taken twice.
  await page.getByLabel('Code').fill(codeFor(secret, 30));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto('/account');
  await expect(page.getByText(/Signing in asks for a code from your authenticator app/)).toBeVisible();

  // A recovery code signs in once.
  await passwordStep(page, email);
  await page.getByLabel('Code').fill(recovery[0]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  await passwordStep(page, email);
  await page.getByLabel('Code').fill(recovery[0]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not right' })).toBeVisible();
});

test('department staff without a second factor are reminded on their pages, and still sign in with the password', async ({ page }) => {
  await signIn(page, 'reviewer@example.com');
  const notice = page.getByRole('link', { name: 'Set up a second factor: the department requires it for staff' });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
});
