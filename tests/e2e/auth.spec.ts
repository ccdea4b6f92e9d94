import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';

const HOMES = [
  { email: 'owner.hansen@example.com', path: '/dashboard', heading: 'My operations' },
  { email: 'preparer@example.com', path: '/dashboard', heading: 'My operations' },
  { email: 'contractor@example.com', path: '/contractor', heading: 'Contracted operations' },
  { email: 'reviewer@example.com', path: '/review', heading: 'Review worklist' },
  { email: 'supervisor@example.com', path: '/review', heading: 'Review worklist' },
  { email: 'auditor.sioux@example.com', path: '/county', heading: 'Sioux County plans' },
  { email: 'auditor.hamilton@example.com', path: '/county', heading: 'Hamilton County plans' },
  { email: 'admin@example.com', path: '/admin/users', heading: 'Users' },
];

for (const home of HOMES) {
  test(`${home.email} signs in and lands on ${home.path}`, async ({ page }) => {
    await signIn(page, home.email);
    await expect(page).toHaveURL(new RegExp(`${home.path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.heading);
    await expectNoA11yViolations(page);
  });
}

test('the sign-in page lists the demo accounts and passes axe', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Demo accounts' })).toBeVisible();
  await expect(page.getByText('auditor.sioux@example.com')).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a wrong email and a wrong password get the same message', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill('nobody@example.com');
  await page.getByLabel('Password').fill('whatever-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const unknown = await page.getByText(/The email or password is not right/).textContent();
  await page.getByLabel('Email address').fill('owner.prairie@example.com');
  await page.getByLabel('Password').fill('wrong-password-here');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/The email or password is not right/)).toHaveText(unknown!);
  await expect(page).toHaveURL(/\/sign-in/);
});

test('repeated wrong passwords slow the next try from this browser, and point to the reset that always works', async ({ page }) => {
  await page.goto('/sign-in');
  const answer = page.getByText(/The email or password is not right|Too many sign-in attempts/);
  // Each failure beyond the first few doubles the wait, so quick tries soon meet it.
  for (let i = 0; i < 12; i++) {
    await page.getByLabel('Email address').fill('reviewer2@example.com');
    await page.getByLabel('Password').fill(`not-the-password-${i}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(answer).toBeVisible();
    if (/Too many/.test((await answer.textContent()) ?? '')) break;
  }
  await expect(page.getByText(/Too many sign-in attempts.*wait \d+ seconds?.*reset your password: the reset link always works/)).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test('signed-out visitors are sent to sign in, and a role without access gets 403', async ({ page }) => {
  await page.goto('/review');
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Freview/);
  await signIn(page, 'owner.hansen@example.com');
  const res = await page.goto('/review');
  expect(res?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/access|not allowed|permission/i);
});

test("a county official pasting another county's plan URL gets not found", async ({ page }) => {
  await signIn(page, 'auditor.sioux@example.com');
  // Doon Sow Unit is in Lyon County; its plan applies manure in Sioux, not in Hamilton.
  await page.getByRole('link', { name: 'Doon Sow Unit' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Doon Sow Unit');
  const url = page.url();
  await signIn(page, 'auditor.hamilton@example.com');
  const res = await page.goto(url);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/can.t find/i);
});

test('signing out ends the session', async ({ page }) => {
  await signIn(page, 'owner.vanzee@example.com');
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith('next-auth.session-token'));
  expect(cookie, 'session cookie').toBeDefined();
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in/);
});
