import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { signIn } from './support/auth';

// What each role sees at a desk (1280 px) and on a phone (390 px): a header that never overflows,
// targets big enough to tap (WCAG 2.5.8) and tables that stay within the screen.

const ROLES = {
  supervisor: 'supervisor@example.com',
  staff: 'reviewer@example.com',
  admin: 'admin@example.com',
  owner: 'owner.hansen@example.com',
  preparer: 'preparer@example.com',
  contractor: 'contractor@example.com',
  county: 'auditor.sioux@example.com',
} as const;

const DESK = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };

async function noSidewaysScroll(page: Page, what: string) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, `${what}: page wider than the window`).toBeLessThanOrEqual(inner);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('at 1280 px every role’s header keeps its title clear, "Sign out" on screen and the page from scrolling sideways', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESK);
  for (const [role, email] of Object.entries(ROLES)) {
    await signIn(page, email);
    const nav = page.getByRole('navigation', { name: 'Primary navigation' });
    const title = await page.locator('.mmp-logo').boundingBox();
    const links = nav.getByRole('list').first();
    // Wait for the row to be measured (links that do not fit are moved into "More").
    await expect(links).not.toHaveClass(/mmp-nav--unmeasured/);
    const row = await links.boundingBox();
    expect(title && row && !overlaps(title, row), `${role}: navigation overlaps the title`).toBe(true);
    const signOut = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
    expect(signOut, `${role}: Sign out shown`).not.toBeNull();
    expect(signOut!.x + signOut!.width, `${role}: Sign out cut off`).toBeLessThanOrEqual(DESK.width);
    expect(title && !overlaps(title, signOut!), `${role}: Sign out overlaps the title`).toBe(true);
    // Every link of the row, and "More" if there is one, is a 24 px target inside the window.
    for (const target of await nav.locator('.usa-nav__primary > li > a, .usa-nav__primary > li > button').all()) {
      const box = (await target.boundingBox())!;
      expect(box.height, `${role}: ${await target.textContent()} too small`).toBeGreaterThanOrEqual(24);
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.x + box.width, `${role}: ${await target.textContent()} past the edge`).toBeLessThanOrEqual(DESK.width);
    }
    await noSidewaysScroll(page, role);
  }
});

test('the admin reaches every link at 1280 px, the ones that do not fit through "More"', async ({ page }) => {
  await page.setViewportSize(DESK);
  await signIn(page, ROLES.admin);
  const nav = page.getByRole('navigation', { name: 'Primary navigation' });
  const parameters = nav.getByRole('link', { name: 'Fee parameters' });
  const box = (await parameters.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(24);
  // Whether "More" is shown is known only once the row is measured (and the header may still be
  // remounting on the way to the admin's home): open it, if shown, and follow the link as one step.
  await expect(nav.getByRole('list').first()).not.toHaveClass(/mmp-nav--unmeasured/);
  const more = nav.getByRole('button', { name: /More/ });
  const account = nav.getByRole('link', { name: 'Account' });
  await expect(async () => {
    if (!(await account.isVisible()) && (await more.isVisible())) {
      if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
    }
    await account.click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/account$/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expectNoA11yViolations(page);
});

test('at 390 px the header is a menu holding "Sign out", and no page scrolls sideways', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  for (const [role, email] of Object.entries(ROLES)) {
    await signIn(page, email);
    await noSidewaysScroll(page, `${role} on a phone`);
    // Signing in may still be moving on to the role's home page, which closes the menu: retry.
    await expect(async () => {
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
      const box = await page.getByRole('button', { name: 'Sign out' }).boundingBox({ timeout: 2_000 });
      expect(box, `${role}: Sign out in the menu`).not.toBeNull();
      expect(box!.x + box!.width, `${role}: Sign out past the right edge of the menu`).toBeLessThanOrEqual(PHONE.width);
    }).toPass({ timeout: 20_000 });
  }
});

test('on a phone the stacked tables of the dashboard, fees and the portfolio fit the screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const [email, path] of [[ROLES.owner, '/dashboard'], [ROLES.owner, '/fees'], [ROLES.preparer, '/preparer'], [ROLES.supervisor, '/fees']] as const) {
    await signIn(page, email);
    await page.goto(path);
    await expect(page.locator('table').first()).toBeVisible();
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.usa-table-container--scrollable')]
        .filter((box) => box.querySelector('.usa-table--stacked') && box.scrollWidth > box.clientWidth + 1)
        .map((box) => `${box.getAttribute('aria-labelledby') ?? ''}: ${box.scrollWidth} px in ${box.clientWidth}`),
    );
    expect(wide, `${path}: stacked tables wider than the screen`).toEqual([]);
    await noSidewaysScroll(page, path);
    // Links in the cards (operation names, next steps) are 24 px targets.
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.usa-table--stacked td a, .usa-table--stacked th a')]
        .filter((a) => a.getClientRects().length && a.getBoundingClientRect().height < 24)
        .map((a) => `${a.textContent}: ${a.getBoundingClientRect().height} px`),
    );
    expect(small, `${path}: links under 24 px`).toEqual([]);
    await expectNoA11yViolations(page);
  }
});

