import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';
import { emailedLink } from './support/mail';

// A preparer registers an operation for a client: it waits, seen by the preparer alone, until the
// owner accepts it through the emailed link, signed in with the address it went to; then it is the
// owner's. The preparer and the owner are new accounts (each confirms its address from the
// outbox), so the demo's counts stay as other journeys expect them.
const PASSWORD = 'a long enough demo password';


async function createAccount(page: Page, request: APIRequestContext, form: '/register' | '/register/preparer', fields: Record<string, string>, submit: string) {
  await page.context().clearCookies();
  await page.goto(form);
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(new RegExp(`^${label}`)).fill(value);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Type the password again').fill(PASSWORD);
  await page.getByRole('button', { name: submit }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(await emailedLink(request, fields['Email address']!, 'verify-email', '/verify-email'));
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('heading', { name: 'Your email address is confirmed' })).toBeVisible();
}

test('a preparer registers an operation for a client, who accepts it from the emailed link; then it is on her dashboard', async ({ page, request }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const preparerEmail = `preparer.${run}@example.com`;
  const ownerEmail = `owner.${run}@example.com`;
  const operation = `Lakeside Finisher ${run}`;

  await createAccount(page, request, '/register/preparer', { 'Your full name': 'Avery Lund', 'Firm name': 'Lund Ag Services', 'Email address': preparerEmail }, 'Create preparer account');
  await signIn(page, preparerEmail, PASSWORD);
  await page.goto('/preparer');
  await page.getByRole('link', { name: 'Register an operation for a client' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Register an operation for a client' })).toBeVisible();
  await page.getByLabel(/^Owner’s name/).fill('Marta Lindqvist');
  await page.getByLabel(/^Owner’s email address/).fill(ownerEmail);
  await page.getByLabel('Operation name').fill(operation);
  await page.getByLabel(/^County/).selectOption({ label: 'Buena Vista' });
  await page.getByLabel(/^Township/).fill('91N');
  await page.getByLabel(/^Range/).fill('37W');
  await page.getByLabel(/^Section/).fill('14');
  await page.getByLabel('Quarter section').selectOption('SW');
  await page.getByLabel('911 address of the site').fill('1720 520th St, Storm Lake, IA 50588');
  await page.getByLabel('Date construction began').fill('2018-05-01');
  await page.getByLabel('Construction permit').selectOption({ label: 'Not required' });
  await page.getByLabel('Animal category 1').selectOption({ label: 'Butcher or breeding swine over 55 lb (0.4 AU each)' });
  await page.getByLabel('Head at capacity').fill('2400');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Register and email the owner' }).click();

  // Waiting on the portfolio, with a way to resend or withdraw; not among the operations acted for.
  await expect(page.getByRole('heading', { name: 'The operation is registered and the owner was emailed' })).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Registrations waiting for owners' }).getByRole('row').filter({ hasText: operation });
  await expect(waiting).toContainText('Waiting for Marta Lindqvist to accept');
  await expect(waiting.getByRole('button', { name: `Resend the link for ${operation}` })).toBeVisible();
  await expect(waiting.getByRole('button', { name: `Withdraw the registration of ${operation}` })).toBeVisible();
  await expect(page.getByText('0 operations match.')).toBeVisible();
  await expectNoA11yViolations(page);

  // The public status search does not know it.
  await page.context().clearCookies();
  await page.goto(`/status?q=${encodeURIComponent(operation)}`);
  await expect(page.getByText('No operation matches this search.')).toBeVisible();

  // The owner creates her account with the address, opens the emailed link and accepts.
  await createAccount(page, request, '/register', { 'Your full name': 'Marta Lindqvist', 'Email address': ownerEmail }, 'Create account');
  const link = await emailedLink(request, ownerEmail, 'registration-requested', '/registrations/respond');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Accept a registration made for you' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in to answer' }).click();
  await page.getByLabel('Email address').fill(ownerEmail);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Accept: this operation is mine' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Accept: this operation is mine' }).click();
  await expect(page.getByRole('heading', { name: 'Accepted' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Operations' }).getByRole('link', { name: operation, exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link has expired or was already used' })).toBeVisible();

  // The preparer now acts for it.
  await signIn(page, preparerEmail, PASSWORD);
  await page.goto('/preparer');
  await expect(page.getByText('1 operation matches.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Registrations waiting for owners' })).toHaveCount(0);
});
