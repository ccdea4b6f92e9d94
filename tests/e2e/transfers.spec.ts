import { expect, test, type Page } from '@playwright/test';
import { DEMO_OPERATIONS } from '../../lib/demo/demo-operations';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';

// IAC 567-65.110(1)"d", DNR form 542-4026: an owner who acquired an operation asks to be recorded as
// its owner with a PDF of the bill of sale; nothing changes hands and the operation stays closed to
// them until the department confirms it from its worklist; then the operation is theirs. On a
// desktop and on a 390 px phone, every page checked with axe.
const PDF = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });

function facilityOf(key: string): string {
  return String(64_501 + DEMO_OPERATIONS.findIndex((o) => o.key === key));
}

function daysBefore(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** USWDS draws its own radio buttons over a hidden input: people click the label. */
const choose = (page: Page, label: string | RegExp) => page.locator('label').filter({ hasText: label }).first().click();

type Journey = { claimant: string; claimantName: string; previousOwner: string; previousOwnerEmail?: string; reviewer: string; key: string; name: string; county: string; file: string };

async function claimDecideAndOpen(page: Page, j: Journey, portalToday: string) {
  // The claimant files the request with the bill of sale.
  await signIn(page, j.claimant);
  await page.getByRole('link', { name: 'Claim an operation you acquired' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Claim an operation you acquired' })).toBeVisible();
  await page.getByLabel(/^Facility ID/).fill(facilityOf(j.key));
  await page.getByLabel(/^County where/).selectOption({ label: j.county });
  await page.getByLabel(/^Date you acquired/).fill(daysBefore(portalToday, 14));
  // Without the proof the request is not sent, and what was typed stays.
  await page.getByRole('button', { name: 'Send the transfer request' }).click();
  await expect(page.getByText(/Choose the bill of sale, deed or other proof/)).toBeVisible();
  await expect(page.getByLabel(/^Facility ID/)).toHaveValue(facilityOf(j.key));
  await expectNoA11yViolations(page);
  await page.getByLabel(/^Proof of the transfer/).setInputFiles(PDF(j.file));
  await page.getByRole('button', { name: 'Send the transfer request' }).click();

  // Pending on the dashboard; the operation is not among theirs.
  await expect(page.getByRole('heading', { name: 'Your transfer request was sent' })).toBeVisible();
  const request = page.getByRole('region', { name: /Your requests to be recorded/ }).getByRole('row', { name: new RegExp(j.name.replace(/[()]/g, '\\$&')) });
  await expect(request).toContainText('Pending');
  await expect(request).toContainText('You cannot open the operation’s records until then');
  await expect(request.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Operations' })).not.toContainText(j.name);
  await expectNoA11yViolations(page);

  // The owner on record still has the operation, and sees the request on its page.
  if (j.previousOwnerEmail) {
    await signIn(page, j.previousOwnerEmail);
    await page.getByRole('region', { name: 'Operations' }).getByRole('link', { name: j.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: `${j.claimantName} asked to be recorded as this operation’s owner` })).toBeVisible();
    await expect(page.getByText('Nothing has changed: you are still the owner on record.', { exact: false })).toBeVisible();
    await expectNoA11yViolations(page);
  }

  // The department sees it in the worklist, with the proof, and confirms it.
  await signIn(page, j.reviewer);
  await expect(page.getByRole('heading', { name: /^\d+ ownership transfer requests? (is|are) waiting for a decision$/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Go to the transfer requests' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Ownership transfer requests: \d+ waiting$/ })).toBeVisible();
  await page.getByRole('link', { name: `Decide the transfer of ${j.name} to ${j.claimantName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Transfer request: ${j.name}` })).toBeVisible();
  const proof = page.getByRole('link', { name: j.file });
  await expect(proof).toBeVisible();
  const download = await page.request.get((await proof.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByText(`Owner on record when filed: ${j.previousOwner}`)).toBeVisible();
  await expectNoA11yViolations(page);
  await choose(page, `Confirm the transfer to ${j.claimantName}`);
  await page.getByLabel(/^Note for both parties/).fill('Bill of sale checked against the county recorder.');
  await page.getByRole('button', { name: 'Record the decision' }).click();
  await expect(page.getByRole('heading', { name: 'Done' })).toBeVisible();
  await expect(page.getByText(/Confirmed on .*Decided by the department/)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto('/review');
  await expect(page.getByRole('link', { name: `Decide the transfer of ${j.name} to ${j.claimantName}` })).toHaveCount(0);

  // The claimant now sees the operation and opens it.
  await signIn(page, j.claimant);
  const row = page.getByRole('region', { name: 'Operations' }).getByRole('row', { name: new RegExp(j.name.replace(/[()]/g, '\\$&')) });
  await row.getByRole('link', { name: j.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: j.name })).toBeVisible();
  await expectNoA11yViolations(page);
}

let portalToday: string;

test.beforeAll(async ({ request }) => {
  portalToday = (await (await request.get('/api/test/clock')).json()).today;
});

test('an owner claims an operation with a PDF; the department confirms it from the worklist; then the operation is theirs and no longer the seller’s', async ({ page }) => {
  const j: Journey = {
    claimant: 'owner.prairie@example.com', claimantName: 'Prairie Egg Cooperative', previousOwner: 'Hansen Family Farms LLC', previousOwnerEmail: 'owner.hansen@example.com', reviewer: 'reviewer@example.com',
    key: 'sutherland-safo', name: 'Sutherland Nursery (SAFO)', county: "O'Brien", file: 'sutherland-bill-of-sale.pdf',
  };
  await claimDecideAndOpen(page, j, portalToday);
  await signIn(page, 'owner.hansen@example.com');
  await expect(page.getByRole('region', { name: 'Operations' })).not.toContainText(j.name);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the same journey: claim with a PDF, confirmed by the department, then opened by the new owner', async ({ page }) => {
    await claimDecideAndOpen(
      page,
      {
        claimant: 'owner.hansen@example.com', claimantName: 'Hansen Family Farms LLC', previousOwner: 'Ruth Miller', reviewer: 'supervisor@example.com',
        key: 'kalona-dairy', name: 'Kalona Dairy', county: 'Washington', file: 'kalona-deed.pdf',
      },
      portalToday,
    );
    // A dairy of 1,280 AU built in 1999 owes an original MMP: the new owner sees the countdown of their 60 days.
    await expect(page.getByRole('heading', { name: /Your original plan is due in \d+ days/ })).toBeVisible();
  });

  test('the owner on record’s emailed link, once used or unknown, says so plainly', async ({ page }) => {
    await page.goto('/transfers/respond?token=not-a-real-token-0000');
    await expect(page.getByRole('heading', { name: 'This link has expired or was already used' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
