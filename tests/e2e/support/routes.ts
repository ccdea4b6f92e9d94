// Every page and route handler x every role: what each may open. route-matrix.spec.ts fetches each
// row as each role; every-page.spec.ts opens each page a role may see in a browser.
import { roleMayAttempt, type Action } from '@/lib/auth/actions';
import type { Role } from '@/lib/auth/roles';

export const ROLES = ['anon', 'owner', 'preparer', 'contractor', 'staff', 'supervisor', 'county', 'admin'] as const;
export type RoleKey = (typeof ROLES)[number];
export const EMAIL: Record<Exclude<RoleKey, 'anon'>, string> = {
  owner: 'owner.hansen@example.com', preparer: 'preparer@example.com', contractor: 'contractor@example.com',
  staff: 'reviewer@example.com', supervisor: 'supervisor@example.com', county: 'auditor.sioux@example.com', admin: 'admin@example.com',
};
export const ID = '00000000-0000-4000-8000-000000000000'; // no such record: allowed roles get 404, never a hint

// Expected outcome per role, in ROLES order: 200, 403, 404, S (sent to sign in), R (redirected on),
// U (401/403 for an API without a session).
const PUBLIC = '200 200 200 200 200 200 200 200';
const ANY_SIGNED_IN = 'S 200 200 200 200 200 200 200';

// A page or download gated on a capability of the policy table (ACTIONS): the roles given it get
// `ok` (200, or 404 for a record that does not exist), the others 403; nobody signed in is sent to
// sign in (a page) or told 401 (a download). The table's own expectations, role by role, are
// stated in full in tests/integration/authorization-matrix.test.ts; this checks each page and
// route applies the capability it names.
const ROLE_OF: Record<Exclude<RoleKey, 'anon'>, Role> = {
  owner: 'owner', preparer: 'preparer', contractor: 'active_contractor', staff: 'department_staff',
  supervisor: 'department_supervisor', county: 'county_official', admin: 'admin',
};
function gated(anon: string, capability: Action | Action[], ok: string): string {
  const any = typeof capability === 'string' ? [capability] : capability;
  return ROLES.map((r) => (r === 'anon' ? anon : any.some((c) => roleMayAttempt(ROLE_OF[r], c)) ? ok : '403')).join(' ');
}
/** A page gated on a capability, or on any of several (a page serving two roles' versions of one task). */
const page = (capability: Action | Action[], ok = '200') => gated('S', capability, ok);
const download = (capability: Action, ok = '200') => gated('U', capability, ok);

