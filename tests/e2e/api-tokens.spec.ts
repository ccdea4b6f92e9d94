import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';

// An admin issues a county API token, another system uses it against the running server, and the
// admin revokes it.
test.use({ actionTimeout: 20_000 });

test('an admin issues a county token shown once, the API answers it within the county, and revoking stops it', async ({ page, request }) => {
  await signIn(page, 'admin@example.com');
  await page.goto('/admin/api-tokens');
  await expect(page.getByRole('heading', { level: 1, name: 'API tokens' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Issue token' }).click();
  await expect(page.getByText('Name the system or person the token is for')).toBeVisible();
  await page.getByLabel('Who the token is for').fill('Sioux County GIS (browser test)');
  await page.getByLabel(/^County/).selectOption({ label: 'Sioux' });
  await page.getByRole('button', { name: 'Issue token' }).click();
  const secret = (await page.getByTestId('issued-token').textContent())!.trim();
  expect(secret).toMatch(/^mmp_[A-Za-z0-9_-]{40,}$/);
  await expectNoA11yViolations(page);

  const auth = { Authorization: `Bearer ${secret}` };
  const ops = await request.get('/api/v1/operations', { headers: auth });
  expect(ops.status()).toBe(200);
  const body = (await ops.json()) as { items: { name: string; county: { name: string } }[] };
  expect(body.items.map((o) => o.name)).toContain('Rock Valley Finisher Site');
  expect(body.items.map((o) => o.name)).not.toContain('Stanhope Layer Complex');
  const again = await request.get('/api/v1/operations', { headers: { ...auth, 'If-None-Match': ops.headers()['etag']! } });
  expect(again.status()).toBe(304);

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: 'Sioux County GIS (browser test)' });
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: /Revoke/ }).click();
  await expect(row).toContainText('Revoked');
  const refused = await request.get('/api/v1/operations', { headers: auth });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['content-type']).toContain('application/problem+json');
  expect((await refused.json()) as object).toMatchObject({ type: '/api/v1/problems/token-revoked', status: 401 });
});

test('the API reference page and its OpenAPI document are served by the portal', async ({ page, request }) => {
  const doc = await request.get('/api/v1/openapi.json');
  expect(((await doc.json()) as { openapi: string }).openapi).toBe('3.1.0');
  await page.goto('/api/v1/reference');
  await expect(page.getByText('Iowa MMP Portal API').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Public status search').first()).toBeVisible();
});
