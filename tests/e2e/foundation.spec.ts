import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';

test('the health check reports the database mode and that it answers', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.status).toBe('ok');
  expect(body.database).toMatchObject({ mode: process.env.DATABASE_URL ? 'postgres' : 'embedded', answered: true });
  expect(body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test('the home page explains the portal to each of its users', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('An official website of the State of Iowa')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeAttached();
  await expect(page.getByText(/\$250/).first()).toBeVisible();
  await expect(page.getByText(/60 days/).first()).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the county directory renders the seeded counties and their plans', async ({ page }) => {
  await page.goto('/counties');
  await expect(page.getByRole('heading', { level: 1, name: 'Counties and field offices' })).toBeVisible();
  const sioux = page.getByRole('row', { name: /^Sioux 19167/ });
  await expect(sioux).toContainText('Spencer');
  // Three demo operations are located in Sioux County.
  await expect(sioux.getByRole('cell').nth(2)).toHaveText('3');
  await expect(page.getByRole('row')).toHaveCount(100); // header + 99 counties
  await expectNoA11yViolations(page);
});

test('an unknown address says the page or record cannot be found', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/can.t find/i);
  await expectNoA11yViolations(page);
});

test('security headers are sent with every page', async ({ request }) => {
  const res = await request.get('/');
  const h = res.headers();
  expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBeTruthy();
  expect(h['x-powered-by']).toBeUndefined();
});

test('in test mode the portal date can be set and cleared', async ({ request }) => {
  const set = await request.post('/api/test/clock', { data: { date: '2027-03-01' } });
  expect(await set.json()).toEqual({ today: '2027-03-01' });
  expect((await (await request.get('/api/health')).json()).today).toBe('2027-03-01');
  expect((await request.post('/api/test/clock', { data: { date: 'tomorrow' } })).status()).toBe(400);
  await request.post('/api/test/clock', { data: { date: null } });
  expect((await (await request.get('/api/health')).json()).today).not.toBe('2027-03-01');
});
