import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';

// The department's other views: fees ledger and payments, CSV exports, compliance dashboard, the
// due-date preview (not applied: other journeys rely on the demo's due dates) and fee parameters.

// USWDS draws its own radios and moves the real input off screen: click the label.
const choose = (page: Page, label: string | RegExp) => page.locator('label').filter({ hasText: label }).first().click();

test('staff record a payment on the ledger: over-balance refused, part payment receipted', async ({ page }) => {
  await signIn(page, 'reviewer@example.com');
  await page.goto('/fees');
  await expect(page.getByRole('heading', { level: 1, name: 'Fees ledger' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel('Operation name').fill('Kalona');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/q=Kalona/);
  await page.getByRole('row').filter({ hasText: 'Annual compliance fee' }).filter({ hasText: 'Unpaid' }).getByRole('link', { name: 'Kalona Dairy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Annual compliance fee: Kalona Dairy');
  await expectNoA11yViolations(page);

  // 700 mature dairy x 1.4 + 300 immature x 1.0 = 1,280 AU x $0.15 = $192.00 (IAC 567-65.110(3)"c").
  await expect(page.getByRole('region', { name: '$192.00 still owed' })).toBeVisible();
  await page.getByLabel(/Amount \(dollars\)/).fill('500');
  await page.getByLabel(/^Method/).selectOption('check');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByLabel(/Amount \(dollars\)/)).toHaveAccessibleDescription(/The amount is more than the \$192\.00 still owed on this fee\./);
  await page.getByLabel(/Amount \(dollars\)/).fill('-3');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByLabel(/Amount \(dollars\)/)).toHaveAccessibleDescription(/The amount must be more than \$0\.00/);
  await page.getByLabel(/Amount \(dollars\)/).fill('92.00');
  await page.getByLabel('Reference (check number, authorization code)').fill('CHK 5120');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Payment recorded: receipt MMP-\d{4}-/ })).toContainText('$100.00 is still owed.');
  await expect(page.getByRole('region', { name: '$100.00 still owed' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'CHK 5120' })).toContainText('$92.00');
});

test('the worklist and the ledger download as CSV for the department only', async ({ page, request }) => {
  expect((await request.get('/api/review/worklist.csv')).status()).toBe(401);
  await signIn(page, 'reviewer@example.com');
  const worklist = await page.request.get('/api/review/worklist.csv?channel=hard_copy');
  expect(worklist.headers()['content-type']).toContain('text/csv');
  const text = await worklist.text();
  expect(text).toContain('Operation,Facility ID,County');
  expect(text).toContain('Cherokee Cattle Confinement');
  expect(text).not.toContain('Hull Contract Finisher');
  const ledger = await page.request.get('/api/fees/ledger.csv?status=due');
  expect(await ledger.text()).toContain('Annual compliance fee');
  // A query string that does not parse is the caller's mistake, answered 400 with what is wrong.
  const bad = await page.request.get('/api/fees/ledger.csv?status=bogus');
  expect(bad.status()).toBe(400);
  // Answered as RFC 9457 problem details, naming the parameter.
  expect(bad.headers()['content-type']).toContain('application/problem+json');
  const problem = await bad.json();
  expect(problem.detail).toMatch(/^The request is not valid: status/);
  expect(problem.errors).toEqual([expect.objectContaining({ pointer: '#/status' })]);
  await signIn(page, 'owner.hansen@example.com');
  expect((await page.request.get('/api/fees/ledger.csv')).status()).toBe(403);
});

test('the compliance dashboard shows counts, a chart by month and a county map with a table', async ({ page }) => {
  await signIn(page, 'supervisor@example.com');
  await page.goto('/compliance');
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Plans received and decided, last 12 months/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Compliance items by county/ })).toBeVisible();
  // Doon Sow Unit's annual update was due 20 days before the demo was loaded.
  await expect(page.getByRole('listitem').filter({ hasText: 'Doon Sow Unit' })).toContainText('Annual update not received');
  await expect(page.getByRole('table', { name: /Compliance items by county/ })).toContainText('Lyon');
  await expectNoA11yViolations(page);
});

test('a supervisor assigns plans in bulk from the worklist', async ({ page }) => {
  await signIn(page, 'supervisor@example.com');
  await page.goto('/review?channel=hard_copy');
  await expect(page.getByRole('heading', { name: 'Plans 1–1 of 1' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Assign selected plans' }).click();
  await expect(page.getByText('Choose at least one plan')).toBeVisible();
  await choose(page, 'Select Cherokee Cattle Confinement');
  await page.getByLabel('Assign to').selectOption({ label: 'Sam Okafor' });
  await page.getByRole('button', { name: 'Assign selected plans' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 plan assigned to Sam Okafor.' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Cherokee Cattle Confinement' })).toContainText('Sam Okafor');
});

test('a supervisor previews due-date policies; one that leaves operations without a date cannot be applied', async ({ page }) => {
  await signIn(page, 'supervisor@example.com');
  await page.getByRole('link', { name: 'Due dates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Annual update due dates' })).toBeVisible();
  await choose(page, /Spread evenly across twelve months/);
  await page.getByRole('button', { name: 'Preview the schedule' }).click();
  await expect(page.getByRole('img', { name: /Due dates by month under this policy/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Apply this schedule to \d+ operations/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await choose(page, /By county group/);
  await page.getByLabel(/Spencer field office/).selectOption('3');
  await page.getByRole('button', { name: 'Preview the schedule' }).click();
  await expect(page.getByRole('heading', { name: /would have no due date/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Apply this schedule/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('an administrator records the indemnity fund balance; collection is suspended above $3 million at the end of a quarter', async ({ page, request }) => {
  // Iowa Code 459.503A reads the fund "at the end of any three-month period": a balance recorded at the
  // last quarter end suspends collection from the day after it.
  const today: string = (await (await request.get('/api/test/clock')).json()).today;
  const year = Number(today.slice(0, 4));
  const quarterEnd = [`${year - 1}-12-31`, `${year}-03-31`, `${year}-06-30`, `${year}-09-30`, `${year}-12-31`].filter((q) => q < today).at(-1)!;
  await signIn(page, 'admin@example.com');
  await page.getByRole('link', { name: 'Fee parameters' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fee parameters' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Indemnity fees are being collected', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  const form = page.getByRole('form', { name: 'Fund balance' });
  await form.getByLabel(/Fund balance \(dollars\)/).fill('3,250,000');
  await form.getByLabel(/^In effect from/).fill(quarterEnd);
  await form.getByLabel(/^Source/).fill('Fund statement, end of the quarter');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toContainText('Saved');
  const suspended = page.getByRole('region', { name: 'Indemnity fee collection is suspended', exact: true });
  await expect(suspended).toBeVisible();
  await expect(suspended).toContainText('Since the end of the quarter on');
  await expect(page.getByRole('table', { name: /Manure storage indemnity fund balance/ })).toContainText('$3,250,000.00');
});
