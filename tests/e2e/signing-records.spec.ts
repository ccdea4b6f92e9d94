import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';

// Issue 27: the owner accepts the electronic signature agreement and names who else may sign; her
// filing's copy of record downloads from the plan page and checks out at /verify, and a copy with one
// byte changed does not. The signatory is removed again, so the demo reads as seeded for other specs.

test('an owner accepts the signature agreement; another names, then removes, a signatory', async ({ page }) => {
  // An owner who has not signed anything yet in this run (the filing journeys accept it for theirs).
  await signIn(page, 'owner.new@example.com');
  await page.goto('/account');
  const agreement = page.getByRole('region', { name: 'Electronic signature agreement' });
  await expect(agreement).toContainText('Electronic signature agreement for manure management plans');
  await agreement.getByRole('button', { name: 'Accept the agreement' }).click();
  await expect(agreement.getByText('Tick the box to accept the agreement')).toBeVisible();
  await agreement.locator('label').filter({ hasText: 'I have read the agreement and accept it' }).click();
  await agreement.getByRole('button', { name: 'Accept the agreement' }).click();
  await expect(agreement).toContainText(/You accepted version [\d-]+ of the agreement on/);

  await signIn(page, 'owner.hansen@example.com');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Rock Valley Finisher Site', exact: true }).click();
  const signers = page.getByRole('region', { name: 'Who may sign plans for this operation' });
  await expect(signers).toContainText('Karen Hansen');
  await expect(signers).toContainText('Owner of record');
  const form = signers.getByRole('form', { name: 'Name someone who may sign' });
  await form.getByLabel('Their email').fill('nobody.at.all@example.com');
  await form.getByLabel('In what capacity they sign').fill('Preparer authorized by the owner');
  await form.getByRole('button', { name: 'Name them as a signatory' }).click();
  await expect(form.getByText(/No portal account uses that address/).first()).toBeVisible();
  // What was typed stays.
  await expect(form.getByLabel('In what capacity they sign')).toHaveValue('Preparer authorized by the owner');
  await form.getByLabel('Their email').fill('preparer@example.com');
  await form.getByRole('button', { name: 'Name them as a signatory' }).click();
  await expect(signers.getByText(/may now sign this operation’s plans/)).toBeVisible();
  await expect(signers).toContainText('Jamie Becker (Becker Ag Consulting)');
  await signers.getByRole('button', { name: /Remove Jamie Becker .* as a signatory/ }).click();
  await expect(signers.getByText(/may no longer sign this operation’s plans/)).toBeVisible();
  await expect(signers.getByRole('button', { name: /Remove Jamie Becker/ })).toHaveCount(0);
});

test('a copy of record from the plan page checks out at /verify, and one changed byte does not', async ({ page }) => {
  await signIn(page, 'owner.hansen@example.com');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Rock Valley Finisher Site', exact: true }).click();
  await page.getByRole('link', { name: 'Original manure management plan' }).first().click();
  const section = page.getByRole('region', { name: 'Copy of record' });
  const href = await section.getByRole('link', { name: /Download the copy of record/ }).getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  const pdf = Buffer.from(await res.body());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.context().clearCookies();
  await page.goto('/verify');
  await page.getByLabel('The copy of record (PDF)').setInputFiles({ name: 'copy.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Check the copy' }).click();
  await expect(page.getByRole('heading', { name: 'This matches a filed copy of record' })).toBeVisible();

  const changed = Buffer.from(pdf);
  const middle = Math.floor(changed.length / 2);
  changed[middle] = changed[middle]! ^ 0x01;
  await page.getByLabel('The copy of record (PDF)').setInputFiles({ name: 'changed.pdf', mimeType: 'application/pdf', buffer: changed });
  await page.getByRole('button', { name: 'Check the copy' }).click();
  await expect(page.getByRole('heading', { name: 'This does not match any filed copy of record' })).toBeVisible();
});
