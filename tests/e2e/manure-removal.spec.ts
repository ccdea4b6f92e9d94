import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';

// IAC 567-65.110(5), one answer: Kalona Dairy (demo) has an approved original plan and a later annual
// update the department disapproved. Under the reading used (an approved plan stays in force until a
// later one is approved; a disapproved update does not withdraw it), the decision letter, the owner's
// dashboard and the county's list must all say manure may be removed. Read-only: it changes no data.

const ALLOWED = 'Allowed: an approved plan is in force';

test('the letter, the dashboard and the county view agree on manure removal after a disapproved update', async ({ page }) => {
  await signIn(page, 'ruth.miller@example.com');
  await page.goto('/dashboard');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Kalona Dairy', exact: true }) });
  await expect(row).toContainText('Disapproved');
  await expect(row).toContainText(ALLOWED);
  await expect(row).toContainText('IAC 567-65.110(5)');
  await expect(page.getByText(/An approved manure management plan stays in force until a later one is approved/)).toBeVisible();

  await row.getByRole('link', { name: 'Kalona Dairy', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kalona Dairy' })).toBeVisible();
  await expect(page.getByText(/Manure removal from storage: allowed\./)).toBeVisible();
  await page.getByRole('link', { name: 'Annual update — complete plan' }).click();
  await expect(page.getByText(/Manure removal from storage: allowed\./)).toBeVisible();
  await page.getByRole('link', { name: 'Read the decision letter' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Manure management plan disapproved' })).toBeVisible();
  const letter = page.locator('article');
  await expect(letter).toContainText('Manure removal from storage: allowed. An approved manure management plan is in force for this operation');
  await expect(letter).toContainText(/Plan reference: MMP-\d{6}/);
  await expect(page.getByLabel('Addressed to')).toContainText('Ruth Miller');
  await expect(page.getByLabel('Addressed to')).toContainText('Kalona, IA 52247');
  await expect(letter).toContainText('Field Office 6 — Washington');
  await expect(page.getByRole('heading', { name: 'If you disagree' })).toBeVisible();
  await expect(letter).toContainText('notice of appeal');
  await expectNoA11yViolations(page);

  await signIn(page, 'auditor.washington@example.com');
  await page.goto('/county');
  const countyRow = page.getByRole('row').filter({ hasText: 'Kalona Dairy' });
  await expect(countyRow).toContainText('Disapproved');
  await expect(countyRow).toContainText(ALLOWED);
  await expectNoA11yViolations(page);
});

test('an operation with no approved plan says "not allowed" in the same words', async ({ page }) => {
  await signIn(page, 'owner.hansen@example.com');
  await page.goto('/dashboard');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Sioux Center Finisher II', exact: true }) });
  await expect(row).toContainText('Not allowed: no approved plan is in force');
});
