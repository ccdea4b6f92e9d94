import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { DEMO_PASSWORD, signIn } from './support/auth';
import { codeFor, readyToSign, removeAuthenticator, type Authenticator } from './support/signing';

// Issue 15: a preparer with 40 demo clients finds, filters and bulk-files ten "no change" updates
// (one more, with a pending ownership transfer, is refused by name); an owner files one from her
// dashboard; a contractor pays a compliance fee through the test payment page and the ledger shows
// it once. The time-to-file figures (clicks from the dashboard, seconds) are printed, not asserted.

/**
 * Counts the clicks a person makes from the dashboard on, and the time they take. The test's own
 * checks (axe scans, downloads, a deliberate mistake) run `aside`: their time is not counted.
 */
function stopwatch() {
  let clicks = 0;
  let asideMs = 0;
  const started = Date.now();
  return {
    click: async (l: Locator) => {
      clicks++;
      await l.click();
    },
    aside: async (run: () => Promise<unknown>) => {
      const t0 = Date.now();
      await run();
      asideMs += Date.now() - t0;
    },
    report: (what: string) => {
      const seconds = ((Date.now() - started - asideMs) / 1000).toFixed(1);
      console.log(`[time to file] ${what}: ${clicks} clicks, ${seconds} s`);
      return { clicks, seconds };
    },
  };
}

/** USWDS draws its own checkboxes over a hidden input: people click the label. */
const labelFor = (page: Page, text: string | RegExp) => page.locator('label').filter({ hasText: text }).first();

/** The batch's signing step: the certification, the password and a code from the app, once for all. */
async function signStatements(page: Page, app: Authenticator) {
  await expect(page.getByText('I certify under penalty of law')).toBeVisible();
  await labelFor(page, 'I make the certification above, and each statement I ticked').click();
  await page.getByLabel('Your password').fill(DEMO_PASSWORD);
  app.usedSteps += 1;
  await page.getByLabel('Code from your authenticator app').fill(codeFor(app.secret, 30 * app.usedSteps));
}

test('an owner files a “no change” annual update from the dashboard', async ({ page }) => {
  await signIn(page, 'owner.albers@example.com');
  const app = await readyToSign(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My operations' })).toBeVisible();
  const t = stopwatch();
  await t.click(page.getByRole('link', { name: 'File a “no change” update for Albers Pork North Finisher' }));
  await expect(page.getByRole('heading', { level: 1, name: 'File a “no change” annual update: Albers Pork North Finisher' })).toBeVisible();
  // 1,300 finishers x 0.4 = 520 AU x $0.15 = $78.00, paid by the owner (IAC 567-65.110(3)"c").
  const row = page.getByRole('row').filter({ hasText: 'Albers Pork North Finisher' });
  await expect(row).toContainText('520');
  await expect(row).toContainText('$78.00, paid by Albers Pork LLC (owner');
  await t.aside(async () => {
    await expectNoA11yViolations(page);
    // Filing without certifying is refused on that operation, and nothing is filed.
    await page.getByRole('button', { name: 'Sign and file the “no change” update' }).click();
    await expect(row).toContainText('Certify the statement for this operation, or leave it out');
  });
  await t.click(labelFor(page, /^I certify that the manure management plan for Albers Pork North Finisher/));
  await signStatements(page, app);
  await t.click(page.getByRole('button', { name: 'Sign and file the “no change” update' }));
  await expect(page.getByRole('status').filter({ hasText: '1 update was filed' })).toBeVisible();
  const m = t.report('owner, one no-change update from the dashboard');
  expect(m.clicks).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Albers Pork North Finisher: receipt and plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Albers Pork North Finisher: annual update — no-change statement/ })).toBeVisible();
  await expect(page.getByText(/Fees due: \$78\.00/)).toBeVisible();
  await removeAuthenticator(page, app);
});

const TEN = [
  'Brandt Family Farms North Finisher', 'Brandt Family Farms South Finisher', 'Brandt Family Farms East Finisher',
  'Christensen Swine North Finisher', 'Christensen Swine South Finisher', 'Christensen Swine East Finisher',
  'Dvorak Feeders North Finisher', 'Dvorak Feeders South Finisher', 'Dvorak Feeders East Finisher', 'Dvorak Feeders West Finisher',
];
const TRANSFER_PENDING = 'Christensen Swine West Finisher';

