import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
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
  // Another owner's account cannot open this operation's plans, so could not sign them: refused at the field, with what to do.
  await form.getByLabel('Their email').fill('owner.vanzee@example.com');
  await form.getByRole('button', { name: 'Name them as a signatory' }).click();
  await expect(form.getByText(/cannot open this operation’s plans, so could not sign them\. Ask them to register a preparer account/).first()).toBeVisible();
  await expect(form.getByLabel('Their email')).toHaveAttribute('aria-invalid', 'true');
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

test('a preparer who may not sign an operation’s plans sends its update to the owner to be signed', async ({ page }) => {
  await signIn(page, 'preparer@example.com');
  await page.goto('/preparer?q=Albers');
  await page.getByRole('link', { name: 'Albers Pork South Finisher', exact: true }).click();
  await page.getByRole('button', { name: 'File the annual update' }).click();
  await page.locator('label').filter({ hasText: /^Nothing changed/ }).click();
  await page.locator('label').filter({ hasText: /I state that the manure management plan/ }).click();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  const signing = page.getByRole('region', { name: 'Sign and submit' });
  await expect(signing).toContainText('You can prepare this plan, but you may not sign it');
  await expect(signing).toContainText('Greta Albers (Albers Pork LLC) (owner of record)');
  // Nothing to sign with: no password or code is asked of the preparer.
  await expect(signing.getByLabel('Your password')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await signing.getByLabel('A note for them (optional)').fill('Same as last year; please sign by Friday.');
  await signing.getByRole('button', { name: 'Send it to be signed' }).click();
  await expect(signing.getByRole('status')).toContainText('Sent to Greta Albers (Albers Pork LLC) to be signed.');
  const planUrl = page.url();

  // The owner is emailed a link to the signing step.
  await signIn(page, 'reviewer@example.com');
  await page.goto('/mail');
  await expect(page.getByRole('row').filter({ hasText: 'owner.albers@example.com' }).filter({ hasText: 'Ready for your signature' }).filter({ hasText: 'Albers Pork South Finisher' })).toHaveCount(1);

  // The owner opens the link's plan; she withdraws the draft here, so the demo reads as seeded for
  // the journeys after this one.
  await signIn(page, 'owner.albers@example.com');
  await page.goto(new URL(planUrl).pathname.replace(/\/edit$/, ''));
  await page.getByRole('button', { name: 'Withdraw this plan' }).click();
  await page.getByRole('button', { name: 'Yes, withdraw the plan' }).click();
  await expect(page.locator('.usa-tag').filter({ hasText: 'Withdrawn' })).toBeVisible();
});