export const ROUTES: { file: string; url: string; expect: string }[] = [
  { file: 'app/page.tsx', url: '/', expect: PUBLIC },
  { file: 'app/counties/page.tsx', url: '/counties', expect: PUBLIC },
  { file: 'app/status/page.tsx', url: '/status', expect: PUBLIC },
  { file: 'app/verify/page.tsx', url: '/verify', expect: PUBLIC },
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
  { file: 'app/account/preparers/page.tsx', url: '/account/preparers', expect: page('preparer.grant') },
  { file: 'app/account/calendar/page.tsx', url: '/account/calendar', expect: ANY_SIGNED_IN },
  { file: 'app/account/notifications/page.tsx', url: '/account/notifications', expect: ANY_SIGNED_IN },
  { file: 'app/admin/users/page.tsx', url: '/admin/users', expect: page('user.change_role') },
  { file: 'app/admin/letters/page.tsx', url: '/admin/letters', expect: page('parameter.set') },
  { file: 'app/admin/users/[id]/page.tsx', url: `/admin/users/${ID}`, expect: page('user.change_role', '404') },
  { file: 'app/admin/parameters/page.tsx', url: '/admin/parameters', expect: page('parameter.set') },
  { file: 'app/dashboard/page.tsx', url: '/dashboard', expect: page('operation.read_own_list') },
  { file: 'app/preparer/page.tsx', url: '/preparer', expect: page('portfolio.read') },
  { file: 'app/updates/no-change/page.tsx', url: `/updates/no-change?ids=${ID}`, expect: page('plan.submit') },
  { file: 'app/contractor/page.tsx', url: '/contractor', expect: page('contractor.read_list') },
  { file: 'app/operations/new/page.tsx', url: '/operations/new', expect: page(['operation.register', 'operation.register_for_client']) },
  { file: 'app/operations/claim/page.tsx', url: '/operations/claim', expect: page('owner_claim.redeem') },
  { file: 'app/operations/[id]/page.tsx', url: `/operations/${ID}`, expect: 'S 404 404 404 404 404 404 404' },
  { file: 'app/operations/[id]/applications/page.tsx', url: `/operations/${ID}/applications`, expect: 'S 404 404 404 404 404 404 404' },
  { file: 'app/operations/[id]/edit/page.tsx', url: `/operations/${ID}/edit`, expect: page('operation.edit', '404') },
  { file: 'app/plans/[id]/page.tsx', url: `/plans/${ID}`, expect: 'S 404 404 404 404 404 404 404' },
  { file: 'app/plans/[id]/edit/page.tsx', url: `/plans/${ID}/edit`, expect: 'S 404 404 404 404 404 404 404' },
  { file: 'app/review/page.tsx', url: '/review', expect: page('review.read_worklist') },
  { file: 'app/review/feedlots/page.tsx', url: '/review/feedlots', expect: page('review.read_worklist') },
  { file: 'app/review/plans/[id]/page.tsx', url: `/review/plans/${ID}`, expect: page('review.read_worklist', '404') },
  { file: 'app/review/transfers/[id]/page.tsx', url: `/review/transfers/${ID}`, expect: page('transfer.decide', '404') },
  { file: 'app/transfers/respond/page.tsx', url: '/transfers/respond?token=not-a-real-token', expect: PUBLIC },
  { file: 'app/statements/confirm/page.tsx', url: '/statements/confirm?token=not-a-real-token', expect: PUBLIC },
  { file: 'app/registrations/respond/page.tsx', url: '/registrations/respond?token=not-a-real-token', expect: PUBLIC },
  { file: 'app/review/plans/[id]/letter/page.tsx', url: `/review/plans/${ID}/letter`, expect: 'S 404 404 404 404 404 404 404' },
  // Payers (owners, active contractors) see their own fees; the department the ledger.
  { file: 'app/fees/page.tsx', url: '/fees', expect: page('fee.read') },
  { file: 'app/pay/test/[id]/page.tsx', url: `/pay/test/${ID}`, expect: page('fee.pay', '404') },
  { file: 'app/fees/[id]/page.tsx', url: `/fees/${ID}`, expect: page('fee.read_ledger', '404') },
  { file: 'app/compliance/page.tsx', url: '/compliance', expect: page('compliance.read') },
  { file: 'app/due-dates/page.tsx', url: '/due-dates', expect: page('due_date.apply_policy') },
  { file: 'app/mail/page.tsx', url: '/mail', expect: page('mail.read') },
  { file: 'app/mail/previews/page.tsx', url: '/mail/previews', expect: page('mail.read') },
  { file: 'app/mail/[id]/page.tsx', url: `/mail/${ID}`, expect: page('mail.read', '404') },
  { file: 'app/county/page.tsx', url: '/county', expect: page('county.read_list') },
  { file: 'app/county/received/page.tsx', url: '/county/received', expect: page('county.read_list') },
  { file: 'app/county/plans/[id]/receipt/page.tsx', url: `/county/plans/${ID}/receipt`, expect: page('county.read_list', '404') },
  { file: 'app/api/health/route.ts', url: '/api/health', expect: PUBLIC },
  { file: 'app/admin/owner-claims/page.tsx', url: '/admin/owner-claims', expect: page('owner_claim.issue') },
  { file: 'app/operations/claim-records/page.tsx', url: '/operations/claim-records', expect: page('owner_claim.redeem') },
  { file: 'app/admin/imports/page.tsx', url: '/admin/imports', expect: page('import.run') },
  { file: 'app/admin/imports/[id]/page.tsx', url: `/admin/imports/${ID}`, expect: page('import.run', '404') },
  { file: 'app/api/admin/imports/[id]/progress/route.ts', url: `/api/admin/imports/${ID}/progress`, expect: download('import.run', '404') },
  { file: 'app/api/admin/imports/[id]/report.csv/route.ts', url: `/api/admin/imports/${ID}/report.csv`, expect: download('import.run', '404') },
  { file: 'app/admin/api-tokens/page.tsx', url: '/admin/api-tokens', expect: page('api_token.manage') },
  // The reference tables: the department reads them, only an administrator changes them.
  { file: 'app/admin/reference/page.tsx', url: '/admin/reference', expect: page('reference.read') },
  { file: 'app/admin/reference/imports/[id]/page.tsx', url: `/admin/reference/imports/${ID}`, expect: page('import.run', '404') },
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
  { file: 'app/api/review/worklist.csv/route.ts', url: '/api/review/worklist.csv', expect: download('review.read_worklist') },
  { file: 'app/api/portfolio/export.csv/route.ts', url: '/api/portfolio/export.csv', expect: download('portfolio.read') },
  { file: 'app/api/invoices/[id]/route.ts', url: `/api/invoices/${ID}`, expect: 'U 404 404 404 404 404 404 404' },
  { file: 'app/api/fees/ledger.csv/route.ts', url: '/api/fees/ledger.csv', expect: download('fee.read_ledger') },
  { file: 'app/api/county/export/route.ts', url: '/api/county/export', expect: download('county.read_list') },
  { file: 'app/api/plans/[id]/receipt.pdf/route.ts', url: `/api/plans/${ID}/receipt.pdf`, expect: 'U 404 404 404 404 404 404 404' },
  { file: 'app/api/plans/[id]/copy-of-record.pdf/route.ts', url: `/api/plans/${ID}/copy-of-record.pdf`, expect: 'U 404 404 404 404 404 404 404' },
  { file: 'app/api/statements/[id]/copy-of-record.pdf/route.ts', url: `/api/statements/${ID}/copy-of-record.pdf`, expect: 'U 404 404 404 404 404 404 404' },
  // The landowner's own emailed link: no session needed, and a link that is not genuine is not found for anyone.
  { file: 'app/api/statements/copy-of-record.pdf/route.ts', url: '/api/statements/copy-of-record.pdf?token=not-a-real-token-at-all', expect: '404 404 404 404 404 404 404 404' },
  { file: 'app/api/plans/[id]/letter.pdf/route.ts', url: `/api/plans/${ID}/letter.pdf`, expect: 'U 404 404 404 404 404 404 404' },
  { file: 'app/api/attachments/[id]/route.ts', url: `/api/attachments/${ID}`, expect: 'U 404 404 404 404 404 404 404' },
  { file: 'app/api/calendar/[token]/route.ts', url: '/api/calendar/not-a-real-token.ics', expect: '404 404 404 404 404 404 404 404' },
  // An unsubscribe link works without signing in; one that is not genuine is not found for anyone.
  { file: 'app/unsubscribe/[token]/page.tsx', url: '/unsubscribe/not-a-real-token', expect: '404 404 404 404 404 404 404 404' },
  { file: 'app/api/unsubscribe/[token]/route.ts', url: '/api/unsubscribe/not-a-real-token', expect: '404 404 404 404 404 404 404 404' },
];