test('the fee ledger’s operation links are 24 px targets at both widths', async ({ page }) => {
  await signIn(page, ROLES.supervisor);
  for (const size of [DESK, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('/fees');
    const links = page.locator('table a[href^="/fees/"]');
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.height, `${size.width} px: ${await link.textContent()}`).toBeGreaterThanOrEqual(24);
    }
  }
});

test('text buttons are 24 px targets, and the due-dates search button has a name on a phone', async ({ page }) => {
  await signIn(page, ROLES.admin);
  await page.goto('/admin/parameters');
  const remove = page.getByRole('button', { name: /^Remove rate/ }).first();
  for (const size of [DESK, PHONE]) {
    await page.setViewportSize(size);
    expect((await remove.boundingBox())!.height).toBeGreaterThanOrEqual(24);
  }
  await signIn(page, ROLES.supervisor);
  await page.setViewportSize(PHONE);
  await page.goto('/due-dates');
  await expect(page.getByRole('button', { name: 'Find the operation' })).toBeVisible();
  await noSidewaysScroll(page, '/due-dates');
  await expectNoA11yViolations(page);
});

test('a refused spreadsheet after a recorded application leaves only "Nothing was imported" on screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, ROLES.owner);
  await page.getByRole('link', { name: 'Rock Valley Finisher Site', exact: true }).click();
  await page.getByRole('link', { name: 'Manure application records' }).click();
  const form = page.locator('form[aria-labelledby="record-heading"]');
  await form.getByLabel(/^Field/).selectOption({ label: 'Field 1 (80 acres)' });
  await form.getByLabel(/^How it was applied/).selectOption({ label: 'Injected' });
  await form.getByLabel(/^Total amount applied/).fill('80');
  await form.getByLabel(/^Acres covered/).fill('80');
  await form.getByLabel(/^Applicator’s name/).fill('Karen Hansen');
  await form.getByLabel(/^Weather the day before/).fill('Dry, 40 °F');
  await form.getByLabel(/^Weather the day of application/).fill('Dry, 45 °F');
  await form.getByLabel(/^Weather the day after/).fill('Dry, 42 °F');
  await form.getByRole('button', { name: 'Record the application' }).click();
  const recorded = page.getByRole('heading', { name: /^(Application recorded|Recorded, )/ });
  await expect(recorded).toBeVisible();

  await page.getByLabel('Season’s records (CSV)').setInputFiles({ name: 'season.csv', mimeType: 'text/csv', buffer: Buffer.from('not,the,columns\n1,2,3\n') });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing was imported' })).toBeVisible();
  await expect(recorded).toBeHidden();
});
