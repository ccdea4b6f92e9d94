import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';
import { addDaysIso, portalToday } from './support/dates';

// Issue 14: the county average yields of DNR form 542-4000a come in by CSV, checked and previewed
// before anything is written; the crop table shows which figures the department has not confirmed.
test.use({ actionTimeout: 20_000 });

// A yield this run has not recorded before, so the preview always has something to show.
const YIELD = (150 + Math.floor(Math.random() * 3000) / 100).toFixed(2).replace(/0+$/, '').replace(/\.$/, '');

test('an admin imports a small county yield table: a bad file is refused by row, a good one previewed then imported', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin@example.com');
  await page.getByRole('link', { name: 'Reference tables' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reference tables' })).toBeVisible();
  await expect(page.getByRole('table', { name: /crop table in force today/ }).getByText('Unconfirmed').first()).toBeVisible();
  await expectNoA11yViolations(page);

  const upload = async (name: string, csv: string) => {
    await page.goto('/admin/reference');
    const form = page.getByRole('form', { name: 'Import county average yields' });
    await form.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await form.getByLabel(/^Source/).fill('DNR form 542-4000a, Appendix A (test table)');
    await form.getByRole('button', { name: 'Check the file' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `County average yields: ${name}` })).toBeVisible();
  };

  await upload('bad-yields.csv', 'county,crop,yield,unit,years\nPolk,corn,180,bu,2019-2023\nAtlantis,corn,900,bu,2019-2023\n');
  await expect(page.getByRole('heading', { name: 'The file is refused: nothing was imported' })).toBeVisible();
  const refused = page.getByRole('table', { name: 'Refused rows' });
  await expect(refused.getByRole('row', { name: /^3 / })).toContainText('county: county “Atlantis” is not one of Iowa’s counties');
  await expect(refused.getByRole('row', { name: /^3 / })).toContainText('yield: yield 900 is impossible');
  await expect(page.getByRole('button', { name: 'Confirm and import' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await upload('appendix-a.csv', `county,crop,yield,unit,years\nAdair,corn,${YIELD},bu,2019-2023\n19185,soybeans,${YIELD},bu,2019-2023\n`);
  await expect(page.getByRole('heading', { name: 'What this file changes' })).toBeVisible();
  await expect(page.getByText('Unconfirmed').first()).toBeVisible();
  await expect(page.getByText(`Adair County, Corn (grain): ${YIELD} bu (2019-2023)`)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Confirm and import' }).click();
  await expect(page.getByRole('heading', { name: 'Imported' })).toBeVisible();

  await page.goto('/admin/reference');
  const yields = page.getByRole('table', { name: /County average yields in force today/ });
  await expect(yields.getByRole('row', { name: /Adair \(19001\)/ }).filter({ hasText: 'Corn (grain)' })).toContainText(`${YIELD} bu an acre`);
  await expect(yields.getByRole('row', { name: /Wayne \(19185\)/ }).filter({ hasText: 'Soybean' })).toContainText('Unconfirmed');
});

test('an admin records a crop row from a later date: an absurd figure names its limit, and the row is kept unconfirmed', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.goto('/admin/reference');
  const from = addDaysIso(await portalToday(page.request), 3650);
  const form = page.getByRole('form', { name: 'Record a crop row' });
  await form.getByLabel(/^Crop key/).fill('alfalfa');
  await form.getByLabel(/^Name shown on plans/).fill('Alfalfa');
  await form.getByLabel(/^Yield unit/).selectOption('tons');
  await form.getByLabel(/^P2O5 removal/).fill('75');
  await form.getByLabel(/^In force from/).fill(from);
  await form.getByLabel(/^Source/).fill('Department crop table (test row)');
  await form.getByRole('button', { name: 'Record the row' }).click();
  await expect(form.getByText('At most 50 lb per yield unit')).toBeVisible();
  await form.getByLabel(/^P2O5 removal/).fill('12');
  await form.getByRole('button', { name: 'Record the row' }).click();
  await expect(form.getByRole('status')).toContainText('Recorded; in force from');
  const history = page.getByRole('table', { name: /Every row the department recorded/ });
  await expect(history.getByRole('row', { name: /Alfalfa \(alfalfa\)/ }).filter({ hasText: 'Department crop table (test row)' })).toContainText('Unconfirmed');
});
