import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Every page must pass axe (WCAG 2.1 AA) with zero violations. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  // Checked on a settled page: right after a form's action the page re-renders, and its <title> is
  // put back a moment later. A page that never gets a title still fails here and in axe.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, 'axe violations').toEqual([]);
}
