import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support/auth';

// Every page and route handler x every role, signed in for real: what each may open. Generated
// from one table; a route added under app/ without a row here fails the first test.
const ROLES = ['anon', 'owner', 'preparer', 'contractor', 'staff', 'supervisor', 'county', 'admin'] as const;
type RoleKey = (typeof ROLES)[number];
const EMAIL: Record<Exclude<RoleKey, 'anon'>, string> = {
  owner: 'owner.hansen@example.com', preparer: 'preparer@example.com', contractor: 'contractor@example.com',
  staff: 'reviewer@example.com', supervisor: 'supervisor@example.com', county: 'auditor.sioux@example.com', admin: 'admin@example.com',
};
const ID = '00000000-0000-4000-8000-000000000000'; // no such record: allowed roles get 404, never a hint

// Expected outcome per role, in ROLES order: 200, 403, 404, S (sent to sign in), R (redirected on),
// U (401/403 for an API without a session).
const PUBLIC = '200 200 200 200 200 200 200 200';
const ANY_SIGNED_IN = 'S 200 200 200 200 200 200 200';
const DEPT = 'S 403 403 403 200 200 403 403';
const DEPT_ID = 'S 403 403 403 404 404 403 403';
const ROUTES: { file: string; url: string; expect: string }[] = [
  { file: 'app/page.tsx', url: '/', expect: PUBLIC },
  { file: 'app/counties/page.tsx', url: '/counties', expect: PUBLIC },
  { file: 'app/status/page.tsx', url: '/status', expect: PUBLIC },
  { file: 'app/api/status/export/route.ts', url: '/api/status/export?county=19167', expect: PUBLIC },
  { file: 'app/(auth)/sign-in/page.tsx', url: '/sign-in', expect: '200 R R R R R R R' },
  { file: 'app/(auth)/register/page.tsx', url: '/register', expect: PUBLIC },
  { file: 'app/(auth)/register/preparer/page.tsx', url: '/register/preparer', expect: PUBLIC },
  { file: 'app/(auth)/forgot-password/page.tsx', url: '/forgot-password', expect: PUBLIC },
  { file: 'app/(auth)/reset-password/page.tsx', url: '/reset-password?token=not-a-real-token', expect: PUBLIC },
  { file: 'app/(auth)/verify-email/page.tsx', url: '/verify-email?token=not-a-real-token', expect: PUBLIC },
  { file: 'app/(auth)/accept-invitation/page.tsx', url: '/accept-invitation?token=not-a-real-token', expect: PUBLIC },
  { file: 'app/home/page.tsx', url: '/home', expect: 'S R R R R R R R' },
  { file: 'app/account/page.tsx', url: '/account', expect: ANY_SIGNED_IN },
  { file: 'app/account/preparers/page.tsx', url: '/account/preparers', expect: 'S 200 403 403 403 403 403 403' },
  { file: 'app/account/calendar/page.tsx', url: '/account/calendar', expect: ANY_SIGNED_IN },
  { file: 'app/account/notifications/page.tsx', url: '/account/notifications', expect: ANY_SIGNED_IN },
  { file: 'app/admin/users/page.tsx', url: '/admin/users', expect: 'S 403 403 403 403 403 403 200' },
  { file: 'app/admin/letters/page.tsx', url: '/admin/letters', expect: 'S 403 403 403 403 403 403 200' },
  { file: 'app/admin/users/[id]/page.tsx', url: `/admin/users/${ID}`, expect: 'S 403 403 403 403 403 403 404' },
  { file: 'app/admin/parameters/page.tsx', url: '/admin/parameters', expect: 'S 403 403 403 403 403 403 200' },
  { file: 'app/dashboard/page.tsx', url: '/dashboard', expect: 'S 200 200 403 403 403 403 403' },
  { file: 'app/preparer/page.tsx', url: '/preparer', expect: 'S 403 200 403 403 403 403 403' },
  { file: 'app/updates/no-change/page.tsx', url: `/updates/no-change?ids=${ID}`, expect: 'S 200 200 403 403 403 403 403' },
  { file: 'app/contractor/page.tsx', url: '/contractor', expect: 'S 403 403 200 403 403 403 403' },
  { file: 'app/operations/new/page.tsx', url: '/operations/new', expect: 'S 200 200 403 403 403 403 403' },
  { file: 'app/operations/claim/page.tsx', url: '/operations/claim', expect: 'S 200 403 403 403 403 403 403' },
  { file: 'app/operations/[id]/page.tsx', url: `/operations/${ID}`, expect: 'S 404 404 404 404 404 404 404' },
  { file: 'app/operations/[id]/applications/page.tsx', url: `/operations/${ID}/applications`, expect: 'S 404 404 404 404 404 404 404' },
  { file: 'app/operations/[id]/edit/page.tsx', url: `/operations/${ID}/edit`, expect: 'S 404 404 403 403 403 403 403' },
  { file: 'app/plans/[id]/page.tsx', url: `/plans/${ID}`, expect: 'S 404 404 404 404 404 404 404' },
  { file: 'app/plans/[id]/edit/page.tsx', url: `/plans/${ID}/edit`, expect: 'S 404 404 404 404 404 404 404' },
  { file: 'app/review/page.tsx', url: '/review', expect: DEPT },
  { file: 'app/review/feedlots/page.tsx', url: '/review/feedlots', expect: DEPT },
  { file: 'app/review/plans/[id]/page.tsx', url: `/review/plans/${ID}`, expect: DEPT_ID },
  { file: 'app/review/transfers/[id]/page.tsx', url: `/review/transfers/${ID}`, expect: DEPT_ID },
  { file: 'app/transfers/respond/page.tsx', url: '/transfers/respond?token=not-a-real-token', expect: PUBLIC },
  { file: 'app/statements/confirm/page.tsx', url: '/statements/confirm?token=not-a-real-token', expect: PUBLIC },
  { file: 'app/registrations/respond/page.tsx', url: '/registrations/respond?token=not-a-real-token', expect: PUBLIC },
  { file: 'app/review/plans/[id]/letter/page.tsx', url: `/review/plans/${ID}/letter`, expect: 'S 404 404 404 404 404 404 404' },
  // Payers (owners, active contractors) see their own fees; the department the ledger.
  { file: 'app/fees/page.tsx', url: '/fees', expect: 'S 200 403 200 200 200 403 403' },
  { file: 'app/pay/test/[id]/page.tsx', url: `/pay/test/${ID}`, expect: 'S 404 403 404 403 403 403 403' },
  { file: 'app/fees/[id]/page.tsx', url: `/fees/${ID}`, expect: DEPT_ID },
  { file: 'app/compliance/page.tsx', url: '/compliance', expect: DEPT },
  { file: 'app/due-dates/page.tsx', url: '/due-dates', expect: 'S 403 403 403 403 200 403 403' },
  { file: 'app/mail/page.tsx', url: '/mail', expect: 'S 403 403 403 200 200 403 200' },
  { file: 'app/mail/previews/page.tsx', url: '/mail/previews', expect: 'S 403 403 403 200 200 403 200' },
  { file: 'app/mail/[id]/page.tsx', url: `/mail/${ID}`, expect: 'S 403 403 403 404 404 403 404' },
  { file: 'app/county/page.tsx', url: '/county', expect: 'S 403 403 403 403 403 200 403' },
  { file: 'app/county/received/page.tsx', url: '/county/received', expect: 'S 403 403 403 403 403 200 403' },
  { file: 'app/county/plans/[id]/receipt/page.tsx', url: `/county/plans/${ID}/receipt`, expect: 'S 403 403 403 403 403 404 403' },
  { file: 'app/api/health/route.ts', url: '/api/health', expect: PUBLIC },
  { file: 'app/admin/owner-claims/page.tsx', url: '/admin/owner-claims', expect: 'S 403 403 403 403 403 403 200' },
  { file: 'app/operations/claim-records/page.tsx', url: '/operations/claim-records', expect: 'S 200 403 403 403 403 403 403' },
  { file: 'app/admin/imports/page.tsx', url: '/admin/imports', expect: 'S 403 403 403 403 403 403 200' },
  { file: 'app/admin/imports/[id]/page.tsx', url: `/admin/imports/${ID}`, expect: 'S 403 403 403 403 403 403 404' },
  { file: 'app/api/admin/imports/[id]/progress/route.ts', url: `/api/admin/imports/${ID}/progress`, expect: 'U 403 403 403 403 403 403 404' },
  { file: 'app/api/admin/imports/[id]/report.csv/route.ts', url: `/api/admin/imports/${ID}/report.csv`, expect: 'U 403 403 403 403 403 403 404' },
  { file: 'app/admin/api-tokens/page.tsx', url: '/admin/api-tokens', expect: 'S 403 403 403 403 403 403 200' },
  // The reference tables: the department reads them, only an administrator changes them.
  { file: 'app/admin/reference/page.tsx', url: '/admin/reference', expect: 'S 403 403 403 200 200 403 200' },
  { file: 'app/admin/reference/imports/[id]/page.tsx', url: `/admin/reference/imports/${ID}`, expect: 'S 403 403 403 403 403 403 404' },
  // The JSON API takes API tokens, never a session: a signed-in browser without one gets 401.
  { file: 'app/api/v1/status/route.ts', url: '/api/v1/status', expect: PUBLIC },
  { file: 'app/api/v1/openapi.json/route.ts', url: '/api/v1/openapi.json', expect: PUBLIC },
  { file: 'app/api/v1/reference/page.tsx', url: '/api/v1/reference', expect: PUBLIC },
  // The pages a problem document's type opens; an address that is no endpoint is a problem 404.
  { file: 'app/api/v1/problems/page.tsx', url: '/api/v1/problems', expect: PUBLIC },
  { file: 'app/api/v1/problems/[kind]/page.tsx', url: '/api/v1/problems/invalid-cursor', expect: PUBLIC },
  { file: 'app/api/v1/[[...path]]/route.ts', url: '/api/v1/no-such-endpoint', expect: '404 404 404 404 404 404 404 404' },
  { file: 'app/api/v1/operations/route.ts', url: '/api/v1/operations', expect: 'U U U U U U U U' },
  { file: 'app/api/v1/operations/[id]/route.ts', url: `/api/v1/operations/${ID}`, expect: 'U U U U U U U U' },
  { file: 'app/api/v1/operations/[id]/plans/route.ts', url: `/api/v1/operations/${ID}/plans`, expect: 'U U U U U U U U' },
  { file: 'app/api/v1/plans/[id]/route.ts', url: `/api/v1/plans/${ID}`, expect: 'U U U U U U U U' },
  { file: 'app/api/v1/decisions/route.ts', url: '/api/v1/decisions', expect: 'U U U U U U U U' },
  { file: 'app/api/v1/due-dates/route.ts', url: '/api/v1/due-dates', expect: 'U U U U U U U U' },
  { file: 'app/api/review/worklist.csv/route.ts', url: '/api/review/worklist.csv', expect: 'U 403 403 403 200 200 403 403' },
  { file: 'app/api/portfolio/export.csv/route.ts', url: '/api/portfolio/export.csv', expect: 'U 403 200 403 403 403 403 403' },
  { file: 'app/api/invoices/[id]/route.ts', url: `/api/invoices/${ID}`, expect: 'U 404 404 404 404 404 404 404' },
  { file: 'app/api/fees/ledger.csv/route.ts', url: '/api/fees/ledger.csv', expect: 'U 403 403 403 200 200 403 403' },
  { file: 'app/api/county/export/route.ts', url: '/api/county/export', expect: 'U 403 403 403 403 403 200 403' },
  { file: 'app/api/plans/[id]/receipt.pdf/route.ts', url: `/api/plans/${ID}/receipt.pdf`, expect: 'U 404 404 404 404 404 404 404' },
  { file: 'app/api/plans/[id]/letter.pdf/route.ts', url: `/api/plans/${ID}/letter.pdf`, expect: 'U 404 404 404 404 404 404 404' },
  { file: 'app/api/attachments/[id]/route.ts', url: `/api/attachments/${ID}`, expect: 'U 404 404 404 404 404 404 404' },
  { file: 'app/api/calendar/[token]/route.ts', url: '/api/calendar/not-a-real-token.ics', expect: '404 404 404 404 404 404 404 404' },
  // An unsubscribe link works without signing in; one that is not genuine is not found for anyone.
  { file: 'app/unsubscribe/[token]/page.tsx', url: '/unsubscribe/not-a-real-token', expect: '404 404 404 404 404 404 404 404' },
  { file: 'app/api/unsubscribe/[token]/route.ts', url: '/api/unsubscribe/not-a-real-token', expect: '404 404 404 404 404 404 404 404' },
];
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
