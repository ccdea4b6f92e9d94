import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support/auth';
import { EMAIL, ROLES, ROUTES, type RoleKey } from './support/routes';

// Every page and route handler x every role, signed in for real: what each may open. The table is in
// support/routes.ts; a route added under app/ without a row there fails the first test.

// Not fetched here, each covered elsewhere: uploads (POST, tests/integration/owner-attachments),
// transfer requests with their evidence (POST, tests/integration/ownership-transfers and
// tests/e2e/transfers.spec.ts), next-auth's own endpoints (tests/e2e/auth.spec.ts), the test clock
// (tests/e2e/foundation.spec.ts), the test mail reader (tests/e2e/registration-requests.spec.ts),
// the payment webhook (POST, tests/integration/online-payments).
// The rules endpoints (POST) are called in tests/integration/api-v1.test.ts.
const COVERED_ELSEWHERE = [
  'app/api/payments/webhook/route.ts',
  'app/api/v1/rules/animal-units/route.ts', 'app/api/v1/rules/fees/route.ts', 'app/api/v1/rules/mmp-requirement/route.ts', 'app/api/v1/rules/stockpile/route.ts',
  // Uploading and applying an import (POST): tests/e2e/imports-claims.spec.ts.
  'app/api/admin/imports/route.ts', 'app/api/admin/imports/[id]/apply/route.ts',
  // Uploading a county yield file (POST): tests/e2e/reference-tables.spec.ts.
  'app/api/admin/reference/county-yields/route.ts',
  'app/api/attachments/route.ts', 'app/api/transfers/route.ts', 'app/api/auth/[...nextauth]/route.ts', 'app/api/test/clock/route.ts',
  'app/api/test/mail/route.ts'];

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return routeFiles(p);
    return /^(page\.tsx|route\.ts)$/.test(name) ? [p.split(path.sep).join('/')] : [];
  });
}

function classify(status: number, location: string | null): string {
  if (status >= 300 && status < 400) return location?.includes('/sign-in') ? 'S' : 'R';
  if (status === 401) return 'U';
  return String(status);
}

test('every page and route handler has a row in the route matrix', () => {
  const listed = [...ROUTES.map((r) => r.file), ...COVERED_ELSEWHERE].sort();
  expect(routeFiles('app').sort()).toEqual(listed);
});

test('each role opens exactly the routes it may', async ({ baseURL }) => {
  test.setTimeout(180_000);
  const cookies: Partial<Record<RoleKey, string>> = {};
  for (const role of ROLES) {
    if (role === 'anon') continue;
    const csrf = await fetch(`${baseURL}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${baseURL}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') },
      body: new URLSearchParams({ csrfToken, email: EMAIL[role], password: DEMO_PASSWORD, json: 'true' }),
    });
    cookies[role] = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c?.includes('session-token'));
    expect(cookies[role], `${role} signed in`).toBeTruthy();
  }
  const mismatches: string[] = [];
  for (const route of ROUTES) {
    const want = route.expect.split(' ');
    for (const [i, role] of ROLES.entries()) {
      const res = await fetch(`${baseURL}${route.url}`, { redirect: 'manual', headers: cookies[role] ? { cookie: cookies[role]! } : {} });
      let got = classify(res.status, res.headers.get('location'));
      if (want[i] === 'U' && (got === '401' || got === 'U' || got === '403')) got = 'U';
      if (got !== want[i]) mismatches.push(`${route.url} as ${role}: expected ${want[i]}, got ${got}`);
      await res.arrayBuffer();
    }
  }
  expect(mismatches).toEqual([]);
});
