import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { iowaDateOf } from '@/lib/clock';
import { formatDate } from '@/lib/format';
import { addDays } from '@/lib/rules';

// The public status search, signed out: reached from the home page, searched, paged and exported.
test.use({ actionTimeout: 20_000 });

test('anyone looks up an operation’s plan status without signing in, and downloads the list', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Look up an operation’s plan status' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plan status search' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByLabel('County').selectOption({ label: 'Sioux' });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/status\?.*county=19167/);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Rock Valley Finisher Site/ }) });
  await expect(row).toContainText('Sioux');
  await expect(row).toContainText('992');
  // Approved, or Submitted once the owner-updates journey has filed its annual update: the last
  // approval date stays either way.
  await expect(row).toContainText(/Approved|Submitted/);
  // The demo's last approval of Rock Valley is 330 days before the day it was loaded (this run's day).
  await expect(row).toContainText(formatDate(addDays(iowaDateOf(new Date()), -330)));
  // Nothing private: no owner names or contact details on the public page.
  await expect(page.getByText('Hansen Family Farms')).toHaveCount(0);
  await expect(page.getByText(/@example\.com/)).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.getByLabel('Search', { exact: true }).fill('no operation is called this');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No operation matches this search.')).toBeVisible();
  await expectNoA11yViolations(page);

  const csv = await page.request.get('/api/status/export?county=19167');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const text = await csv.text();
  expect(text).toContain('Facility ID,Operation,County');
  expect(text).toMatch(/\d+,Rock Valley Finisher Site,Sioux,992,(Approved|Submitted)/);
  expect(text).not.toContain('Kalona');
});
