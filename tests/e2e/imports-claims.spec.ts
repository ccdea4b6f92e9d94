import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';

// Issue 18: the department's records come in by CSV, and an imported owner with no email address
// claims the operation with the one-time code from the department's letter.
test.use({ actionTimeout: 20_000 });

const RUN = randomBytes(3).toString('hex').toUpperCase();
const FID = `E2E${RUN}`;
const OPERATION = `Letter Test Finisher ${RUN}`;
const OWNER = `Letter Test Farms ${RUN}`;

async function importFile(page: Page, kind: 'operations' | 'owners', name: string, csv: string) {
  await page.goto('/admin/imports');
  // The USWDS radio is drawn by its label (the input itself sits off-screen).
  await page.locator(`label[for="kind-${kind}"]`).click();
  await expect(page.getByRole('radio', { name: kind === 'operations' ? /^Operations/ : /^Owners/ })).toBeChecked();
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Import report: ${name}` })).toBeVisible();
}

test('an admin imports an operation and its owner, and the owner claims it with the letter’s code', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@example.com');
  await page.goto('/admin/imports');
  await expect(page.getByRole('heading', { level: 1, name: 'Import the department’s records' })).toBeVisible();
  await expectNoA11yViolations(page);

  // A bad file is refused with its rows named, and cannot be applied.
  await importFile(page, 'operations', 'bad-operations.csv', `facility_id,name,county,head_swine_over_55_lb\n${FID},${OPERATION},Atlantis,-4\n`);
  await expect(page.getByRole('heading', { name: 'The file is refused: nothing was written' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Atlantis/ })).toContainText('is not an Iowa county');
  await expect(page.getByRole('button', { name: 'Apply this file' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await importFile(page, 'operations', 'operations.csv', `facility_id,name,county,head_swine_over_55_lb,constructed_on\n${FID},${OPERATION},Sioux,2480,2004-05-01\n`);
  await expect(page.getByRole('row', { name: new RegExp(FID) })).toContainText('992 AU; MMP required');
  await expectNoA11yViolations(page);
  const report = await page.request.get(page.url().replace('/admin/imports/', '/api/admin/imports/') + '/report.csv');
  expect(await report.text()).toContain(`2,${FID},Would create`);
  await page.getByRole('button', { name: 'Apply this file' }).click();
  await expect(page.getByRole('heading', { name: 'Applied' })).toBeVisible();

  await importFile(page, 'owners', 'owners.csv', `facility_id,owner_name,email,mailing_address,acquired_on\n${FID},${OWNER},,"1 Farm Rd, Hull, IA 51239",2010-03-01\n`);
  await page.getByRole('button', { name: 'Apply this file' }).click();
  await expect(page.getByRole('heading', { name: 'Applied' })).toBeVisible();

  // The owner has no email on record: the department prints a letter with the code.
  await page.goto(`/admin/owner-claims?q=${FID}`);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: `Make a letter with a one-time code for ${OWNER}` }).click();
  const code = (await page.getByTestId('claim-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  // The owner, registered with no operation of their own yet (the demo's Dale Novak), types it.
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, 'owner.new@example.com');
  await owner.goto('/operations/claim-records');
  await expectNoA11yViolations(owner);
  await owner.getByLabel(/^Code/).fill('WRON-GCOD-E234');
  await owner.getByRole('button', { name: 'Take over my operations' }).click();
  await expect(owner.getByText('That code is not valid').first()).toBeVisible();
  await owner.getByLabel(/^Code/).fill(code.toLowerCase());
  await owner.getByRole('button', { name: 'Take over my operations' }).click();
  await expect(owner.getByRole('heading', { name: 'Your operations are yours on the portal' })).toBeVisible();
  await expect(owner.getByText(`This account now speaks for ${OWNER}: one operation.`)).toBeVisible();
  await owner.goto('/dashboard');
  await expect(owner.getByText(OPERATION).first()).toBeVisible();

  // The code works once.
  await owner.goto('/operations/claim-records');
  await owner.getByLabel(/^Code/).fill(code);
  await owner.getByRole('button', { name: 'Take over my operations' }).click();
  await expect(owner.getByText('That code is not valid').first()).toBeVisible();
});
