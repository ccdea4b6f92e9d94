import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';
import { addDaysIso, portalToday } from './support/dates';

// DNR form 542-8002 on a phone: the owner logs a manure application on the demo's Rock Valley
// Finisher Site and is told at once that it went above the approved plan. Field 1 is 80 acres of
// corn in crop year 2026 at 200 bu (240 lb N at 1.2 lb per bushel), and the manure has 45 lb of
// available N per 1,000 gallons: at most 5.33 thousand gallons an acre.
test.use({ viewport: { width: 390, height: 844 } });

test('an owner records an application above the plan’s rate and sees the warning in plain words', async ({ page }) => {
  await signIn(page, 'owner.hansen@example.com');
  await page.getByRole('link', { name: 'Rock Valley Finisher Site', exact: true }).click();
  await page.getByRole('link', { name: 'Manure application records' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manure application records' })).toBeVisible();

  const form = page.locator('form[aria-labelledby="record-heading"]');
  // Nothing typed is lost when the form is refused: zero acres is named on the acres.
  await form.getByLabel(/^Field/).selectOption({ label: 'Field 1 (80 acres)' });
  await form.getByLabel(/^Crop year/).fill('2026');
  await form.getByLabel(/^Date applied/).fill('2026-04-20');
  await form.getByLabel(/^How it was applied/).selectOption({ label: 'Injected' });
  await form.getByLabel(/^Total amount applied/).fill('480');
  await form.getByLabel(/^Acres covered/).fill('0');
  await form.getByLabel(/^Applicator’s name/).fill('Karen Hansen');
  await form.getByLabel(/^Weather the day before/).fill('Dry, 40 °F');
  await form.getByLabel(/^Weather the day of application/).fill('Dry, 45 °F, light wind');
  await form.getByLabel(/^Weather the day after/).fill('Cloudy, 42 °F');
  await form.getByRole('button', { name: 'Record the application' }).click();
  await expect(form.getByText('Acres covered must be more than 0')).toBeVisible();
  await expect(form.getByLabel(/^Total amount applied/)).toHaveValue('480');

  await form.getByLabel(/^Acres covered/).fill('80');
  await expect(form.getByText(/Rate: 6 thousand gallons per acre/)).toBeVisible();
  await expectNoA11yViolations(page);
  await form.getByRole('button', { name: 'Record the application' }).click();
  const warning = form.getByRole('status').filter({ hasText: 'Recorded, above the approved plan’s limit' });
  await expect(warning).toContainText('Field 1: 6 thousand gallons per acre is more than the 5.33 the approved plan allows (nitrogen for corn).');

  // The season's list holds it, flagged at the top for the owner.
  await page.goto(`${new URL(page.url()).pathname}?season=2026`);
  await expect(page.getByRole('heading', { name: /application was above the approved plan’s limit/ })).toBeVisible();
  await expect(page.getByText(/Field 1: 6 thousand gallons per acre is more than the 5\.33/).first()).toBeVisible();
});

// Hull Contract Finisher's annual update has been under review since it was received 55 days ago;
// its reviewer sees the season before it beside the plan, with the owner's over-rate record flagged.
test('the reviewer of an annual update sees the previous season’s records with the over-rate one flagged', async ({ page, request }) => {
  const season = Number(addDaysIso(await portalToday(request), -55).slice(0, 4)) - 1;
  await signIn(page, 'owner.vanzee@example.com');
  await page.getByRole('link', { name: 'Hull Contract Finisher', exact: true }).click();
  await page.getByRole('link', { name: 'Manure application records' }).click();
  const form = page.locator('form[aria-labelledby="record-heading"]');
  await form.getByLabel(/^Field/).selectOption({ label: 'Field 1 (80 acres)' });
  await form.getByLabel(/^Crop year/).fill(String(season));
  await form.getByLabel(/^Date applied/).fill(`${season}-10-15`);
  await form.getByLabel(/^How it was applied/).selectOption({ label: 'Surface-applied, not incorporated' });
  await form.getByLabel(/^Total amount applied/).fill('520');
  await form.getByLabel(/^Acres covered/).fill('80');
  await form.getByLabel(/^Applicator’s name/).fill('Pieter Van Zee');
  await form.getByLabel(/^Applicator’s certification number/).fill('CSMA-20931');
  await form.getByLabel(/^Weather the day before/).fill('Dry');
  await form.getByLabel(/^Weather the day of application/).fill('Dry, calm');
  await form.getByLabel(/^Weather the day after/).fill('Light rain');
  await form.getByRole('button', { name: 'Record the application' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Recorded, above the approved plan’s limit' })).toBeVisible();

  await signIn(page, 'reviewer@example.com');
  await page.goto('/review');
  await page.getByRole('link', { name: 'Hull Contract Finisher', exact: true }).first().click();
  const section = page.getByRole('region', { name: `Application records, season ${season}` });
  await expect(section.getByRole('heading', { name: '1 application was above the approved plan’s limit' })).toBeVisible();
  await expect(section).toContainText('Field 1: 6.5 thousand gallons per acre is more than the 5.33 the approved plan allows (nitrogen for corn).');
  await expect(section).toContainText('Pieter Van Zee, cert. CSMA-20931');
});