test('a preparer with 40 clients finds, filters and files ten “no change” updates at once; the one with a pending transfer is named', async ({ page, request }) => {
  await signIn(page, 'preparer@example.com');
  const app = await readyToSign(page);
  await page.goto('/dashboard');
  const t = stopwatch();
  await t.click(page.getByRole('link', { name: 'Client portfolio' }).first());
  await expect(page.getByRole('heading', { level: 1, name: 'Client portfolio' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All operations: 42' })).toBeVisible();
  await expect(page.getByText('42 operations match.')).toBeVisible();
  await t.aside(() => expectNoA11yViolations(page));

  // Find: by owner name.
  await page.getByRole('textbox', { name: 'Search' }).fill('Albers');
  await t.click(page.getByRole('button', { name: 'Apply filters' }));
  await expect(page.getByText('4 operations match.')).toBeVisible();
  // Filter: overdue only (a bucket link with its count).
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await page.getByLabel('Due', { exact: true }).selectOption('overdue');
  await t.click(page.getByRole('button', { name: 'Apply filters' }));
  await expect(page).toHaveURL(/due=overdue/);
  const overdue = page.getByRole('table').getByRole('rowheader');
  expect(await overdue.count()).toBeGreaterThan(0);
  for (const cell of await page.getByRole('table').getByRole('row').filter({ has: page.getByRole('rowheader') }).all()) await expect(cell).toContainText('overdue by');
  // The filtered list as CSV.
  await t.aside(async () => {
    const csv = await page.request.get('/api/portfolio/export.csv?due=overdue');
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(await csv.text()).toContain('Operation,Facility ID,Owner,County');
    expect((await request.get('/api/portfolio/export.csv')).status()).toBe(401);
  });

  // Annual updates due, soonest first; tick ten and the one with a transfer pending.
  await page.getByLabel('Due', { exact: true }).selectOption('');
  await page.getByLabel('Next filing').selectOption('annual_update');
  await t.click(page.getByRole('button', { name: 'Apply filters' }));
  await expect(page).toHaveURL(/next=annual_update/);
  t.report('preparer, finding and filtering so far');
  for (const name of [...TEN, TRANSFER_PENDING]) await t.click(page.locator(`label:has-text("Select ${name}")`));
  await t.click(page.getByRole('button', { name: 'Review “no change” updates for the selected operations' }));
  await expect(page.getByRole('heading', { level: 1, name: 'File “no change” annual updates (11)' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: TRANSFER_PENDING })).toContainText('Cannot be filed: An ownership transfer request is pending');
  await expect(page.getByText(/10 to file · annual compliance fees \$/)).toBeVisible();
  await t.aside(() => expectNoA11yViolations(page));
  for (const name of TEN) await t.click(labelFor(page, `I certify that the manure management plan for ${name}, as last approved`));
  await signStatements(page, app);
  await t.click(page.getByRole('button', { name: 'Sign and file all 10 “no change” updates' }));
  await expect(page.getByRole('status').filter({ hasText: '10 updates were filed' })).toBeVisible({ timeout: 60_000 });
  t.report('preparer, ten no-change updates in bulk from the dashboard');
  const refused = page.locator('.usa-alert--error').filter({ hasText: '1 could not be filed' });
  await expect(refused).toContainText(`${TRANSFER_PENDING}: An ownership transfer request is pending`);
  for (const name of TEN) await expect(page.getByRole('link', { name: `${name}: receipt and plan` })).toBeVisible();
  // Each has its own invoice.
  const invoice = await page.request.get((await page.getByRole('link', { name: 'invoice (PDF)' }).first().getAttribute('href'))!);
  expect(invoice.headers()['content-type']).toBe('application/pdf');
  await expectNoA11yViolations(page);

  // Back on the portfolio, the ten show as submitted.
  await page.goto('/preparer?q=Dvorak');
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Dvorak Feeders West Finisher' })).toContainText('Submitted');
  await removeAuthenticator(page, app);
});

test('a contractor pays a compliance fee through the test payment page, and the ledger shows it once', async ({ page }) => {
  await signIn(page, 'contractor@example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Contracted operations' })).toBeVisible();
  const ops = page.getByRole('table', { name: 'Operations you contract' });
  await expect(ops.getByRole('link', { name: 'Hull Contract Finisher', exact: true })).toBeVisible();
  const fee = page.getByRole('table', { name: 'Fees billed to you' }).getByRole('row').filter({ hasText: 'Hull Contract Finisher' }).filter({ hasText: '$297.60' });
  await expect(fee).toContainText(/Overdue: was due/);
  await expect(fee).toContainText(/reference FEE-[0-9A-F]{10}/);
  await fee.getByText('Pay $297.60 by check').click();
  await expect(fee).toContainText('Iowa Department of Natural Resources');
  await expectNoA11yViolations(page);
  await fee.getByRole('button', { name: 'Pay $297.60 online' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Test payment page' })).toBeVisible();
  await expect(page.getByText('Test payment page: not a real payment')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Pay $297.60 (test)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment received: $297.60' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Fees billed to you' }).getByRole('row').filter({ hasText: 'Hull Contract Finisher' }).filter({ hasText: '$297.60' })).toContainText('$0.00 (Paid)');

  // The department's ledger: paid, by card, with the test processor's reference, exactly once.
  await signIn(page, 'reviewer@example.com');
  await page.goto('/fees?q=Hull');
  await page.getByRole('row').filter({ hasText: 'Annual compliance fee' }).filter({ hasText: 'Heartland Pork Partners' }).getByRole('link', { name: 'Hull Contract Finisher' }).click();
  await expect(page.getByRole('region', { name: 'Paid in full' })).toBeVisible();
  const paymentsTable = page.getByRole('table', { name: 'Payments on this fee' });
  await expect(paymentsTable.getByRole('row').filter({ hasText: /TEST-[0-9A-F]+/ })).toHaveCount(1);
  await expect(paymentsTable.getByRole('row').filter({ has: page.getByRole('rowheader') })).toHaveCount(1);
  await expect(paymentsTable).toContainText('$297.60');
});
