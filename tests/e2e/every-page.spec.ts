import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { EMAIL, ROLES, ROUTES, type RoleKey } from './support/routes';

// Every page each role may open, at a desk (1280 px) and on a phone (390 px): no axe violation
// (WCAG 2.2 AA, target size included) and no sideways scroll. The pages without an id are the rows of
// the route table the role opens (200); the pages of a record (an operation, a plan, a fee, a letter, a
// mail, a user…) are reached the way a person reaches them, by following the links the role is shown,
// one record per kind of page.

test.use({ actionTimeout: 20_000 });

const DESK = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const pages = ROUTES.filter((r) => r.file.endsWith('/page.tsx'));
// A kind of record page, as a path pattern: app/plans/[id]/edit/page.tsx → ^/plans/[^/]+/edit$.
const recordPages = pages
  .filter((r) => r.file.includes('['))
  .map((r) => {
    const route = r.file.replace(/^app/, '').replace(/\/page\.tsx$/, '').replace(/\/\([^)]+\)/g, '');
    return { route, re: new RegExp(`^${route.replace(/\[[^\]]+\]/g, '[^/]+')}$`) };
  });

function opens(role: RoleKey, url: string): boolean {
  const row = pages.find((r) => r.url === url);
  return row?.expect.split(' ')[ROLES.indexOf(role)] === '200';
}

/** axe without the sandboxed email frame (no scripts run there, so axe cannot) — it holds mail as sent. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude('iframe[sandbox=""]')
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`);
}

async function sideways(page: Page): Promise<string | null> {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  return scroll > inner ? `scrolls sideways: ${scroll} px in ${inner}` : null;
}

/** The links on the page to record pages of a kind not yet seen, one per kind. */
async function recordLinks(page: Page, seen: Set<string>): Promise<string[]> {
  const hrefs = await page.locator('main a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const found: string[] = [];
  for (const href of hrefs) {
    const path = href.split(/[?#]/)[0] ?? '';
    const kind = recordPages.find((p) => p.re.test(path));
    if (!kind || seen.has(kind.route) || path.includes('not-a-real-token')) continue;
    seen.add(kind.route);
    found.push(href);
  }
  return found;
}

/** One page at one width: its status, axe, and sideways scroll, as problems in words. */
async function check(page: Page, url: string, width: string): Promise<string[]> {
  const res = await page.goto(url, { waitUntil: 'load' });
  if (res?.status() !== 200) return [`${url} at ${width} px: status ${res?.status()}`];
  // Navigation that measures itself settles before the check.
  await page.waitForFunction(() => !document.querySelector('.mmp-nav--unmeasured'));
  const problems = (await violations(page)).map((v) => `${url} at ${width} px: ${v}`);
  const wide = await sideways(page);
  return wide ? [...problems, `${url} at ${width} px: ${wide}`] : problems;
}

// The pages look the same whichever database holds the records: the walk runs once, on the embedded one.
test.skip(Boolean(process.env.DATABASE_URL), 'walked on the embedded database run');

for (const role of ROLES) {
  test(`every page ${role === 'anon' ? 'anyone' : `the ${role}`} may open passes axe and fits at 1280 and 390 px`, async ({ browser, baseURL }) => {
    test.setTimeout(600_000);
    // A desk and a phone side by side, signed in as the same person: each page is checked in both at once.
    const deskContext = await browser.newContext({ baseURL, viewport: DESK });
    const desk = await deskContext.newPage();
    if (role !== 'anon') await signIn(desk, EMAIL[role]);
    const phoneContext = await browser.newContext({ baseURL, viewport: PHONE, storageState: await deskContext.storageState() });
    const phone = await phoneContext.newPage();
    // A page anyone may open reads the same signed in: the anonymous walk checks it once, and each
    // role's walk checks the pages that are the role's own (their navigation included).
    const queue = pages.filter((r) => !r.file.includes('[') && opens(role, r.url) && (role === 'anon' || !opens('anon', r.url))).map((r) => r.url);
    const seen = new Set<string>();
    const problems: string[] = [];
    const visited: string[] = [];
    while (queue.length) {
      const url = queue.shift()!;
      const [atDesk, atPhone] = await Promise.all([check(desk, url, '1280'), check(phone, url, '390')]);
      problems.push(...atDesk, ...atPhone);
      if (!atDesk.some((p) => p.includes(': status '))) queue.push(...(await recordLinks(desk, seen)));
      visited.push(url);
    }
    await Promise.all([deskContext.close(), phoneContext.close()]);
    console.log(`${role}: ${visited.length} pages, each at 1280 and 390 px: ${visited.join(' ')}`);
    // The walk reached the pages the role has: the static ones and, for roles with records, record pages.
    expect(visited.length, `${role}: pages walked`).toBeGreaterThan(role === 'anon' ? 10 : 3);
    if (['owner', 'staff', 'supervisor', 'county'].includes(role)) expect(seen.size, `${role}: record pages reached`).toBeGreaterThan(0);
    expect(problems, `${role}: walked ${visited.join(', ')}`).toEqual([]);
  });
}
