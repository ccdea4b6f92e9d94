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

test('the API reference is a page of the portal that asks nothing of another site', async ({ page, request, baseURL }) => {
  const doc = await request.get('/api/v1/openapi.json');
  const body = (await doc.json()) as { openapi: string; servers: { url: string }[] };
  expect(body.openapi).toBe('3.1.0');
  expect(body.servers[0]!.url).toBe(new URL(baseURL!).origin);
  const elsewhere: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).origin !== new URL(baseURL!).origin) elsewhere.push(r.url());
  });
  await page.goto('/api/v1/reference');
  await expect(page.getByRole('heading', { level: 1, name: 'Iowa MMP Portal API' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('navigation', { name: 'API reference contents' }).getByRole('link', { name: 'Filing and annual compliance fees (IAC 567-65.110(3)"c", (7))' }).click();
  const fees = page.getByRole('region', { name: /Filing and annual compliance fees/ });
  await expect(fees.getByText('No token needed.')).toBeVisible();
  await expect(fees.getByText('computeFees')).toBeVisible();
  await expect(fees.getByLabel(/Example body/)).toContainText('"constructionPermitRequired": true');
  const plan = page.getByRole('region', { name: 'One plan, with the plan document as filed' });
  await expect(plan.getByText('Needs a token.')).toBeVisible();
  await plan.getByRole('row', { name: /^200/ }).getByRole('link', { name: 'Plan' }).click();
  await expect(page).toHaveURL(/#schema-Plan$/);
  await expect(page.getByRole('heading', { level: 3, name: 'Plan', exact: true })).toBeVisible();
  expect(await page.locator('script[src*="scalar"], #app').count()).toBe(0);
  expect(elsewhere).toEqual([]);
});
