import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';
import { readyToSign, removeAuthenticator, signAndSubmit } from './support/signing';
import { longDate, portalToday } from './support/dates';

// Issue 5, journeys 2 and 3, on a phone-sized screen: an annual no-change update with its $148.80
// compliance fee (Rock Valley, 992 AU), and a hard-copy update that stays incomplete until both
// counties' receipts are recorded (Doon Sow Unit: Lyon and Sioux).
test.use({ viewport: { width: 390, height: 844 } });

const receipt = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });

/** USWDS draws its own radio buttons and checkboxes over a hidden input: people click the label. */
async function tick(page: Page, label: string | RegExp) {
  await page.locator('label').filter({ hasText: label }).first().click();
  await expect(page.getByLabel(label).first()).toBeChecked();
}

async function openUpdate(page: Page, operation: string) {
  await page.getByRole('link', { name: operation, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: operation })).toBeVisible();
  await page.getByRole('button', { name: 'File the annual update' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Step 1 of \d+ Update type/ })).toBeVisible();
}

test('a no-change annual update states 992 AU and owes $148.80; the counties get access', async ({ page }) => {
  await signIn(page, 'owner.hansen@example.com');
  const app = await readyToSign(page);
  await page.goto('/dashboard');
  await openUpdate(page, 'Rock Valley Finisher Site');
  await expectNoA11yViolations(page);
  await tick(page, /^Nothing changed/);
  await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 2 Update type/ })).toBeVisible();
  await expect(page.getByLabel('Animal unit capacity stated in this update')).toHaveValue('992');
  await expect(page.getByText(/Annual compliance fee: \$148\.80/)).toBeVisible();
  // The statement must be confirmed before going on.
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Confirm that the plan has not changed since it was last approved')).toBeVisible();
  await tick(page, /I state that the manure management plan/);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Step 2 of 2 Review and submit/ })).toBeVisible();
  // Nothing is missing; the summary names any manure the plan leaves with no field (IAC 567-65.111).
  await expect(page.getByText(/^Nothing (else )?is missing\./)).toBeVisible();
  await expect(page.getByText(/Annual compliance fee.*\$148\.80/).first()).toBeVisible();
  await expect(page.getByText('Total: $148.80')).toBeVisible();
  await expect(page.getByText('Lyon County: manure applied here')).toBeVisible();
  await expectNoA11yViolations(page);
  await signAndSubmit(page, app);

  await expect(page.getByRole('heading', { level: 1, name: /Rock Valley Finisher Site: annual update — no-change statement/ })).toBeVisible();
  await expect(page.getByText(/Fees due: \$148\.80/)).toBeVisible();
  await expect(page.getByText(/Lyon and Sioux counties have electronic access/)).toBeVisible();
  await expectNoA11yViolations(page);
  await removeAuthenticator(page, app);
});

const coverage = (page: Page) => page.locator('.usa-alert').filter({ hasText: 'Incomplete until every county has received it' });

test('a hard-copy update stays incomplete until both county receipts are recorded', async ({ page, request }) => {
  const today = await portalToday(request);
  await signIn(page, 'owner.vanzee@example.com');
  const app = await readyToSign(page);
  await page.goto('/dashboard');
  await openUpdate(page, 'Doon Sow Unit');
  await tick(page, /^Nothing changed/);
  await tick(page, /I state that the manure management plan/);
  await tick(page, /On paper \(hard copy\)/);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await signAndSubmit(page, app);

  await expect(page.getByRole('heading', { level: 1, name: /Doon Sow Unit: annual update/ })).toBeVisible();
  await expect(coverage(page)).toContainText('2 of 2 counties have no recorded receipt');
  await expect(page.getByRole('row', { name: /Lyon County/ })).toContainText('Not covered');
  await expect(page.getByRole('row', { name: /Sioux County/ })).toContainText('Not covered');
  await expectNoA11yViolations(page);

  const form = page.getByRole('form', { name: 'Record a county receipt' });
  // A receipt without the signed form is refused, and nothing typed is lost.
  await form.getByLabel(/^County/).selectOption({ label: 'Lyon' });
  await form.getByLabel('Date the county received the plan').fill(today);
  await form.getByLabel(/Received by/).fill('Lyon County Auditor');
  await form.getByRole('button', { name: 'Record the receipt' }).click();
  await expect(form.getByText('Upload the signed receipt (PDF)')).toBeVisible();
  await expect(form.getByLabel(/Received by/)).toHaveValue('Lyon County Auditor');
  await form.getByLabel(/Signed receipt/).setInputFiles(receipt('lyon-receipt.pdf'));
  await expect(form.getByText('Uploaded lyon-receipt.pdf')).toBeVisible();
  await form.getByRole('button', { name: 'Record the receipt' }).click();
  await expect(page.getByRole('row', { name: /Lyon County/ })).toContainText(`Covered: received ${longDate(today)} by Lyon County Auditor`);
  await expect(coverage(page)).toContainText('1 of 2 counties have no recorded receipt');

  await form.getByLabel(/^County/).selectOption({ label: 'Sioux' });
  await form.getByLabel('Date the county received the plan').fill(today);
  await form.getByLabel(/Received by/).fill('Deputy Auditor');
  // On a slow connection the PDF takes a while: the button waits for it, and says why.
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  const slowUpload = async (route: import('@playwright/test').Route) => {
    await arrived;
    await route.continue();
  };
  await page.route('**/api/attachments', slowUpload);
  await form.getByLabel(/Signed receipt/).setInputFiles(receipt('sioux-receipt.pdf'));
  await expect(form.getByRole('button', { name: 'Waiting for the upload…' })).toBeDisabled();
  await expect(form.getByText('The signed receipt is still uploading')).toBeVisible();
  release();
  await expect(form.getByText('Uploaded sioux-receipt.pdf')).toBeVisible();
  await page.unroute('**/api/attachments', slowUpload);
  await form.getByRole('button', { name: 'Record the receipt' }).click();
  await expect(page.getByRole('row', { name: /Sioux County/ })).toContainText('Covered');
  await expect(coverage(page)).toHaveCount(0);
  await expectNoA11yViolations(page);

  // Until the department checks it, the owner may still withdraw it; its unpaid fee goes with it.
  // (This also leaves the shared demo's department queue as it was seeded.)
  await page.getByRole('button', { name: 'Withdraw this plan' }).click();
  await page.getByRole('button', { name: 'Yes, withdraw the plan' }).click();
  await expect(page.locator('.usa-tag').filter({ hasText: 'Withdrawn' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Annual compliance fee/ })).toContainText('Cancelled');
  await removeAuthenticator(page, app);
});
