import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';

// County boards and notifications (issue 7), the pages, against the demo: Hamilton County's official
// sees Stanhope Layer Complex (located in Hamilton, update filed electronically yesterday) and Iowa
// Falls Finisher (Hardin, land-applying in Hamilton); Sioux County's official sees neither. Nothing
// here counts on what another spec did or did not do first (county-filing.spec.ts adds a plan).

// A step that cannot find its control fails in 20 s with the control named, not at the test timeout.
test.use({ actionTimeout: 20_000 });

const HAMILTON = 'auditor.hamilton@example.com';
const SIOUX = 'auditor.sioux@example.com';

/**
 * expectNoA11yViolations for a page that shows an email in a sandbox="" frame: axe cannot run
 * inside a frame with scripts disabled (the run hangs), so the frame, which holds the email as
 * sent rather than portal UI, is left out; the rest of the page is checked with the same rules.
 */
async function expectNoA11yViolationsAroundEmail(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('iframe[sandbox=""]').analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, 'axe violations').toEqual([]);
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });

test('a county official sees the operations touching the county, filters them in the address, and downloads them', async ({ page }) => {
  await signIn(page, HAMILTON);
  await page.goto('/county');
  await expect(page.getByRole('heading', { level: 1, name: 'Hamilton County plans' })).toBeVisible();
  await expect(rowOf(page, 'Stanhope Layer Complex')).toContainText('Located here; land-applies here');
  await expect(rowOf(page, 'Stanhope Layer Complex')).toContainText('Submitted');
  await expect(rowOf(page, 'Iowa Falls Finisher')).toContainText('Land-applies here (located in Hardin County)');
  // Located here, but its only plan is a draft: the county sees the operation, not the draft.
  await expect(rowOf(page, 'Webster City Wean-to-Finish')).toContainText('No plan filed');
  await expect(page.getByText(/^Showing 1–\d+ of \d+ operations\.$/)).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByLabel('Search').fill('stanhope');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/county\?q=stanhope/);
  await expect(page.getByText('Showing 1–1 of 1 operations.')).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await page.getByLabel('How it touches the county').selectOption('located_in');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('rowheader', { name: /Iowa Falls Finisher/ })).toHaveCount(0);
  await expect(rowOf(page, 'Stanhope Layer Complex')).toBeVisible();

  const csv = await page.request.get('/api/county/export?relation=land_applied_in');
  expect(csv.headers()['content-type']).toContain('text/csv');
  const text = await csv.text();
  expect(text).toContain('Operation,Facility ID,Located in county,How it touches this county');
  expect(text).toMatch(/Iowa Falls Finisher,\d+,Hardin,Land-applies here \(located in Hardin County\),800,Incomplete/);
  expect(text).not.toContain('Webster City');

  await page.goto('/county');
  await rowOf(page, 'Stanhope Layer Complex').getByRole('link', { name: 'Stanhope Layer Complex' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stanhope Layer Complex');
});

test('the received list shows what arrived since the official last looked, and only for their county', async ({ page }) => {
  await signIn(page, HAMILTON);
  await page.goto('/county/received');
  await expect(page.getByRole('heading', { level: 1, name: 'Received since you last looked' })).toBeVisible();
  // A first look lists the last 30 days: Stanhope's update (yesterday) and Iowa Falls' (14 days ago).
  if (await page.getByRole('heading', { name: 'This is your first look' }).isVisible()) {
    await expect(rowOf(page, 'Stanhope Layer Complex')).toContainText('It is located in Hamilton County and applies manure to land in Hamilton County.');
    await expect(rowOf(page, 'Iowa Falls Finisher')).toContainText('Annual update — complete plan');
  }
  await expectNoA11yViolations(page);

  // Looking moved the mark: nothing has arrived since.
  await page.reload();
  await expect(page.getByRole('heading', { name: /^You last looked on / })).toBeVisible();
  await expect(page.getByText('Nothing new has been received since you last looked.')).toBeVisible();

  // Sioux County is not touched by either plan.
  await signIn(page, SIOUX);
  await page.goto('/county/received');
  await expect(page.getByRole('table')).not.toContainText('Stanhope Layer Complex');
  await expect(page.getByRole('table')).not.toContainText('Iowa Falls Finisher');
  const outside = await page.request.get('/api/county/export?q=stanhope');
  expect(await outside.text()).not.toContain('Stanhope');
});

