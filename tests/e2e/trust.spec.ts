import { expect, test, type Page, type Route } from '@playwright/test';
import { signInCookie } from '../../scripts/scale/http';
import { actionId, callAction } from './support/actions';
import { signIn } from './support/auth';

// No way into anyone else's records: each test is one way a person could act as, or reach,
// another, tried against the production build as an attacker would.

async function openOperation(page: Page, name: string): Promise<string> {
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return new URL(page.url()).pathname;
}

test('a signed-in browser is never sent to another site by the return address', async ({ page, baseURL }) => {
  await signIn(page, 'owner.hansen@example.com');
  for (const callbackUrl of ['%2F%09%2Fevil.example%2F', '%2F%5Cevil.example', '%2F%0A%2Fevil.example', '%2F%0D%2Fevil.example', '%5C%5Cevil.example', '%2F%2Fevil.example']) {
    await page.goto(`/sign-in?callbackUrl=${callbackUrl}`);
    expect(new URL(page.url()).origin, callbackUrl).toBe(new URL(baseURL!).origin);
  }
  // A path of the portal is still honoured.
  await page.goto('/sign-in?callbackUrl=%2Faccount');
  await expect(page).toHaveURL(/\/account$/);
});

test('signing out ends the session on the server: a copy of the cookie opens nothing', async ({ page, browser, baseURL }) => {
  await signIn(page, 'reviewer@example.com');
  const copied = await page.context().cookies();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  const thief = await browser.newContext({ baseURL });
  await thief.addCookies(copied);
  const other = await thief.newPage();
  await other.goto('/review');
  await expect(other).toHaveURL(/\/sign-in/);
  await thief.close();
});


