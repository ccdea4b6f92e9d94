import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';

// Iowa Code 459A.103 where people read it: the owner of two adjacent open feedlots is told they are one
// operation and why; a footprint that does not close is refused in plain words, nothing typed lost;
// department staff find the group in their worklist with the reading still to be confirmed.

test('the owner sees the two Cherokee feedlots counted as one operation, with the distance and citation', async ({ page }) => {
  await signIn(page, 'owner.vanzee@example.com');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Cherokee Feedlot North' }).first().click();
  const section = page.getByRole('region', { name: 'Structures and what they count as' });
  await expect(section.getByRole('rowheader', { name: 'North lot' })).toBeVisible();
  await expect(section).toContainText('One open feedlot operation: Cherokee Feedlot North and Cherokee Feedlot South');
  await expect(section).toContainText('(Iowa Code 459A.103(1))');
  await expect(section).toContainText(/North lot to South lot: 7\d\d feet between closest points \(Iowa Code 459A\.103\(7\)\)/);
  await expect(section).toContainText(/North truck wash is part of Cherokee Feedlot North \(\d+ feet away\).*\(Iowa Code 459A\.103\(4\)\)/);
  await expectNoA11yViolations(page);

  await section.getByText('Add a structure').click();
  const form = section.getByRole('form', { name: 'Add a structure' });
  await form.getByLabel('Kind of structure').selectOption({ label: 'Solids settling facility' });
  await form.getByLabel('Name').fill('Settling bench');
  await form.getByLabel('Latitude').fill('42.7612');
  await form.getByLabel('Longitude').fill('-95.5601');
  await form.getByLabel('Footprint (optional)').fill('42.7611, -95.5602\n42.7611, -95.5600\n42.7613, -95.5600');
  await form.getByRole('button', { name: 'Add the structure' }).click();
  await expect(form.getByText('The footprint does not close: repeat the first corner on the last line')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Settling bench');
  await form.getByLabel('Footprint (optional)').fill('42.7611, -95.5602\n42.7611, -95.5600\n42.7613, -95.5600\n42.7611, -95.5602');
  await form.getByRole('button', { name: 'Add the structure' }).click();
  await expect(form.getByText('Added Settling bench.')).toBeVisible();
  await expect(section.getByRole('rowheader', { name: 'Settling bench' })).toBeVisible();
});

test('department staff find the group in the open feedlot worklist, with the reading to be confirmed', async ({ page }) => {
  await signIn(page, 'reviewer@example.com');
  await page.getByRole('link', { name: 'Open feedlots' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Open feedlots joined into one operation' })).toBeVisible();
  const group = page.getByRole('region', { name: 'Cherokee Feedlot North and Cherokee Feedlot South' });
  await expect(group).toContainText(/North lot to South lot: 7\d\d feet/);
  await expect(page.getByText(/The reading of Iowa Code 459A\.103\(1\)“b”\(1\) used here .* is to be confirmed by the department\./)).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the owner records an equity interest, is told plainly when the share is out of range, and removes it', async ({ page }) => {
  await signIn(page, 'owner.vanzee@example.com');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Cherokee Feedlot South' }).first().click();
  const part = page.getByRole('region', { name: 'Who owns and manages this operation' });
  await expect(part).toContainText('Van Zee Pork Inc.: sole proprietor');
  await part.getByText('Add an ownership interest').click();
  const form = part.getByRole('form', { name: 'Add an ownership interest' });
  await form.getByLabel('Name of the person or business').fill('Jan Van Zee');
  await form.getByLabel('Kind of interest').selectOption({ label: 'Equity interest (a share of a business)' });
  await form.getByLabel('Equity share (percent)').fill('120');
  await form.getByRole('button', { name: 'Add the interest' }).click();
  await expect(form.getByText('An equity share is a percentage from 0 to 100')).toBeVisible();
  await expect(form.getByLabel('Name of the person or business')).toHaveValue('Jan Van Zee');
  await form.getByLabel('Equity share (percent)').fill('40');
  await form.getByRole('button', { name: 'Add the interest' }).click();
  await expect(form.getByText('Recorded Jan Van Zee’s interest.')).toBeVisible();
  await expect(part).toContainText('Jan Van Zee: equity interest of 40%');
  await expect(page.getByText(/Ownership and management, as recorded: .*Jan Van Zee, equity interest of 40%/)).toBeVisible();
  await expectNoA11yViolations(page);
  await part.getByRole('button', { name: 'Remove Jan Van Zee’s interest' }).click();
  await expect(part.getByText('Removed Jan Van Zee’s interest.')).toBeVisible();
  await expect(part).not.toContainText('Jan Van Zee: equity');
});
