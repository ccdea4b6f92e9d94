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