test('the hard-copy receipt page answers only for plans of the official’s county', async ({ page }) => {
  await signIn(page, HAMILTON);
  await page.goto('/county?q=stanhope');
  const planHref = await rowOf(page, 'Stanhope Layer Complex').getByRole('link', { name: 'Stanhope Layer Complex' }).getAttribute('href');
  const receipt = `/county${planHref}/receipt`;
  await page.goto(receipt);
  await expect(page.getByRole('heading', { level: 1, name: 'Record a hard-copy receipt' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No receipt is needed' })).toBeVisible();
  await expectNoA11yViolations(page);

  await signIn(page, SIOUX);
  const res = await page.goto(receipt);
  expect(res?.status()).toBe(404);
});

test('staff read the outbox with links hidden, and preview every email in a sandboxed frame', async ({ page }) => {
  // A password reset writes an email whose link must not be readable by staff.
  await page.goto('/forgot-password');
  await page.getByLabel('Email address').fill('owner.prairie@example.com');
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  await signIn(page, 'reviewer@example.com');
  await page.getByRole('link', { name: 'Sent mail' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sent mail' })).toBeVisible();
  const reset = page.getByRole('row').filter({ hasText: 'owner.prairie@example.com' }).filter({ hasText: 'password-reset' }).first();
  await expect(reset).toBeVisible();
  await expectNoA11yViolations(page);
  await reset.getByRole('link', { name: 'Reset your Iowa MMP Portal password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your Iowa MMP Portal password' })).toBeVisible();
  await page.getByText('Plain-text version').click();
  await expect(page.locator('pre')).toContainText('token=[hidden]');
  await expect(page.frameLocator('iframe[title^="The message"]').getByText(/reset/i).first()).toBeVisible();
  expect(await page.locator('iframe').getAttribute('sandbox')).toBe('');
  await expectNoA11yViolationsAroundEmail(page);

  await page.goto('/mail/previews');
  await expect(page.getByRole('heading', { level: 1, name: 'Email previews' })).toBeVisible();
  // Every template has its preview, each in a frame without scripts or same-origin access.
  expect(await page.locator('iframe[title^="Preview of the"]').count()).toBeGreaterThanOrEqual(14);
  await expect(page.locator('iframe[title^="Preview of the"]:not([sandbox=""])')).toHaveCount(0);
  await expect(page.locator('iframe[title="Preview of the account-notice email"]')).toHaveCount(1);
  await expect(page.frameLocator('iframe[title="Preview of the county-digest email"]').getByText('Your weekly digest: 2 plans touching Lyon County')).toBeVisible();
  await expectNoA11yViolationsAroundEmail(page);

  await signIn(page, 'owner.hansen@example.com');
  expect((await page.goto('/mail'))?.status()).toBe(403);
});

test('an official chooses a weekly digest and an owner turns update reminders off; deadlines stay on', async ({ page }) => {
  await signIn(page, HAMILTON);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Email notifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email notifications' })).toBeVisible();
  await expect(page.getByText('Always sent: these cannot be turned off')).toBeVisible();
  await expect(page.getByLabel(/One email for each plan/)).toBeChecked();
  await page.getByText('A weekly digest').click();
  await page.getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your email choices are saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/A weekly digest/)).toBeChecked();
  await expectNoA11yViolations(page);
  // Back to one email per plan, as the demo has it.
  await page.getByText('One email for each plan').click();
  await page.getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your email choices are saved.' })).toBeVisible();

  await signIn(page, 'owner.hansen@example.com');
  await page.goto('/account/notifications');
  const reminders = page.getByLabel('Remind me 60, 30 and 7 days before an annual update is due');
  await expect(reminders).toBeChecked();
  await page.getByText('Remind me 60, 30 and 7 days before an annual update is due').click();
  await page.getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your email choices are saved.' })).toBeVisible();
  await page.reload();
  await expect(reminders).not.toBeChecked();
  await expect(page.getByLabel(/Tell me when an annual update is overdue/)).toBeChecked();
  await page.getByText('Remind me 60, 30 and 7 days before an annual update is due').click();
  await expect(reminders).toBeChecked();
  await page.getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your email choices are saved.' })).toBeVisible();
});

test('an owner subscribes to a private calendar address, replaces it and stops it', async ({ page }) => {
  await signIn(page, 'owner.hansen@example.com');
  await page.goto('/account');
  await page.getByRole('link', { name: 'Calendar feed' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar feed' })).toBeVisible();
  await page.getByRole('button', { name: 'Make my calendar address' }).click();
  const address = page.getByLabel('Your private calendar address');
  await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = await address.inputValue();
  await expectNoA11yViolations(page);

  const feed = await page.request.get(first, { headers: { cookie: '' } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const ics = (await feed.text()).replace(/\r\n[ \t]/g, '');
  expect(ics).toContain('SUMMARY:Annual MMP update due: Rock Valley Finisher Site');
  expect(ics).toMatch(/DTSTART;VALUE=DATE:\d{8}/);
  expect(ics).not.toContain('Kalona Dairy');

  await page.getByRole('button', { name: 'Make a new address (the old one stops working)' }).click();
  await expect(address).not.toHaveValue(first);
  const second = await address.inputValue();
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(second)).status()).toBe(200);

  await page.getByRole('button', { name: 'Stop my calendar address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your calendar address has stopped working.' })).toBeVisible();
  expect((await page.request.get(second)).status()).toBe(404);
  await page.reload();
  await expect(page.getByText('You have no calendar address yet.')).toBeVisible();
});