test('signing out everywhere ends the session in another browser, and this one is signed out too', async ({ page, browser, baseURL }) => {
  const other = await browser.newContext({ baseURL });
  const phone = await other.newPage();
  await signIn(phone, 'owner.albers@example.com');
  await signIn(page, 'owner.albers@example.com');
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  expect((await page.context().cookies()).some((c) => c.name.endsWith('next-auth.session-token')), 'this browser keeps no session cookie').toBe(false);
  await phone.goto('/dashboard');
  await expect(phone).toHaveURL(/\/sign-in/);
  await other.close();
});
test('an emailed reset link points at the portal’s own address, whatever host a request claims', async ({ page, baseURL }) => {
  const claim = (headers: Record<string, string>) => async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await route.continue({ headers: { ...route.request().headers(), ...headers } });
  };
  // A forwarded host, as a proxy would send it, from a client that is not a proxy.
  const forwarded = claim({ 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
  await page.route('**/forgot-password', forwarded);
  await page.goto('/forgot-password');
  await page.getByLabel('Email address').fill('owner.vanzee@example.com');
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.unroute('**/forgot-password', forwarded);
  // The same with an Origin that matches the claimed host (a script can send any): refused outright.
  const forged = await callAction(baseURL!, '/forgot-password', 'forgotPasswordAction', { email: 'auditor.sioux@example.com' }, {
    headers: { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' },
  });
  expect(forged.status).toBe(403);
  expect(forged.value?.ok).not.toBe(true);

  await signIn(page, 'reviewer@example.com');
  await page.goto('/mail');
  await expect(page.getByRole('row').filter({ hasText: 'auditor.sioux@example.com' }).filter({ hasText: 'password-reset' })).toHaveCount(0);
  const reset = page.getByRole('row').filter({ hasText: 'owner.vanzee@example.com' }).filter({ hasText: 'password-reset' }).first();
  await reset.getByRole('link').first().click();
  await page.getByText('Plain-text version').click();
  await expect(page.locator('pre')).toContainText(`${baseURL}/reset-password?token=[hidden]`);
  await expect(page.locator('pre')).not.toContainText('evil.example');
});

test('rotating X-Forwarded-For does not get round the per-address sign-in limit', async ({ playwright }) => {
  // From the IPv6 loopback, so the browser's own address (127.0.0.1) is not the one slowed.
  const port = new URL(test.info().project.use.baseURL!).port;
  const api = await playwright.request.newContext({ baseURL: `http://[::1]:${port}` });
  const attempt = async (i: number) => {
    const { csrfToken } = (await (await api.get('/api/auth/csrf')).json()) as { csrfToken: string };
    const res = await api.post('/api/auth/callback/credentials', {
      form: { csrfToken, email: `nobody-${i}@example.com`, password: 'not-a-password', json: 'true' },
      headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}` },
      maxRedirects: 0,
    });
    const to = res.headers().location ?? ((await res.json().catch(() => ({}))) as { url?: string }).url ?? '';
    return new URL(to, 'http://x').searchParams.get('error') ?? '';
  };
  for (let i = 0; i < 20; i++) expect(await attempt(i)).toMatch(/not right/);
  expect(await attempt(99)).toMatch(/Too many sign-in attempts/);
  await api.dispose();
});

test('a path that cannot be decoded is a bad request, not a server error', async ({ request }) => {
  for (const p of ['/plans/%E0%A4%A', '/operations/%ZZ', '/api/calendar/%ff.ics', '/fees/%u0000', '/plans/%00']) {
    expect((await request.get(p)).status(), p).toBe(400);
  }
});

test('an upload from another site’s page is refused even with a valid session', async ({ baseURL }) => {
  const cookie = await signInCookie(baseURL!, 'owner.hansen@example.com');
  const form = new FormData();
  form.set('planId', '00000000-0000-4000-8000-000000000000');
  form.set('kind', 'other');
  form.set('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'x.pdf');
  const foreign = await fetch(`${baseURL}/api/attachments`, { method: 'POST', headers: { cookie, origin: 'https://evil.example' }, body: form });
  expect(foreign.status).toBe(403);
  const own = await fetch(`${baseURL}/api/attachments`, { method: 'POST', headers: { cookie, origin: new URL(baseURL!).origin }, body: form });
  expect(own.status).toBe(404); // past the origin check: the plan is not hers (nor anyone's)
});

test('an owner’s unsubmitted draft is seen only by those who may edit it', async ({ page, baseURL }) => {
  // Prairie Egg Cooperative's Webster City plan is a draft; the operation is in Hamilton County.
  await signIn(page, 'owner.prairie@example.com');
  const operationPath = await openOperation(page, 'Webster City Wean-to-Finish (proposed)');
  const planLink = page.getByRole('table', { name: 'Plans for this operation' }).getByRole('link').first();
  const planId = /\/plans\/([0-9a-f-]{36})/.exec((await planLink.getAttribute('href')) ?? '')![1]!;

  // The county official sees the operation (it is located in Hamilton) but no plan row for the draft.
  await signIn(page, 'auditor.hamilton@example.com');
  await page.goto(operationPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Webster City Wean-to-Finish (proposed)' })).toBeVisible();
  await expect(page.locator(`a[href^="/plans/${planId}"]`)).toHaveCount(0);

  // Nor can a reviewer, the supervisor or the official read it through the form's own action.
  expect(actionId('peekDraftAction')).toBeTruthy();
  for (const email of ['reviewer@example.com', 'supervisor@example.com', 'auditor.hamilton@example.com']) {
    const cookie = await signInCookie(baseURL!, email);
    const { value } = await callAction(baseURL!, `/plans/${planId}/edit`, 'peekDraftAction', { planId }, { cookie });
    expect(value, email).toMatchObject({ ok: false });
    expect(JSON.stringify(value)).not.toContain('draft":');
  }
  const ownerCookie = await signInCookie(baseURL!, 'owner.prairie@example.com');
  const mine = await callAction(baseURL!, `/plans/${planId}/edit`, 'peekDraftAction', { planId }, { cookie: ownerCookie });
  expect(mine.value).toMatchObject({ ok: true, data: { editable: true } });
});

test('a head count beyond what the rule accepts is a field error, and the typed form stays', async ({ page }) => {
  await signIn(page, 'owner.vanzee@example.com');
  await page.getByRole('link', { name: 'Register an operation' }).click();
  await page.getByLabel('Operation name').fill('Adair Test Finisher');
  await page.getByLabel('Animal category 1').selectOption({ label: 'Butcher or breeding swine over 55 lb (0.4 AU each)' });
  await page.getByLabel('Head at capacity').fill('100000001');
  await expect(page.getByTestId('au-total')).toBeVisible();
  await page.getByRole('button', { name: 'Register the operation' }).click();
  await expect(page.getByText('That is more head than any Iowa operation holds')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByLabel('Operation name')).toHaveValue('Adair Test Finisher');
  await page.getByLabel('Head at capacity').fill('lots');
  await page.getByRole('button', { name: 'Register the operation' }).click();
  await expect(page.getByText(/Enter a number/).first()).toBeVisible();
});

test.describe('the plan form after a reload', () => {
  async function startPlan(page: Page): Promise<string> {
    await signIn(page, 'owner.vanzee@example.com');
    await page.getByRole('link', { name: 'Register an operation' }).click();
    await page.getByLabel('Operation name').fill('Adair Reload Finisher');
    await page.getByLabel(/^County/).selectOption({ label: 'Adair' });
    await page.getByLabel(/^Township/).fill('77N');
    await page.getByLabel(/^Range/).fill('31W');
    await page.getByLabel(/^Section/).fill('8');
    await page.getByLabel('Quarter section').selectOption('SW');
    await page.getByLabel('911 address of the site').fill('2280 Juniper Ave, Greenfield, IA 50849');
    await page.getByLabel('Date construction began').fill('2018-05-01');
    await page.getByLabel('Construction permit').selectOption({ label: 'Not required' });
    await page.getByLabel('Animal category 1').selectOption({ label: 'Butcher or breeding swine over 55 lb (0.4 AU each)' });
    await page.getByLabel('Head at capacity').fill('2480');
    await page.getByRole('button', { name: 'Register the operation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Adair Reload Finisher' })).toBeVisible();
    await page.getByRole('button', { name: 'Start the original MMP' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Step 1 of \d+ Contacts/ })).toBeVisible();
    return new URL(page.url()).pathname;
  }

  test('a save the server received is never reported as someone else’s change, and a last choice is kept', async ({ page }) => {
    // A plan reopened goes to its first unfinished step; the step in the address keeps a reload here.
    await page.goto(`${await startPlan(page)}?step=contacts`);
    const phone = page.getByLabel('Phone').first();
    await phone.fill('641-555-0100');
    await expect(page.getByTestId('save-status')).toHaveText(/Saved at/);

    // The next save is held on its way; the page reloads before its answer, and only then does the
    // server receive it (the reload drew the plan as it was before).
    const saveId = actionId('saveDraftAction');
    let held: Route | undefined;
    const hold = async (route: Route) => {
      if (route.request().method() === 'POST' && route.request().headers()['next-action'] === saveId && !held) held = route;
      else await route.continue();
    };
    await page.route('**/plans/*/edit**', hold);
    await phone.fill('641-555-0199');
    await expect.poll(() => Boolean(held)).toBe(true);
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await page.unroute('**/plans/*/edit**', hold);
    await held!.fetch(); // the server receives the save now
    await held!.abort().catch(() => undefined);

    await expect(page.getByLabel('Phone').first()).toHaveValue('641-555-0199');
    await expect(page.getByTestId('save-status')).toHaveText(/Saved at/);
    await expect(page.getByText('This device has newer changes than the saved plan')).toHaveCount(0);
    await expect(page.getByText(/changed since you opened it/)).toHaveCount(0);
    // Typing on goes on saving.
    await page.getByLabel('Phone').first().fill('641-555-0142');
    await expect(page.getByTestId('save-status')).toHaveText(/Saved at/);
    await page.reload();
    await expect(page.getByLabel('Phone').first()).toHaveValue('641-555-0142');

    // A choice made just before a reload (within the pause before saving) survives it.
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Step 2 of \d+ Manure production/ })).toBeVisible();
    await page.locator('label').filter({ hasText: 'Solid or dry manure' }).first().click();
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await expect(page.getByLabel('Solid or dry manure').first()).toBeChecked();
    await expect(page.getByTestId('save-status')).toHaveText(/Saved at/);
    await page.reload();
    await expect(page.getByLabel('Solid or dry manure').first()).toBeChecked();
    await expect(page.getByText(/changed since you opened it/)).toHaveCount(0);
  });
});
