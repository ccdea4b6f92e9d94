import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';
import { emailedLink } from './support/mail';

// DNR form 542-8167 without paper: an owner whose field is on a neighbour's land emails the landowner
// the statement of intent from the plan form; the landowner opens the link on a phone, checks the
// field and the commercial nitrogen the plan credits to them, and confirms by typing their name. The
// plan is then complete, and the landowner's 60 lb of nitrogen lowers the field's limit.
// A new owner account and Franklin County (no demo data) keep the demo's counts as other journeys expect.
const PASSWORD = 'a long enough demo password';
const PDF = { name: 'site-map.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') };


async function continueTo(page: Page, stepName: string) {
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`Step \\d+ of \\d+ ${stepName}`) })).toBeVisible();
}

async function tick(page: Page, label: string | RegExp) {
  await page.locator('label').filter({ hasText: label }).first().click();
  await expect(page.getByLabel(label).first()).toBeChecked();
}

test('an owner emails a landowner the statement of intent; the landowner confirms it on a phone; the plan is complete with their nitrogen credited', async ({ page, request }) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const ownerEmail = `owner.${run}@example.com`;
  const landownerEmail = `landowner.${run}@example.com`;

  await page.goto('/register');
  await page.getByLabel(/^Your full name|^Name/).first().fill('Ruth Aalders');
  await page.getByLabel(/^Email address/).fill(ownerEmail);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Type the password again').fill(PASSWORD);
  await page.getByRole('button', { name: /Create/ }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(await emailedLink(request, ownerEmail, 'verify-email', '/verify-email'));
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('heading', { name: 'Your email address is confirmed' })).toBeVisible();
  await signIn(page, ownerEmail, PASSWORD);

  await page.goto('/operations/new');
  await page.getByLabel('Operation name').fill(`Hampton Finisher ${run}`);
  await page.getByLabel(/^County/).selectOption({ label: 'Franklin' });
  await page.getByLabel(/^Township/).fill('92N');
  await page.getByLabel(/^Range/).fill('21W');
  await page.getByLabel(/^Section/).fill('8');
  await page.getByLabel('Quarter section').selectOption('NW');
  await page.getByLabel('911 address of the site').fill('1200 Quail Ave, Hampton, IA 50441');
  await page.getByLabel('Date construction began').fill('2017-04-01');
  await page.getByLabel('Construction permit').selectOption({ label: 'Not required' });
  await page.getByLabel('Animal category 1').selectOption({ label: 'Butcher or breeding swine over 55 lb (0.4 AU each)' });
  await page.getByLabel('Head at capacity').fill('2480');
  await page.getByRole('button', { name: 'Register the operation' }).click();
  await page.getByRole('button', { name: 'Start the original MMP' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 7 Contacts/ })).toBeVisible();
  await page.getByLabel(/^Phone/).first().fill('641-555-0110');
  await continueTo(page, 'Manure production');
  await page.getByLabel('Animals produced in a year').fill('7440');
  await tick(page, 'Liquid manure');
  await page.getByLabel('Manure produced in a year (gallons)').fill('1900000');
  await tick(page, 'Laboratory analysis of a manure sample');
  await page.getByLabel(/Total nitrogen/).fill('50');
  await page.getByLabel(/First-year available nitrogen/).fill('45');
  await page.getByLabel(/Phosphate/).fill('30');
  await continueTo(page, 'Fields');
  await page.getByRole('button', { name: 'Add a field' }).click();
  const card = page.getByRole('group', { name: /^Field 1/ });
  await card.getByLabel('Field name').fill('De Boer 40');
  await card.getByLabel(/^County/).selectOption({ label: 'Franklin' });
  await card.getByLabel('Acres').fill('40');
  await card.getByLabel('The land is').selectOption({ label: 'Neither: written agreement with the landowner' });
  await card.getByLabel('Crop in year 1').fill('corn');
  await card.getByLabel('Optimum yield').fill('200');
  await card.getByLabel('Nitrogen rate').fill('170');
  await card.getByLabel('Phosphorus index').fill('1.5');
  await card.getByLabel('Application method').selectOption({ label: 'Injected' });
  await card.getByLabel('Application timing').selectOption({ label: 'Fall (after soil is below 50 °F)' });
  const row = page.getByTestId('balance-table').getByRole('row', { name: /^De Boer 40/ });
  // 200 bu x 1.2 = 240 lb N / 45 = 5.33 at most before the landowner's nitrogen is known.
  await expect(row).toContainText('5.33');
  await continueTo(page, 'Land agreements');

  await page.getByRole('button', { name: 'Add an agreement' }).click();
  const agreement = page.getByRole('group', { name: /^Agreement 1/ });
  await agreement.getByLabel('Field it covers').selectOption({ label: 'De Boer 40' });
  await agreement.getByLabel('Landowner’s name').fill('Jan De Boer');
  await agreement.getByLabel('Acres covered (optional)').fill('40');
  await agreement.getByLabel('Date signed').fill((await (await request.get('/api/test/clock')).json()).today);
  await agreement.getByLabel('Commercial nitrogen (N)').fill('60');
  await agreement.getByLabel('Landowner’s email').fill('not an address');
  await agreement.getByRole('button', { name: 'Email the statement to the landowner' }).click();
  await expect(agreement.getByText('Enter the landowner’s email address, like name@example.com')).toBeVisible();
  await agreement.getByLabel('Landowner’s email').fill(landownerEmail);
  await agreement.getByRole('button', { name: 'Email the statement to the landowner' }).click();
  const sentStatus = agreement.getByRole('status').filter({ hasText: 'Sent to' });
  await expect(sentStatus).toContainText(`Sent to ${landownerEmail}`);
  await expect(sentStatus).toContainText('not yet confirmed');
  await expectNoA11yViolations(page);
  await expect(page.getByTestId('save-status')).toHaveText(/Saved at/);
  const editUrl = page.url();

  // The landowner, on a phone, without a portal account.
  const link = await emailedLink(request, landownerEmail, 'statement-requested', '/statements/confirm');
  const phone = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 } });
  const landowner = await phone.newPage();
  await landowner.goto(link);
  await expect(landowner.getByRole('heading', { level: 1, name: 'Confirm a statement of intent' })).toBeVisible();
  await expect(landowner.getByText('Field: De Boer 40, 40 acres')).toBeVisible();
  await expect(landowner.getByText('Your commercial nitrogen (N): 60 lb per acre')).toBeVisible();
  await landowner.getByRole('button', { name: 'Confirm the statement' }).click();
  await expect(landowner.getByText('Tick the box to confirm the statement')).toBeVisible();
  await landowner.locator('label').filter({ hasText: /I am the landowner of this field/ }).click();
  await landowner.getByRole('button', { name: 'Confirm the statement' }).click();
  await expect(landowner.getByRole('status')).toContainText('The statement for De Boer 40 is confirmed');
  await expectNoA11yViolations(landowner);
  await landowner.goto(link);
  await expect(landowner.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await phone.close();

  // Back on the plan: confirmed; the 60 lb credit lowers the limit to (240 - 60) / 45 = 4, and the planned 170 / 45 = 3.78 is within it.
  await page.goto(editUrl);
  const confirmed = page.getByRole('group', { name: /^Agreement 1/ }).getByRole('status').filter({ hasText: 'Confirmed by' });
  await expect(confirmed).toContainText('Confirmed by Jan De Boer');
  // The statement as the landowner signed it has its own copy of record, a PDF the owner can download.
  const copyLink = confirmed.getByRole('link', { name: /^Copy of record SOI-\d{4}-[0-9A-F]{8}$/ });
  const copy = await page.request.get((await copyLink.getAttribute('href'))!);
  expect(copy.status()).toBe(200);
  expect(copy.headers()['content-type']).toBe('application/pdf');
  expect((await copy.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await continueTo(page, 'Stockpiles and practices');
  await page.getByLabel('Soil loss and surface water practices').fill('No-till; grassed waterways; 200 ft setbacks from streams.');
  await continueTo(page, 'Maps and attachments');
  await page.getByLabel(/Map of the operation and the fields/).setInputFiles(PDF);
  await expect(page.getByText('Uploaded site-map.pdf')).toBeVisible();
  await continueTo(page, 'Review and submit');
  // Nothing is missing; the summary names any manure the plan leaves with no field (IAC 567-65.111).
  await expect(page.getByText(/^Nothing (else )?is missing\./)).toBeVisible();
  const answers = page.getByRole('region', { name: 'Check your answers' });
  await expect(answers.getByText(/Statement of intent emailed to .+, confirmed by Jan De Boer, who typed their name as a signature, on .+, for 40 acres; commercial fertilizer 60 lb N/)).toBeVisible();
  const checked = answers.getByTestId('balance-table').getByRole('row', { name: /^De Boer 40/ });
  await expect(checked).toContainText('3.78');
  await expect(checked.getByRole('cell').nth(1)).toHaveText('4');
  await expect(checked).toContainText('Commercial nitrogen from the landowner’s statement of intent');
});
