import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { addDays, daysBetween, deadlineKind, newOwnerOriginalMmpDue, periodEnd } from '../../lib/rules';
import { signIn } from './support/auth';
import { readyToSign, removeAuthenticator, signAndSubmit } from './support/signing';

// Issue 5, journey 1: an owner registers a 2,480-head finisher (992 AU, MMP required), files the
// original MMP with two fields in two counties, sees the $250 fee and both counties, submits, and
// sees the plan with the department. Buena Vista and Pocahontas hold no demo data, so the county
// counts other specs read stay as seeded.
const PDF = { name: 'site-map.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') };

/** USWDS draws its own radio buttons and checkboxes over a hidden input: people click the label. */
async function tick(page: Page, label: string | RegExp) {
  await page.locator('label').filter({ hasText: label }).first().click();
  await expect(page.getByLabel(label).first()).toBeChecked();
}

async function continueTo(page: Page, stepName: string) {
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`Step \\d+ of \\d+ ${stepName}`) })).toBeVisible();
}

async function fillField(page: Page, n: number, f: { name: string; county: string; acres: string; tenure: string; crop: string; yieldGoal: string; n: string; p: string }) {
  const card = page.getByRole('group', { name: new RegExp(`^Field ${n}`) });
  await card.getByLabel('Field name').fill(f.name);
  await card.getByLabel(/^County/).selectOption({ label: f.county });
  await card.getByLabel('Acres').fill(f.acres);
  await card.getByLabel('The land is').selectOption({ label: f.tenure });
  await card.getByLabel('Crop in year 1').fill(f.crop);
  await card.getByLabel('Optimum yield').fill(f.yieldGoal);
  await card.getByLabel('Nitrogen rate').fill(f.n);
  await card.getByLabel('Phosphorus index').fill(f.p);
  await card.getByLabel('Application method').selectOption({ label: 'Injected' });
  await card.getByLabel('Application timing').selectOption({ label: 'Fall (after soil is below 50 °F)' });
}

