import { expect, test } from '@playwright/test';
import { createUnsubscribeToken } from '@/lib/notifications/unsubscribe-token';
import { expectNoA11yViolations } from './support/a11y';

// The unsubscribe link of a reminder opened in a browser (mail programs without one-click send
// people here): no sign-in, one question, one button, and it works without JavaScript. The token is
// signed with the server's secret: on the embedded database the generated one both processes read
// from the data folder; on PostgreSQL the suite's server makes a secret of its own, unknown here.
test.skip(Boolean(process.env.DATABASE_URL), 'the server on PostgreSQL signs with a secret this process does not know');

test('an owner with no account stops update reminders from the link in a reminder', async ({ page }) => {
  const token = createUnsubscribeToken({ address: 'ruth.miller@example.com', list: 'update_reminders' });
  await page.goto(`/api/unsubscribe/${token}`);
  await expect(page).toHaveURL(new RegExp(`/unsubscribe/${token}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Stop these emails?' })).toBeVisible();
  await expect(page.getByText('Stop sending annual update reminders (60, 30 and 7 days before the due date) to r***@example.com.')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Stop these emails' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'r***@example.com will no longer get annual update reminders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'notification settings' })).toHaveAttribute('href', '/account/notifications');
  await expectNoA11yViolations(page);
});

test('a link whose token was altered is not found', async ({ page }) => {
  const token = createUnsubscribeToken({ address: 'ruth.miller@example.com', list: 'update_reminders' });
  const altered = `${token.slice(0, -3)}abc`;
  expect((await page.goto(`/unsubscribe/${altered}`))?.status()).toBe(404);
  // A mail provider's one-click request carries no Origin: it reaches the handler, which refuses the token.
  expect((await page.request.post(`/api/unsubscribe/${altered}`, { form: { 'List-Unsubscribe': 'One-Click' } })).status()).toBe(404);
  const genuine = await page.request.post(`/api/unsubscribe/${createUnsubscribeToken({ address: 'someone.else@example.com', list: 'county_notices' })}`, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(genuine.status()).toBe(200);
  // A webmail page may post it from its own site: the signed token is the only credential.
  const fromWebmail = await page.request.post(`/api/unsubscribe/${createUnsubscribeToken({ address: 'someone.else@example.com', list: 'update_reminders' })}`, {
    form: { 'List-Unsubscribe': 'One-Click' },
    headers: { origin: 'https://webmail.example.com' },
  });
  expect(fromWebmail.status()).toBe(200);
  expect(await genuine.text()).toBe('Unsubscribed: s***@example.com will no longer get emails and digests about plans touching your county.');
});
