import { expect, test, type Page } from '@playwright/test';
import { addDays, deadlineKind, periodEnd, reviewDeadline } from '../../lib/rules';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';

// Issue 6 journey, on the demo data: a reviewer works the list from the most urgent plan, returns
// Stanhope Layer Complex as incomplete with two coded deficiencies (which its owner answers on a
// phone, and the reviewer then reads), approves Sioux Center Finisher II, and sees Hull Contract
// Finisher go overdue when the portal's date moves past its day 60. The owners and the counties
// see each outcome. The portal's date is reset at the end.

test.describe.configure({ mode: 'serial' });

let seededOn: string;
// The plan returned in the first journey, answered by its owner in the next.
let returnedPlanId: string;

test.beforeAll(async ({ request }) => {
  seededOn = (await (await request.get('/api/test/clock')).json()).today;
});

test.afterAll(async ({ request }) => {
  await request.post('/api/test/clock', { data: { date: null } });
});

// USWDS draws its own radios and checkboxes and moves the real input off screen: click the label.
const choose = (page: Page, label: string | RegExp) => page.locator('label').filter({ hasText: label }).first().click();

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

test('the reviewer starts from the most urgent plan and returns one as incomplete with two coded deficiencies', async ({ page }) => {
  await signIn(page, 'reviewer@example.com');
  await page.goto('/review');
  await expect(page.getByRole('heading', { level: 1, name: 'Review worklist' })).toBeVisible();
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(firstRow.getByRole('link')).toHaveText('Sioux Center Finisher II');
  await expect(firstRow).toContainText(/Overdue/);
  await expect(page.getByRole('link', { name: /^Overdue: 1$/ })).toBeVisible();
  await expectNoA11yViolations(page);

  await row(page, 'Stanhope Layer Complex').getByRole('link', { name: 'Stanhope Layer Complex' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stanhope Layer Complex');
  await expect(page.getByRole('heading', { name: 'Computed figures' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Animal unit capacity/ })).toContainText('1,200 animal units');
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Return as incomplete and notify the owner' }).click();
  await expect(page.getByText('Choose at least one missing item')).toBeVisible();
  await choose(page, 'Phosphorus index for each field');
  await choose(page, 'Written agreement for land');
  await expect(page.getByRole('checkbox', { name: /Written agreement for land/ })).toBeChecked();
  await page.getByLabel(/Detail for “Phosphorus index for each field”/).fill('Field 2 in Hardin County has no P-index.');
  await page.getByRole('button', { name: 'Return as incomplete and notify the owner' }).click();
  await expect(page).toHaveURL(/done=returned/);
  returnedPlanId = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.getByRole('status').filter({ hasText: 'returned as incomplete' })).toBeVisible();
  await expect(page.locator('.usa-tag').first()).toHaveText('Incomplete');
  const returns = page.getByRole('region', { name: 'Return 1' });
  await expect(returns).toContainText('P_INDEX_MISSING');
  await expect(returns).toContainText('LAND_AGREEMENT_MISSING');
  await expect(returns).toContainText('Field 2 in Hardin County has no P-index.');
  await expect(page.getByRole('row', { name: /Returned as incomplete: Annual update/ }).filter({ hasText: 'owner.prairie@example.com' })).toHaveCount(1);
  await expectNoA11yViolations(page);
});

test('the owner answers both returned items on a phone, and the reviewer reads the answers', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'owner.prairie@example.com');
  await page.goto(`/plans/${returnedPlanId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'The department returned this plan as incomplete' })).toBeVisible();
  await expect(page.getByText('2 have no answer yet', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Answer each item' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Phosphorus index for each field' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /Written agreement for land/ })).toBeVisible();
  await expect(page.getByText(/^P_INDEX_MISSING · IAC 567-/)).toBeVisible();
  await expect(page.getByText('Field 2 in Hardin County has no P-index.')).toBeVisible();
  const pIndex = page.getByLabel(/Your answer to “Phosphorus index for each field”/);
  const agreement = page.getByLabel(/Your answer to “Written agreement for land/);
  await expectNoA11yViolations(page);

  // One answer left empty: refused next to that item, and the other answer is kept as typed.
  await pIndex.fill('Added the P-index for Field 2 (1.8, low) to the fields step.');
  await page.getByRole('button', { name: 'Save answers' }).click();
  await expect(page.getByText('Write your answer to this item')).toBeVisible();
  await expect(agreement).toHaveAttribute('aria-invalid', 'true');
  await expect(pIndex).toHaveValue('Added the P-index for Field 2 (1.8, low) to the fields step.');
  await expectNoA11yViolations(page);

  await agreement.fill('Uploaded the signed agreement with the Larsons for the 80 acres in Hardin County.');
  await page.getByRole('button', { name: 'Save answers' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your answers were saved.' })).toBeVisible();
  await expect(page.getByText(/^Answer saved /)).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // Saved, not just kept in the form: a fresh page shows the answers, and the way on to resubmit.
  await page.reload();
  await expect(pIndex).toHaveValue('Added the P-index for Field 2 (1.8, low) to the fields step.');
  await expect(agreement).toHaveValue('Uploaded the signed agreement with the Larsons for the 80 acres in Hardin County.');
  await expect(page.getByText('Every item is answered.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Revise and resubmit' })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, 'reviewer@example.com');
  await page.goto(`/review/plans/${returnedPlanId}`);
  const returns = page.getByRole('region', { name: 'Return 1' });
  await expect(returns.getByRole('listitem').filter({ hasText: 'P_INDEX_MISSING' })).toContainText('Owner’s answer');
  await expect(returns.getByRole('listitem').filter({ hasText: 'P_INDEX_MISSING' })).toContainText('Added the P-index for Field 2 (1.8, low) to the fields step.');
  await expect(returns.getByRole('listitem').filter({ hasText: 'LAND_AGREEMENT_MISSING' })).toContainText('Uploaded the signed agreement with the Larsons');
  await expect(page.getByRole('row').filter({ hasText: 'Returned items answered' })).toHaveCount(1);
  await expectNoA11yViolations(page);
});

test('the reviewer previews the letter, approves the overdue plan and prints the letter', async ({ page }) => {
  await signIn(page, 'reviewer@example.com');
  await page.goto('/review');
  await page.getByRole('link', { name: 'Sioux Center Finisher II', exact: true }).click();
  await page.getByRole('button', { name: 'Preview the letter' }).click();
  await expect(page.getByText('Choose approve or disapprove')).toBeVisible();
  await choose(page, 'Disapprove the plan');
  await page.getByRole('button', { name: 'Preview the letter' }).click();
  await expect(page.getByText(/Write the reasons for the disapproval/)).toBeVisible();
  await choose(page, 'Approve the plan');
  await page.getByRole('button', { name: 'Preview the letter' }).click();
  await expect(page.getByRole('heading', { name: /Letter preview: Approved: Original manure management plan for Sioux Center Finisher II/ })).toBeVisible();
  const preview = page.getByRole('region', { name: /Letter preview/ });
  await expect(preview).toContainText('IAC 567-65.110(4)');
  await expect(preview).toContainText('Manure removal from storage: allowed.');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Send the decision' }).click();
  await expect(page).toHaveURL(/done=approved/);
  await expect(page.locator('.usa-tag').first()).toHaveText('Approved');
  await expect(page.getByRole('row', { name: /Manure removal from storage/ })).toContainText('Allowed');
  await expect(page.getByRole('row').filter({ hasText: 'auditor.sioux@example.com' })).toContainText('Sioux County: plan approved');
  await expect(page.getByRole('row').filter({ hasText: 'owner.hansen@example.com' }).first()).toContainText('Approved: Original manure management plan');

  await page.getByRole('link', { name: 'Open the printable decision letter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manure management plan approved' })).toBeVisible();
  await expect(page.getByText(/Under IAC 567-65.110\(4\)/)).toContainText(`received your complete plan on`);
  await expect(page.getByText('Complete plan received')).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the owners and the counties see each outcome', async ({ page }) => {
  await signIn(page, 'owner.hansen@example.com');
  await page.goto('/dashboard');
  await expect(page.getByRole('row').filter({ hasText: 'Sioux Center Finisher II' })).toContainText('Approved');
  await signIn(page, 'owner.prairie@example.com');
  await page.goto('/dashboard');
  await expect(page.getByRole('row').filter({ hasText: 'Stanhope Layer Complex' })).toContainText('Incomplete');
  await signIn(page, 'auditor.sioux@example.com');
  await page.goto('/county');
  await expect(page.getByRole('row').filter({ hasText: 'Sioux Center Finisher II' })).toContainText('Approved');
  await signIn(page, 'auditor.hamilton@example.com');
  await page.goto('/county');
  await expect(page.getByRole('row').filter({ hasText: 'Stanhope Layer Complex' })).toContainText('Incomplete');
});

test('a plan goes overdue when the date moves past its day 60', async ({ page, request }) => {
  // Hull Contract Finisher was received 55 days before the demo was loaded; the review is a general
  // period under Iowa Code 4.1(34) (only a Sunday day 60 moves, to Monday).
  const deadline = periodEnd(reviewDeadline(addDays(seededOn, -55)), deadlineKind('department_review')).day;
  await signIn(page, 'reviewer@example.com');
  await page.goto('/review');
  await expect(row(page, 'Hull Contract Finisher')).toContainText(/\d+ days? left/);
  await expect(page.getByRole('link', { name: /^Overdue: 0$/ })).toBeVisible();
  await request.post('/api/test/clock', { data: { date: addDays(deadline, 1) } });
  await page.goto('/review');
  await expect(row(page, 'Hull Contract Finisher')).toContainText(/Overdue\s*by 1 day/);
  await expect(page.getByRole('link', { name: /^Overdue: 1$/ })).toBeVisible();
  await page.goto('/compliance');
  await expect(page.getByRole('listitem').filter({ hasText: 'Reviews overdue' }).first()).toContainText('1');
  await request.post('/api/test/clock', { data: { date: null } });
});

// IAC 567-65.110(5), one answer: Hull Contract Finisher has an approved original plan; the reviewer now
// disapproves its annual update. Under the reading used (an approved plan stays in force until a later
// one is approved; a disapproved update does not withdraw it), the decision letter, the owner's
// dashboard and the county's list must all say manure may be removed, in the same words.
test('after an annual update is disapproved, the letter, the dashboard and the county view agree on manure removal', async ({ page }) => {
  const ALLOWED = 'Allowed: an approved plan is in force';
  await signIn(page, 'reviewer@example.com');
  await page.goto('/review');
  await page.getByRole('link', { name: 'Hull Contract Finisher', exact: true }).click();
  await choose(page, 'Disapprove the plan');
  await page.getByLabel(/Reasons for the disapproval/).fill('Field 4 in O’Brien County has no phosphorus index.');
  await page.getByRole('button', { name: 'Preview the letter' }).click();
  const preview = page.getByRole('region', { name: /Letter preview/ });
  await expect(preview).toContainText('Manure removal from storage: allowed.');
  await expect(preview).toContainText('notice of appeal');
  await page.getByRole('button', { name: 'Send the decision' }).click();
  await expect(page).toHaveURL(/done=disapproved/);
  await expect(page.getByRole('status').filter({ hasText: 'The plan was disapproved' })).toContainText('Manure removal from storage: allowed.');
  await page.getByRole('link', { name: 'Open the printable decision letter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manure management plan disapproved' })).toBeVisible();
  const letter = page.locator('article');
  await expect(letter).toContainText('Manure removal from storage: allowed. An approved manure management plan is in force for this operation');
  await expect(letter).toContainText(/Plan reference: MMP-\d{6}/);
  await expect(page.getByLabel('Addressed to')).toContainText('Van Zee Pork Inc.');
  await expect(page.getByLabel('Addressed to')).toContainText('Hull, IA 51239');
  await expect(letter).toContainText('Field Office 3 — Spencer');
  await expect(page.getByRole('heading', { name: 'If you disagree' })).toBeVisible();
  await expect(letter).toContainText('notice of appeal');
  await expectNoA11yViolations(page);

  await signIn(page, 'owner.vanzee@example.com');
  await page.goto('/dashboard');
  const mine = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Hull Contract Finisher', exact: true }) });
  await expect(mine).toContainText('Disapproved');
  await expect(mine).toContainText(ALLOWED);
  await expect(mine).toContainText('IAC 567-65.110(5)');
  await expect(page.getByText(/An approved manure management plan stays in force until a later one is approved/)).toBeVisible();
  // The owner reaches the same letter from the plan.
  await mine.getByRole('link', { name: 'Hull Contract Finisher plan' }).click();
  await expect(page.getByText(/Manure removal from storage: allowed\./)).toBeVisible();
  await page.getByRole('link', { name: 'Read the decision letter' }).click();
  await expect(page.locator('article')).toContainText('Manure removal from storage: allowed.');
  // The letter as sent, kept as a PDF when the decision was made: downloaded as stored, byte for byte.
  const sent = await page.request.get((await page.getByRole('link', { name: 'Download the letter as sent (PDF)' }).getAttribute('href'))!);
  expect(sent.status()).toBe(200);
  expect(sent.headers()['content-type']).toBe('application/pdf');
  const bytes = await sent.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const again = await page.request.get((await page.getByRole('link', { name: 'Download the letter as sent (PDF)' }).getAttribute('href'))!);
  expect(Buffer.compare(await again.body(), bytes)).toBe(0);
  // On paper only the letter prints: not the site's banner, header or footer.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.usa-identifier')).toBeHidden();
  await expect(page.locator('article')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  await signIn(page, 'auditor.sioux@example.com');
  await page.goto('/county');
  const county = page.getByRole('row').filter({ hasText: 'Hull Contract Finisher' });
  await expect(county).toContainText('Disapproved');
  await expect(county).toContainText(ALLOWED);
  await expectNoA11yViolations(page);

  // An operation with no approved plan says "not allowed" in the same words.
  await signIn(page, 'owner.prairie@example.com');
  await page.goto('/dashboard');
  await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: /^Webster City Wean-to-Finish/ }) })).toContainText('Not allowed: no approved plan is in force');
});