test('an owner registers a finisher, files the original MMP with two fields in two counties, and it goes to the department', async ({ page }) => {
  // The longest journey: a registration and every step of the plan, each page checked with axe.
  test.setTimeout(180_000);
  await signIn(page, 'owner.hansen@example.com');
  // She signs her plans herself: the agreement once, and an authenticator app for the signing step.
  const app = await readyToSign(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My operations' })).toBeVisible();
  await expectNoA11yViolations(page);

  // Register: 2,480 finishers = 992 AU, computed as typed, and "MMP required".
  await page.getByRole('link', { name: 'Register an operation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Register an operation' })).toBeVisible();
  await page.getByLabel('Operation name').fill('Storm Lake Finisher');
  await page.getByLabel(/^County/).selectOption({ label: 'Buena Vista' });
  await page.getByLabel(/^Township/).fill('91N');
  await page.getByLabel(/^Range/).fill('37W');
  await page.getByLabel(/^Section/).fill('12');
  await page.getByLabel('Quarter section').selectOption('NE');
  await page.getByLabel('911 address of the site').fill('1450 510th St, Storm Lake, IA 50588');
  await page.getByLabel('Date construction began').fill('2019-04-01');
  await page.getByLabel('Construction permit').selectOption({ label: 'Not required' });
  await page.getByLabel('Animal category 1').selectOption({ label: 'Butcher or breeding swine over 55 lb (0.4 AU each)' });
  await page.getByLabel('Head at capacity').fill('2480');
  await expect(page.getByTestId('au-total')).toHaveText('Animal unit capacity: 992 AU');
  await expect(page.getByRole('heading', { name: /MMP required/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Register the operation' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Storm Lake Finisher' })).toBeVisible();
  await expect(page.getByText('Animal unit capacity: 992 AU')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Start the original MMP' }).click();

  // The form: contacts start with the owner; every step is saved as typed.
  await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 7 Contacts/ })).toBeVisible();
  await expect(page.getByLabel(/^Name/)).toHaveValue('Hansen Family Farms LLC');
  await expectNoA11yViolations(page);
  await continueTo(page, 'Manure production');
  await page.getByLabel('Animals produced in a year').fill('7440');
  await tick(page, 'Liquid manure');
  await page.getByLabel('Manure produced in a year (gallons)').fill('1900000');
  await tick(page, 'Laboratory analysis of a manure sample');
  await page.getByLabel(/Total nitrogen/).fill('50');
  await page.getByLabel(/First-year available nitrogen/).fill('45');
  await page.getByLabel(/Phosphate/).fill('30');
  await continueTo(page, 'Fields');

  // Continuing without a field is refused, with the reason next to the list.
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Add at least one field where manure is applied')).toBeVisible();
  await page.getByRole('button', { name: 'Add a field' }).click();
  await fillField(page, 1, { name: 'Home 80', county: 'Buena Vista', acres: '80', tenure: 'Owned', crop: 'corn', yieldGoal: '200', n: '150', p: '1.5' });
  await expect(page.getByText(/Phosphorus index band: low: nitrogen-based rate/)).toBeVisible();
  // On a phone, the manure balance follows what is typed (IAC 567-65.111): 150 lb N / 45 lb per
  // 1,000 gallons = 3.33 an acre planned; 200 bu corn x 1.2 lb N = 240 lb, so at most 5.33.
  await page.setViewportSize({ width: 390, height: 844 });
  const home = page.getByTestId('balance-table').getByRole('row', { name: /^Home 80/ });
  await expect(home).toContainText('3.33');
  await expect(home).toContainText('5.33');
  await expect(home).toContainText('Within the limit');
  await expect(page.getByRole('status').filter({ hasText: 'have no planned field' })).toHaveText('1,633.6 thousand gallons of the manure produced a year have no planned field.');
  const homeCard = page.getByRole('group', { name: /^Field 1/ });
  await homeCard.getByLabel('Nitrogen rate').fill('260');
  await expect(home).toContainText('5.78');
  await expect(home).toContainText('Above the limit');
  await homeCard.getByLabel('Nitrogen rate').fill('150');
  await expect(home).toContainText('Within the limit');
  // A medium P index: twice the rotation's P2O5 removal binds. Not stated, the crop table's 0.37 lb
  // per bushel x 200 bu = 74 lb (flagged unconfirmed): 148 / 30 lb per 1,000 gallons = 4.93 an acre.
  await homeCard.getByLabel('Phosphorus index').fill('3');
  await expect(home).toContainText('4.93');
  await expect(home).toContainText(/P2O5 removal 74 lb\/acre \(0\.37 lb P2O5 per bu removed x 200 bu per acre\)/);
  await expect(page.getByTestId('balance-unconfirmed')).toContainText('the department has not yet confirmed');
  await homeCard.getByLabel('P2O5 removed by the crop rotation').fill('60');
  await expect(home).toContainText('P2O5 removal 60 lb/acre (as the plan states)');
  await expect(home.getByRole('cell').nth(1)).toHaveText('4');
  await homeCard.getByLabel('P2O5 removed by the crop rotation').fill('');
  await homeCard.getByLabel('Phosphorus index').fill('1.5');
  await expect(home).toContainText('5.33');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: 'Add a field' }).click();
  await fillField(page, 2, { name: 'River 120', county: 'Pocahontas', acres: '120', tenure: 'Rented', crop: 'soybeans', yieldGoal: '60', n: '0', p: '2.5' });
  await expect(page.getByRole('listitem').filter({ hasText: 'Pocahontas County: manure applied here' })).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText(/Saved at/);
  await expectNoA11yViolations(page);
  // A reload loses nothing: the form comes back on the same step with what was typed.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: /Step 3 of 7 Fields/ })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Field 2/ }).getByLabel('Field name')).toHaveValue('River 120');

  // With the portal unreachable the change is kept on this device, and put back after a reload
  // (the plan did not change on the server meanwhile, so there is nothing to ask).
  const offline = (route: import('@playwright/test').Route) => (route.request().method() === 'POST' ? route.abort() : route.continue());
  await page.route('**/plans/*/edit**', offline);
  await page.getByRole('group', { name: /^Field 1/ }).getByLabel('Acres').fill('85');
  await expect(page.getByTestId('save-status')).toHaveText(/Not saved — retrying/);
  page.once('dialog', (d) => void d.accept());
  await page.reload();
  await page.unroute('**/plans/*/edit**', offline);
  await expect(page.getByRole('group', { name: /^Field 1/ }).getByLabel('Acres')).toHaveValue('85');
  await expect(page.getByRole('button', { name: 'Restore my changes' })).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveText(/Saved at/);
  await continueTo(page, 'Land agreements');
  await continueTo(page, 'Stockpiles and practices');
  await page.getByLabel('Soil loss and surface water practices').fill('No-till on slopes over 5%, grassed waterways, 200 ft setbacks from streams.');
  await continueTo(page, 'Maps and attachments');
  await page.getByLabel(/Map of the operation and the fields/).setInputFiles(PDF);
  await expect(page.getByText('Uploaded site-map.pdf')).toBeVisible();
  await expectNoA11yViolations(page);
  await continueTo(page, 'Review and submit');

  // Before submitting: nothing else missing, but the summary names the manure no field takes (85 x
  // 3.33 = 283.05 of the 1,900 thousand gallons are planned), then the $250 fee and both counties.
  await expect(page.getByRole('heading', { name: '1,616.95 of 1,900 thousand gallons of manure have no field' })).toBeVisible();
  await expect(page.getByTestId('unplaced-manure')).toContainText('1,616.95 of 1,900 thousand gallons of the manure produced a year have no planned field (IAC 567-65.111).');
  await expect(page.getByText('Nothing else is missing.')).toBeVisible();
  await expect(page.getByRole('row', { name: /MMP filing fee.*\$250\.00.*IAC 567-65\.110\(7\)/ })).toBeVisible();
  await expect(page.getByText('Total: $250.00')).toBeVisible();
  await expect(page.getByText('Buena Vista County: operation located here; manure applied here')).toBeVisible();
  await expect(page.getByText('Pocahontas County: manure applied here')).toBeVisible();
  // Check your answers: the whole plan as it will be filed, each section with a Change link to its step.
  const answers = page.getByRole('region', { name: 'Check your answers' });
  const fieldTable = answers.getByRole('table', { name: /Fields where manure is applied/ });
  await expect(fieldTable.getByRole('rowheader', { name: 'Home 80' })).toBeVisible();
  await expect(fieldTable.getByRole('rowheader', { name: 'River 120' })).toBeVisible();
  // The same balance the form showed, as it will be filed.
  await expect(answers.getByTestId('balance-table').getByRole('row', { name: /^Home 80/ })).toContainText('Within the limit');
  await expect(answers.getByText('No-till on slopes over 5%, grassed waterways, 200 ft setbacks from streams.')).toBeVisible();
  await expect(answers.getByText(/Site map.*site-map\.pdf|site-map\.pdf/)).toBeVisible();
  await expectNoA11yViolations(page);
  await answers.getByRole('button', { name: 'Change fields' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Step 3 of 7 Fields/ })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Field 1/ }).getByLabel('Acres')).toHaveValue('85');
  // Every step so far is complete, so the indicator says so for each.
  await expect(page.getByRole('group', { name: 'Progress' }).getByText('Maps and attachments completed')).toHaveCount(1);
  await continueTo(page, 'Land agreements');
  await continueTo(page, 'Stockpiles and practices');
  await continueTo(page, 'Maps and attachments');
  await continueTo(page, 'Review and submit');
  // The signing step: the certification in full, the plan's SHA-256, then her password and a code.
  await expect(page.getByRole('heading', { name: 'Sign and submit' })).toBeVisible();
  await expectNoA11yViolations(page);
  const signedSha256 = await signAndSubmit(page, app);

  // After: the plan is with the department; what happens next; read-only to the owner.
  await expect(page.getByRole('heading', { level: 1, name: /Storm Lake Finisher: original manure management plan/ })).toBeVisible();
  await expect(page.locator('.usa-tag').filter({ hasText: 'Submitted' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expect(page.getByText(/The department received this plan on/)).toBeVisible();
  await expect(page.getByText(/within 60 days of receiving it/)).toBeVisible();
  await expect(page.getByText(/Buena Vista and Pocahontas counties have electronic access/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue filing' })).toHaveCount(0);
  // The filing receipt: a confirmation number on screen and a PDF with the fees and how to pay them.
  const receipt = page.getByRole('region', { name: 'Filing receipt' });
  await expect(receipt).toContainText(/Confirmation number MMP-\d{4}-\d{6}/);
  const href = await receipt.getByRole('link', { name: /Download the filing receipt/ }).getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectNoA11yViolations(page);

  await page.goto('/dashboard');
  const row = page.getByRole('row', { name: /Storm Lake Finisher/ });
  await expect(row).toContainText('992');
  await expect(row).toContainText('$250.00');
  await expect(row.getByRole('link', { name: 'Nothing to do: the department is reviewing your plan.' })).toBeVisible();

  // The plan page names who signed and the SHA-256 of what she read.
  await row.getByRole('link', { name: 'Nothing to do: the department is reviewing your plan.' }).click();
  const copy = page.getByRole('region', { name: 'Copy of record' });
  await expect(copy.getByTestId('signature')).toContainText('Signed electronically by Karen Hansen (owner of record)');
  await expect(copy.getByTestId('signature')).toContainText('with their password and a code from their authenticator app');
  await expect(copy.getByTestId('signature')).toContainText(signedSha256);
  await removeAuthenticator(page, app);
});

test('a new owner sees the countdown to their own original plan; a transfer request with an unknown facility ID is refused, keeping what was typed', async ({ page, request }) => {
  // Le Mars Finisher (1,200 AU, built 2014) was acquired 30 days ago: its original plan is due on day 60,
  // moved past a weekend or holiday by the filing rule of Iowa Code 4.1(34).
  const today: string = (await (await request.get('/api/test/clock')).json()).today;
  const left = daysBetween(today, periodEnd(newOwnerOriginalMmpDue(addDays(today, -30)), deadlineKind('new_owner_original_mmp')).day);
  await signIn(page, 'owner.prairie@example.com');
  const row = page.getByRole('row', { name: /Le Mars Finisher/ });
  await expect(row).toContainText(new RegExp(`New owner: original plan due .* \\(${left} days left; IAC 567-65\\.110\\(1\\)"d"\\)`));
  await expect(row.getByRole('link', { name: `New owner: start your original plan (due in ${left} days).` })).toBeVisible();
  await row.getByRole('link', { name: 'Le Mars Finisher', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Your original plan is due in ${left} days` })).toBeVisible();
  await expect(page.getByText(/you may apply manure under the previous owner’s most recent plan/)).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto('/operations/claim');
  await page.getByLabel(/^Facility ID/).fill('99999');
  await page.getByLabel(/^County where/).selectOption({ label: 'Sioux' });
  await page.getByLabel(/^Date you acquired/).fill('2026-11-01');
  await page.getByLabel(/^Proof of the transfer/).setInputFiles({ ...PDF, name: 'bill-of-sale.pdf' });
  await page.getByRole('button', { name: 'Send the transfer request' }).click();
  await expect(page.getByText(/No operation in that county has this facility ID/).first()).toBeVisible();
  await expect(page.getByLabel(/^Facility ID/)).toHaveValue('99999');
  await expectNoA11yViolations(page);
});
