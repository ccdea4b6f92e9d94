// The bad-input drill: 10,000 generated payloads (fast-check) against every server action and every
// route handler of the production build, as several roles and signed out. The portal promises that
// bad input is refused: a 4xx, or an ActionResult { ok: false } with a code that names the refusal.
// A 5xx, an ActionResult with code 'ERROR' (an unexpected exception) or '[action] unexpected error'
// in the server's log is a defect.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { PLAN_CERTIFICATION } from '@/lib/signing/certification';
import { ensureBuild } from '../../ensure-build';
import { signInCookie } from '../http';
import { actionReturnValue, encodeReply, startServer, type DrillServer } from './server';
import type { Drill, DrillReport } from './types';

const TOTAL = Number(process.env.DRILL_PAYLOADS ?? 10_000);
const PORT = Number(process.env.DRILL_PORT ?? 3410);
const CONCURRENCY = 6;
const SEED = Number(process.env.DRILL_SEED ?? Date.now() % 2 ** 31);
/** Codes a refusal may carry. */
const REFUSALS = new Set(['VALIDATION', 'FORBIDDEN', 'UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT', 'THROTTLED']);
const PASSWORD = 'demo-password-1';

// ---------------------------------------------------------------------------------------------
// What the drill knows of the demo data, read from the database: real ids make valid-looking
// payloads that reach past the schema into the services.

type Ids = {
  planIds: string[];
  planVersions: Map<string, number>;
  operationIds: string[];
  operationLocks: Map<string, string>;
  facilities: { facilityId: string; countyFips: string }[];
  feeLineIds: string[];
  attachmentIds: string[];
  deficiencyIds: string[];
  spareUserIds: string[];
  reviewerIds: string[];
  countyFips: string[];
  transferIds: string[];
};

async function readIds(databaseUrl: string): Promise<Ids> {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const q = async <T>(text: string) => (await c.query(text)).rows as T[];
    const plans = await q<{ id: string; version: number }>('select id, version from plans');
    const ops = await q<{ id: string; updated_at: Date; facility_id: string | null; county_fips: string }>('select id, updated_at, facility_id, county_fips from operations');
    const tableExists = async (name: string) => (await q<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_name = '${name}'`))[0]!.n > 0;
    return {
      planIds: plans.map((p) => p.id),
      planVersions: new Map(plans.map((p) => [p.id, p.version])),
      operationIds: ops.map((o) => o.id),
      operationLocks: new Map(ops.map((o) => [o.id, o.updated_at.toISOString()])),
      facilities: ops.filter((o) => o.facility_id).map((o) => ({ facilityId: o.facility_id!, countyFips: o.county_fips })),
      feeLineIds: (await q<{ id: string }>('select id from fee_lines')).map((r) => r.id),
      attachmentIds: (await q<{ id: string }>('select id from attachments')).map((r) => r.id),
      deficiencyIds: (await tableExists('plan_deficiencies')) ? (await q<{ id: string }>('select id from plan_deficiencies')).map((r) => r.id) : [],
      // Accounts the drill does not sign in with: an admin may change or disable them freely.
      spareUserIds: (await q<{ id: string }>(`select id from users where email in ('reviewer2@example.com', 'auditor.hamilton@example.com')`)).map((r) => r.id),
      reviewerIds: (await q<{ id: string }>(`select id from users where role in ('department_staff', 'department_supervisor')`)).map((r) => r.id),
      countyFips: (await q<{ fips: string }>('select fips from counties order by fips limit 99')).map((r) => r.fips),
      transferIds: (await tableExists('ownership_transfers')) ? (await q<{ id: string }>('select id from ownership_transfers')).map((r) => r.id) : [],
    };
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Payloads.

export const hugeString = fc.oneof(
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 1_000, max: 150_000 }).map((n) => '€𝕏'.repeat(Math.floor(n / 3))),
);
const trickyString = fc.constantFrom(
  '', ' ', '\u0000', '\u202e', '\ud800', '𝕏𝕏𝕏', 'Ä'.normalize('NFD'), '0', '-1', '1e309', 'NaN', 'Infinity', 'true', 'null', 'undefined',
  '2026-02-30', '2026-13-01', '0000-00-00', '9999-12-31', '275760-09-13', '-000001-01-01', '2026-1-1', '03/01/2027',
  "Robert'); drop table users;--", '%00', '../../etc/passwd', '<script>alert(1)</script>', '$undefined', '$@1', '__proto__', 'constructor',
  '19000', '19999', '19167', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '2147483648', '-2147483649',
  '99999999999999999999', '999,999,999.99', '$1,000,000,000', '0.001', '-0.00', ' 12 ', '1_000',
);
export const anyString = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), trickyString);
const trickyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, -0, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308, Number.MAX_VALUE, Number.MIN_VALUE, Infinity, -Infinity, NaN, 0.1, 1.5, -1.5),
);
// Own keys named like the prototype chain, as JSON.parse makes them from a request body.
const pollution = fc.constantFrom(
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"prototype":{"polluted":true}}',
  '{"__proto__":null}',
  '{"hasOwnProperty":"x","toString":"y","valueOf":1}',
).map((json) => JSON.parse(json) as Record<string, unknown>);

/** An object that has an own key named __proto__ (as JSON.parse makes one), plus the base's keys. */
function withOwnProto(base: Record<string, unknown>, value: unknown): Record<string, unknown> {
  const o: Record<string, unknown> = { ...base };
  Object.defineProperty(o, '__proto__', { value, enumerable: true, configurable: true, writable: true });
  return o;
}

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: anyString, weight: 4 },
  { arbitrary: trickyNumber, weight: 3 },
  { arbitrary: fc.uuid(), weight: 2 },
  { arbitrary: fc.constantFrom(null, undefined, true, false), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: fc.bigInt(), weight: 1 },
  { arbitrary: fc.date({ noInvalidDate: false }), weight: 1 },
);
export const nasty: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: leaf, weight: 10 },
  { arbitrary: fc.array(leaf, { maxLength: 5 }), weight: 2 },
  { arbitrary: fc.array(fc.uuid(), { minLength: 0, maxLength: 300 }), weight: 1 },
  { arbitrary: fc.dictionary(anyString, leaf, { maxKeys: 5 }), weight: 2 },
  { arbitrary: pollution, weight: 1 },
  { arbitrary: fc.anything({ maxDepth: 3, withDate: true, withBigInt: true, withMap: true, withSet: true }), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
);

type Obj = Record<string, unknown>;

/** A mutation of a valid-looking value: a field replaced, removed or nested in, extra keys, or a wrong type. */
export function mutate(base: unknown, depth = 0): fc.Arbitrary<unknown> {
  const whole = nasty;
  if (Array.isArray(base)) {
    if (!base.length) return fc.oneof(whole, fc.array(nasty, { maxLength: 3 }));
    return fc.oneof(
      whole,
      fc.tuple(fc.nat(base.length - 1), depth < 2 ? fc.constant(null) : nasty).chain(([i]) =>
        (depth < 2 ? mutate(base[i], depth + 1) : nasty).map((v) => base.map((x, j) => (j === i ? v : x))),
      ),
      fc.constant([]),
      fc.integer({ min: 100, max: 400 }).map((n) => Array.from({ length: n }, () => base[0])),
    );
  }
  if (base && typeof base === 'object' && !(base instanceof Date)) {
    const o = base as Obj;
    const keys = Object.keys(o);
    if (!keys.length) return fc.oneof(whole, fc.dictionary(anyString, nasty, { maxKeys: 4 }));
    return fc.oneof(
      { arbitrary: whole, weight: 1 },
      // One field replaced by anything.
      { arbitrary: fc.tuple(fc.constantFrom(...keys), nasty).map(([k, v]) => ({ ...o, [k]: v })), weight: 5 },
      // One field mutated in turn (nested objects and arrays).
      { arbitrary: depth < 2 ? fc.constantFrom(...keys).chain((k) => mutate(o[k], depth + 1).map((v) => ({ ...o, [k]: v }))) : whole, weight: 3 },
      // A field missing.
      { arbitrary: fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(o).filter(([x]) => x !== k))), weight: 2 },
      // Extra keys: prototype pollution and strangers.
      { arbitrary: fc.tuple(pollution, fc.dictionary(anyString, leaf, { maxKeys: 3 })).map(([p, extra]) => ({ ...extra, ...o, ...p })), weight: 1 },
      { arbitrary: nasty.map((v) => withOwnProto(o, v)), weight: 1 },
      // Every field a string (what a form would post).
      { arbitrary: fc.constant(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]))), weight: 1 },
    );
  }
  return fc.oneof(whole, fc.constant(base));
}

// ---------------------------------------------------------------------------------------------
// Targets.

const ROLES = {
  owner: 'owner.hansen@example.com',
  preparer: 'preparer@example.com',
  contractor: 'contractor@example.com',
  reviewer: 'reviewer@example.com',
  supervisor: 'supervisor@example.com',
  county: 'auditor.sioux@example.com',
  admin: 'admin@example.com',
  // Only for the no-argument account actions (sign out everywhere ends its sessions).
  spare: 'owner.prairie@example.com',
} as const;
type Role = keyof typeof ROLES | 'anonymous';
const MAIN_ROLES: Role[] = ['anonymous', 'owner', 'preparer', 'contractor', 'reviewer', 'supervisor', 'county', 'admin'];

type Outcome = 'accepted' | 'refused' | 'defect';
type Tally = { sent: number; accepted: number; refused: number; defects: number; byCode: Map<string, number>; examples: string[] };
type Call = { role: Role; label: string; run: (cookie: string) => Promise<{ outcome: Outcome; code: string; detail?: string }> };
type Target = { name: string; kind: 'action' | 'route'; calls: (n: number, seed: number) => Call[] };

function short(value: unknown, max = 240): string {
  let s: string;
  try {
    s = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v instanceof Map || v instanceof Set ? [...v] : typeof v === 'string' && v.length > 60 ? `${v.slice(0, 20)}…(${v.length} chars)` : v));
  } catch {
    s = String(value);
  }
  if (s === undefined) s = String(value);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

function pageUrl(worker: string, ids: Ids, pick: <T>(xs: T[]) => T | undefined): string {
  let p = worker.replace(/^app/, '').replace(/\/page$/, '').replace(/\/\([^/]+\)/g, '');
  const idFor = (segment: string): string => {
    if (segment.startsWith('/operations')) return pick(ids.operationIds) ?? randomUUID();
    if (segment.startsWith('/fees')) return pick(ids.feeLineIds) ?? randomUUID();
    if (segment.startsWith('/admin/users')) return pick(ids.spareUserIds) ?? randomUUID();
    if (segment.startsWith('/review/transfers')) return pick(ids.transferIds) ?? randomUUID();
    return pick(ids.planIds) ?? randomUUID();
  };
  p = p.replace(/^(.*?)\/\[id\]/, (_m, before: string) => `${before}/${idFor(before)}`);
  return p || '/';
}

type ActionSpec = { roles: Role[]; args: (ids: Ids) => fc.Arbitrary<unknown[]>; form?: boolean };

const today = () => new Date().toISOString().slice(0, 10);
const pickFrom = <T>(xs: T[], fallback: fc.Arbitrary<T>): fc.Arbitrary<T> => (xs.length ? fc.constantFrom(...xs) : fallback);

export function operationValues(): Obj {
  return {
    name: 'Drill Finisher',
    kind: 'confinement',
    countyFips: '19167',
    township: '96N',
    range: '45W',
    section: 14,
    quarterSection: 'NE',
    address911: '1234 Drill Avenue, Rock Valley',
    latitude: 43.2,
    longitude: -96.29,
    constructedOn: '2010-05-01',
    lastExpandedOn: '',
    constructionPermitStatus: 'issued',
    inventory: [{ category: 'swine_over_55_lb', head: 2400 }],
    storage: [{ name: 'North pit', kind: 'formed', capacityGallons: 1_000_000, constructedOn: '2010-05-01' }],
    contractProducer: false,
    activeContractorId: '',
    researchCollege: false,
    safoElect: false,
    peakAnimalUnitsHoused: '',
  };
}

/** Valid-looking arguments per action: a mutation of them, or (now and then) them as they are. */
function actionSpecs(): Record<string, ActionSpec> {
  const one = (roles: Role[], base: (ids: Ids) => fc.Arbitrary<unknown>): ActionSpec => ({
    roles,
    args: (ids) => base(ids).chain((b) => fc.oneof({ arbitrary: mutate(b), weight: 9 }, { arbitrary: fc.constant(b), weight: 1 }).map((v) => [v])),
  });
  const plan = (ids: Ids) => pickFrom(ids.planIds, fc.uuid());
  const version = (ids: Ids) => plan(ids).map((id) => ({ planId: id, version: ids.planVersions.get(id) ?? 1 }));
  const op = (ids: Ids) => pickFrom(ids.operationIds, fc.uuid());
  const noArgs: ActionSpec = { roles: ['spare', 'anonymous'], args: () => fc.oneof(fc.constant<unknown[]>([]), fc.array(nasty, { maxLength: 3 })) };
  const password = fc.constant(PASSWORD);
  const signing = { certify: fc.constant(true), password, code: fc.constantFrom('123456', 'abcde-fghjk'), certificationVersion: fc.constant(PLAN_CERTIFICATION.version) };
  return {
    acceptInvitationAction: one(['anonymous'], () => fc.record({ token: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('base64url')), name: fc.constant('Jo Drill'), password, confirmPassword: password })),
    forgotPasswordAction: one(['anonymous'], () => fc.record({ email: fc.constantFrom('owner.hansen@example.com', 'nobody@example.com') })),
    registerAction: one(['anonymous'], () => fc.record({ name: fc.constant('Drill Owner'), organization: fc.constant('Drill Farms'), email: fc.uuid().map((u) => `drill-${u}@example.com`), password, confirmPassword: password })),
    resetPasswordAction: one(['anonymous'], () => fc.record({ token: hex(10, 64), password, confirmPassword: password })),
    verifyEmailAction: one(['anonymous', 'owner'], () => fc.oneof(hex(10, 64), fc.string({ minLength: 10, maxLength: 200 }))),
    signOutEverywhereAction: noArgs,
    createCalendarFeedAction: noArgs,
    revokeCalendarFeedAction: noArgs,
    savePreferencesAction: one(['owner', 'county', 'reviewer'], () => fc.record({ updateReminders: fc.boolean(), countyDigest: fc.constantFrom('immediate', 'daily', 'weekly') })),
    setFundAmountAction: one(['admin', 'supervisor'], () =>
      fc.record({ key: fc.constantFrom('indemnity.fund_balance_cents', 'indemnity.fund_suspend_above_cents', 'indemnity.fund_resume_below_cents'), amount: fc.constantFrom('3,000,000', '4000000.00', '1'), effectiveFrom: fc.constant(today()), source: fc.constant('Iowa Code 459.503A'), confirmed: fc.boolean() }),
    ),
    setIndemnityScheduleAction: one(['admin', 'supervisor'], () =>
      fc.record({
        rates: fc.constant([{ description: 'Every operation', centsPerAnimalUnit: 4, appliesTo: 'all' }, { description: 'With a permit', centsPerAnimalUnit: '10', appliesTo: 'with_construction_permit' }]),
        effectiveFrom: fc.constant(today()),
        source: fc.constant('IAC 567-65.110 department notice'),
        confirmed: fc.boolean(),
      }),
    ),
    inviteUserAction: one(['admin'], () => fc.record({ email: fc.uuid().map((u) => `invitee-${u}@example.com`), name: fc.constant('New Colleague'), role: fc.constantFrom('department_staff', 'county_official', 'preparer'), countyFips: fc.constantFrom('', '19167') })),
    issueTokenAction: one(['admin'], () => fc.record({ name: fc.constant('Drill County GIS'), scope: fc.constantFrom('public', 'county', 'agency'), countyFips: fc.constantFrom('', '19167'), expiresInDays: fc.constantFrom(1, '30', 730) })),
    revokeTokenAction: one(['admin'], () => fc.record({ tokenId: fc.uuid() })),
    issueClaimAction: one(['admin'], () => fc.record({ partyId: fc.uuid() })),
    redeemClaimAction: one(['owner'], () => fc.record({ code: fc.constantFrom('ABCD-EFGH-JKMN', 'abcd efgh jkmn') })),
    changeRoleAction: one(['admin'], (ids) => fc.record({ userId: pickFrom(ids.spareUserIds, fc.uuid()), role: fc.constantFrom('department_staff', 'county_official', 'owner'), countyFips: fc.constantFrom('', '19079') })),
    setDisabledAction: one(['admin'], (ids) => fc.record({ userId: pickFrom(ids.spareUserIds, fc.uuid()), disabled: fc.boolean() })),
    // The second factor: codes for no app set up, or wrong ones, are refused (and slow only that session).
    startTotpAction: noArgs,
    confirmTotpAction: one(['owner', 'reviewer', 'admin', 'anonymous'], () => fc.record({ code: fc.constantFrom('123456', '123 456', 'abcdef') })),
    renewRecoveryCodesAction: one(['owner', 'reviewer', 'admin', 'anonymous'], () => fc.record({ code: fc.constantFrom('123456', 'abcde-fghjk') })),
    removeSecondFactorAction: one(['owner', 'reviewer', 'admin', 'anonymous'], () => fc.record({ password, code: fc.constant('123456') })),
    resetSecondFactorAction: one(['admin', 'reviewer', 'anonymous'], (ids) => fc.record({ userId: pickFrom(ids.spareUserIds, fc.uuid()), reason: fc.constant('Lost phone; identity checked by a call') })),
    applyPolicyAction: one(['supervisor', 'reviewer'], () =>
      fc.record({
        policy: fc.oneof(fc.constant({ policy: 'approval_anniversary' }), fc.constant({ policy: 'even_by_month', startMonth: '2027-01' }), fc.constant({ policy: 'county_group', months: { '1': 3, '2': '' } })),
        previewHash: hex(64, 64),
      }),
    ),
    overrideDueDateAction: one(['supervisor', 'reviewer'], (ids) => fc.record({ operationId: op(ids), dueOn: fc.constantFrom('2027-03-01', '2027-12-31'), reason: fc.constant('Owner asked for a later date in writing') })),
    recordPaymentAction: one(['supervisor', 'reviewer'], (ids) => fc.record({ feeLineId: pickFrom(ids.feeLineIds, fc.uuid()), amount: fc.constantFrom('1.00', '148.80', '$1,250'), method: fc.constantFrom('check', 'ach'), reference: fc.constant('CHK-1'), receivedOn: fc.constant(today()) })),
    editOperationAction: one(['owner', 'preparer'], (ids) => op(ids).map((id) => ({ operationId: id, lockToken: ids.operationLocks.get(id) ?? 'x', values: operationValues() }))),
    registerOperationAction: one(['owner'], () => fc.constant(operationValues())),
    grantAccessAction: one(['owner'], (ids) => fc.record({ operationId: op(ids), email: fc.constantFrom('preparer@example.com', 'reviewer@example.com') })),
    revokeAccessAction: one(['owner'], (ids) => fc.record({ operationId: op(ids), grantId: fc.uuid() })),
    respondToTransferAction: one(['owner'], (ids) => fc.record({ transferId: pickFrom(ids.transferIds, fc.uuid()), response: fc.constantFrom('accept', 'dispute'), note: fc.constantFrom('', 'We never sold it.') })),
    respondWithLinkAction: one(['anonymous', 'owner'], () => fc.record({ token: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('base64url')), response: fc.constantFrom('accept', 'dispute'), note: fc.constantFrom('', 'Not sold.') })),
    decideTransferAction: one(['reviewer', 'supervisor'], (ids) => fc.record({ transferId: pickFrom(ids.transferIds, fc.uuid()), version: fc.constantFrom(1, 2), decision: fc.constantFrom('confirmed', 'refused'), reason: fc.constantFrom('', 'The deed is not signed.') })),
    startPlanAction: {
      roles: ['owner', 'preparer'],
      form: true,
      // A form action: (previous state, FormData); now and then plain values instead of a form.
      args: (ids) =>
        fc.oneof(
          { arbitrary: fc.tuple(fc.oneof(op(ids), anyString, fc.constant(undefined)), fc.oneof(fc.constantFrom('original', 'annual_update'), anyString, fc.constant(undefined))).map(([o, k]) => [null, formData({ operationId: o, kind: k })]), weight: 3 },
          { arbitrary: fc.tuple(nasty, nasty), weight: 1 },
          { arbitrary: fc.array(nasty, { maxLength: 3 }), weight: 1 },
        ),
    },
    recordReceiptAction: one(['owner', 'county', 'reviewer'], (ids) =>
      fc.record({ planId: plan(ids), countyFips: fc.constantFrom('19167', '19079'), receivedOn: fc.constant(today()), receivedByName: fc.constant('Sioux County Auditor'), attachmentId: pickFrom(ids.attachmentIds, fc.uuid()) }),
    ),
    answerDeficienciesAction: one(['owner', 'preparer'], (ids) =>
      fc.record({ planId: plan(ids), answers: fc.array(fc.record({ deficiencyId: pickFrom(ids.deficiencyIds, fc.uuid()), response: fc.constant('The signed agreement is attached now.') }), { minLength: 1, maxLength: 3 }) }),
    ),
    withdrawPlanAction: one(['owner', 'preparer'], version),
    // The signing step: the plan's SHA-256 as shown, the certification, the password and a code (a wrong code, or none set up, is refused).
    submitPlanAction: one(['owner', 'preparer'], (ids) =>
      version(ids).chain((v) => fc.record({ planId: fc.constant(v.planId), version: fc.constant(v.version), idempotencyKey: fc.uuid(), documentSha256: hex(64, 64), ...signing })),
    ),
    signingPreviewAction: one(['owner', 'preparer', 'reviewer'], (ids) => fc.record({ planId: plan(ids) })),
    requestSignatureAction: one(['owner', 'preparer'], (ids) => fc.record({ planId: plan(ids), note: fc.constantFrom('', 'Ready for your signature.') })),
    fileNoChangeUpdatesAction: one(['owner', 'preparer'], (ids) =>
      fc.record({ items: fc.array(fc.record({ operationId: op(ids), idempotencyKey: fc.uuid(), certified: fc.constant(true) }), { minLength: 1, maxLength: 3 }), signing: fc.record(signing) }),
    ),
    saveDraftAction: one(['owner', 'preparer'], (ids) =>
      version(ids).map((v) => ({ ...v, draft: { contacts: { contacts: [{ name: 'Karen Hansen', role: 'Owner', phone: '712-555-0141', email: 'owner.hansen@example.com' }] }, production: { annualAnimalProduction: '5000' } } })),
    ),
    peekDraftAction: one(['owner', 'preparer', 'reviewer'], (ids) => fc.record({ planId: plan(ids) })),
    removeAttachmentAction: one(['owner', 'preparer'], (ids) => fc.record({ planId: plan(ids), attachmentId: pickFrom(ids.attachmentIds, fc.uuid()) })),
    assignReviewerAction: one(['supervisor', 'reviewer'], (ids) => fc.record({ planIds: fc.array(plan(ids), { minLength: 1, maxLength: 3 }), reviewerUserId: fc.oneof(pickFrom(ids.reviewerIds, fc.uuid()), fc.constant('')) })),
    findCompleteAction: one(['reviewer', 'supervisor'], version),
    returnIncompleteAction: one(['reviewer', 'supervisor'], (ids) => version(ids).map((v) => ({ ...v, codes: ['OTHER'], details: { OTHER: 'The land agreement is not signed.' } }))),
    decideAction: one(['reviewer', 'supervisor'], (ids) => version(ids).chain((v) => fc.record({ planId: fc.constant(v.planId), version: fc.constant(v.version), decision: fc.constantFrom('approved', 'disapproved'), reasons: fc.constantFrom('', 'The fields cannot take the manure.') }))),
    previewDecisionAction: one(['reviewer', 'supervisor'], (ids) => version(ids).map((v) => ({ ...v, decision: 'approved', reasons: '' }))),
  };
}

function hex(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength, maxLength });
}

function formData(fields: Record<string, unknown>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.append(k, String(v));
  return f;
}

const GENERIC_ACTION: ActionSpec = { roles: MAIN_ROLES, args: () => fc.array(nasty, { maxLength: 3 }) };

function classifyAction(status: number, body: Buffer, headers: Headers, form: boolean): { outcome: Outcome; code: string; detail?: string } {
  if (status >= 500) return { outcome: 'defect', code: `HTTP ${status}`, detail: body.toString('utf8').slice(0, 200) };
  if (status >= 400) return { outcome: 'refused', code: `HTTP ${status}` };
  if (status >= 300) return { outcome: 'accepted', code: `HTTP ${status}` };
  if (headers.get('x-action-redirect')) return { outcome: 'accepted', code: 'redirect' };
  const { found, value } = actionReturnValue(body);
  if (!found) return { outcome: 'defect', code: 'no result', detail: body.toString('utf8').slice(0, 200) };
  if (form) {
    // startPlanAction answers null (then redirects) or the message of a refusal.
    if (value === null || value === undefined) return { outcome: 'accepted', code: 'ok' };
    if (typeof value === 'string') {
      return /went wrong on our side/.test(value) ? { outcome: 'defect', code: 'ERROR', detail: value } : { outcome: 'refused', code: 'message' };
    }
  }
  const r = value as { ok?: unknown; code?: unknown; message?: unknown };
  if (r && r.ok === true) return { outcome: 'accepted', code: 'ok' };
  if (r && r.ok === false && typeof r.code === 'string') {
    if (REFUSALS.has(r.code)) return { outcome: 'refused', code: r.code };
    return { outcome: 'defect', code: r.code, detail: String(r.message) };
  }
  return { outcome: 'defect', code: 'not an ActionResult', detail: short(value) };
}

async function actionTargets(ids: Ids): Promise<Target[]> {
  const manifest = JSON.parse(readFileSync(path.join('.next', 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { workers: Record<string, unknown>; filename?: string; exportedName?: string }>;
  };
  const specs = actionSpecs();
  const targets: Target[] = [];
  for (const [id, entry] of Object.entries(manifest.node)) {
    const exported = entry.exportedName ?? id;
    const name = `${entry.filename ?? '?'}#${exported}`;
    const spec = specs[exported];
    const workers = Object.keys(entry.workers);
    targets.push({
      name,
      kind: 'action',
      calls: (n, seed) => {
        const rand = mulberry(seed);
        const pick = <T>(xs: T[]) => (xs.length ? xs[Math.floor(rand() * xs.length)] : undefined);
        const arb = spec ? fc.oneof({ arbitrary: spec.args(ids), weight: 7 }, { arbitrary: GENERIC_ACTION.args(ids), weight: 3 }) : GENERIC_ACTION.args(ids);
        const samples = fc.sample(arb, { numRuns: n, seed });
        return samples.map((args): Call => {
          const preferred = spec?.roles ?? MAIN_ROLES;
          const role = rand() < 0.65 ? pick(preferred)! : pick<Role>(preferred.includes('spare') ? ['anonymous', 'spare'] : MAIN_ROLES)!;
          const url = pageUrl(pick(workers)!, ids, pick);
          return {
            role,
            label: `${role} ${exported} ${short(args, 160)}`,
            run: async (cookie) => {
              let body: string | FormData;
              try {
                body = await encodeReply(Array.isArray(args) ? args : [args]);
              } catch {
                body = await encodeReply([short(args)]);
              }
              // Next refuses bodies over 1 MB (probed once on its own below): keep each under it.
              if (typeof body === 'string' && Buffer.byteLength(body) > 950_000) body = await encodeReply(['x'.repeat(900_000)]);
              const headers: Record<string, string> = { 'next-action': id, accept: 'text/x-component' };
              if (typeof body === 'string') headers['content-type'] = 'text/plain;charset=UTF-8';
              if (cookie) headers.cookie = cookie;
              const res = await request(url, { method: 'POST', headers, body });
              const verdict = classifyAction(res.status, res.body, res.headers, Boolean(spec?.form));
              return { ...verdict, detail: verdict.outcome === 'defect' ? `${role} ${short(args)} -> ${verdict.detail ?? ''}` : undefined };
            },
          };
        });
      },
    });
  }
  return targets;
}

// A small seeded generator for choices that are not payloads (role, page).
function mulberry(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let BASE = '';
async function request(url: string, init: RequestInit): Promise<{ status: number; body: Buffer; headers: Headers }> {
  const res = await fetch(`${BASE}${url}`, { redirect: 'manual', signal: AbortSignal.timeout(60_000), ...init, headers: { origin: BASE, ...(init.headers as Record<string, string>) } });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

// Route handlers: query strings, path parameters, bodies and methods.
const queryKeys = ['q', 'status', 'relation', 'page', 'code', 'payer', 'county', 'office', 'kind', 'channel', 'reviewer', 'mine', 'bucket', 'callbackUrl', 'error', 'csrf', 'date'];
const queryString = fc.oneof(
  { arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...queryKeys), anyString), fc.oneof(anyString, trickyNumber.map(String), fc.uuid(), hugeString.map((s) => s.slice(0, 4000)))), { maxLength: 8 }).map((pairs) => `?${new URLSearchParams(pairs.map(([k, v]) => [k, String(v)])).toString()}`), weight: 6 },
  { arbitrary: fc.constantFrom('?%', '?%E0%A4%A', '?page=%FF', '?q=%00', '?page=1&page=2&page=abc', '?status[]=due', '?__proto__[x]=1', '?constructor.prototype.x=1', '?' + 'a=1&'.repeat(2000)), weight: 2 },
  { arbitrary: fc.constant(''), weight: 1 },
);
/** encodeURIComponent of any string (a lone surrogate becomes U+FFFD, as a browser sends it). */
const encodeAny = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
// Percent-encoding that does not decode (%E0%A4%A) is left to FRAMEWORK_PROBES: Next answers it
// with a 500 before any portal code runs.
const pathSegment = fc.oneof(
  fc.uuid(),
  anyString.filter((s) => s.length > 0).map(encodeAny),
  fc.constantFrom('..', '%2e%2e', '%2F', '%00', '%25', 'x.ics', '.ics', 'a'.repeat(5000), 'null', 'undefined', 'valueOf', '__proto__', 'constructor'),
  fc.base64String({ minLength: 20, maxLength: 80 }).map((s) => encodeURIComponent(s)),
);
const randomBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({ type: 'application/json', body: JSON.stringify(v) })),
  fc.string({ unit: 'binary', maxLength: 200 }).map((s) => ({ type: 'text/plain', body: s })),
  fc.uint8Array({ maxLength: 2000 }).map((b) => ({ type: 'application/octet-stream', body: Buffer.from(b) as unknown as BodyInit })),
  fc.constantFrom(
    { type: 'application/json', body: '{"date":' },
    { type: 'application/json', body: '{"__proto__":{"polluted":true},"date":"2027-01-01"}' },
    { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n' },
    { type: 'application/x-www-form-urlencoded', body: 'a=%&b=%E0%A4%A' },
  ),
);
const FRAMEWORK_PROBES = ['/api/calendar/%E0%A4%A.ics', '/api/attachments/%E0%A4%A', '/plans/%E0%A4%A', '/api/auth/%E0%A4%A'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

function routeCall(role: Role, method: string, url: string, bodyOf?: { type: string; body: BodyInit } | FormData, extra: Record<string, string> = {}): Call {
  return {
    role,
    label: `${role} ${method} ${url.slice(0, 160)}`,
    run: async (cookie) => {
      const headers: Record<string, string> = { ...extra };
      if (cookie) headers.cookie = cookie;
      let body: BodyInit | undefined;
      if (bodyOf instanceof FormData) body = bodyOf;
      else if (bodyOf && method !== 'GET' && method !== 'HEAD') {
        headers['content-type'] = bodyOf.type;
        body = bodyOf.body;
      }
      const res = await request(url, { method, headers, body });
      if (res.status >= 500) return { outcome: 'defect', code: `HTTP ${res.status}`, detail: `${role} ${method} ${url.slice(0, 200)} ${bodyOf instanceof FormData ? short([...bodyOf.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file ${v.size} bytes`])) : bodyOf ? short(bodyOf.body) : ''} -> ${res.body.toString('utf8').slice(0, 160)}` };
      const bucket = `${Math.floor(res.status / 100)}xx`;
      return { outcome: res.status < 400 ? 'accepted' : 'refused', code: res.status === 429 ? 'THROTTLED 429' : bucket };
    },
  };
}

function routeTargets(ids: Ids, csrf: () => Promise<{ token: string; cookie: string }>): Target[] {
  const routes = Object.keys(JSON.parse(readFileSync(path.join('.next', 'server', 'app-paths-manifest.json'), 'utf8')) as Record<string, string>)
    .filter((p) => p.endsWith('/route'))
    .map((p) => p.replace(/\/route$/, ''));
  const pdf = fc.tuple(fc.boolean(), fc.uint8Array({ maxLength: 4000 })).map(([header, b]) => Buffer.concat([header ? Buffer.from('%PDF-1.4\n') : Buffer.alloc(0), Buffer.from(b)]));
  const bases: Record<string, () => fc.Arbitrary<Call>> = {
    '/api/attachments/[id]': () => fc.tuple(fc.constantFrom(...MAIN_ROLES), fc.oneof(pickFrom(ids.attachmentIds, fc.uuid()), pathSegment), queryString).map(([r, id, q]) => routeCall(r, 'GET', `/api/attachments/${id}${q}`)),
    '/api/attachments': () =>
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .tuple(fc.constantFrom<Role>('owner', 'preparer', 'owner', 'reviewer', 'anonymous', 'county'), fc.option(fc.oneof(pickFrom(ids.planIds, fc.uuid()), anyString)), fc.option(fc.oneof(fc.constantFrom('site_map', 'county_receipt', 'other', 'land_agreement'), anyString)), fc.option(pdf), fc.oneof(anyString, fc.constantFrom('map.pdf', '../../x.pdf', 'a'.repeat(400) + '.pdf', 'scan.PDF', '')))
            .map(([r, planId, kind, file, filename]) => {
              const f = new FormData();
              if (planId !== null) f.append('planId', planId);
              if (kind !== null) f.append('kind', kind);
              if (file !== null) f.append('file', new File([new Uint8Array(file)], filename || 'file.pdf', { type: 'application/pdf' }));
              return routeCall(r, 'POST', '/api/attachments', f);
            }),
        },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...MAIN_ROLES), randomBody).map(([r, b]) => routeCall(r, 'POST', '/api/attachments', b)) },
      ),
    '/api/transfers': () =>
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .tuple(fc.constantFrom<Role>('owner', 'owner', 'preparer', 'reviewer', 'anonymous'), fc.option(pickFrom(ids.facilities, fc.constant({ facilityId: 'X-1', countyFips: '19167' }))), fc.option(fc.oneof(fc.constant(today()), anyString)), fc.option(pdf), fc.oneof(anyString, fc.constantFrom('deed.pdf', '../../x.pdf', '')))
            .map(([r, facility, acquiredOn, file, filename]) => {
              const f = new FormData();
              if (facility) {
                f.append('facilityId', facility.facilityId);
                f.append('countyFips', facility.countyFips);
              }
              if (acquiredOn !== null) f.append('acquiredOn', acquiredOn);
              if (file !== null) f.append('file', new File([new Uint8Array(file)], filename || 'file.pdf', { type: 'application/pdf' }));
              return routeCall(r, 'POST', '/api/transfers', f);
            }),
        },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...MAIN_ROLES), randomBody).map(([r, b]) => routeCall(r, 'POST', '/api/transfers', b)) },
      ),
    '/api/auth/[...nextauth]': () =>
      fc.oneof(
        { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...MAIN_ROLES), fc.oneof(fc.constantFrom('session', 'csrf', 'providers', 'signin', 'signout', 'error', 'callback/credentials', 'signin/credentials', '_log', 'verify-request'), pathSegment), queryString).map(([r, p, q]) => routeCall(r, 'GET', `/api/auth/${p}${q}`)) },
        { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...MAIN_ROLES), fc.oneof(fc.constantFrom('signout', 'callback/credentials', 'signin/credentials', '_log', 'session'), pathSegment), randomBody).map(([r, p, b]) => routeCall(r, 'POST', `/api/auth/${p}`, b)) },
        // With a real CSRF token: bad credentials for made-up accounts from made-up addresses (the
        // demo accounts are left alone so the sign-in throttle never locks the drill out).
        {
          weight: 1,
          arbitrary: fc.tuple(fc.oneof(anyString, fc.uuid().map((u) => `nobody-${u}@example.com`)), fc.oneof(anyString, hugeString.map((s) => s.slice(0, 5000))), fc.ipV4()).map(([email, password, ip]): Call => ({
            role: 'anonymous',
            label: `anonymous POST /api/auth/callback/credentials (with a CSRF token) ${short({ email, password, ip }, 160)}`,
            run: async () => {
              const { token, cookie } = await csrf();
              const body = new URLSearchParams({ csrfToken: token, email: String(email).startsWith('owner.') ? `x${email}` : String(email), password: String(password), json: 'true' });
              return routeCall('anonymous', 'POST', '/api/auth/callback/credentials', { type: 'application/x-www-form-urlencoded', body: body.toString() }, { cookie, 'x-forwarded-for': ip }).run('');
            },
          })),
        },
      ),
    '/api/calendar/[token]': () => fc.tuple(fc.constantFrom<Role>('anonymous'), pathSegment, fc.boolean(), queryString).map(([r, t, ics, q]) => routeCall(r, 'GET', `/api/calendar/${t}${ics ? '.ics' : ''}${q}`)),
  };
  const queryRoute = (route: string) => fc.tuple(fc.constantFrom(...MAIN_ROLES), queryString).map(([r, q]) => routeCall(r, 'GET', `${route}${q}`));
  return routes.map((route): Target => {
    const arb =
      bases[route]?.() ??
      (route === '/api/test/clock'
        ? fc.oneof(queryRoute(route), fc.tuple(fc.constantFrom(...MAIN_ROLES), randomBody).map(([r, b]) => routeCall(r, 'POST', route, b)))
        : queryRoute(route));
    // Every route also gets the methods it does not define.
    const other = fc.tuple(fc.constantFrom(...MAIN_ROLES), fc.constantFrom(...METHODS), randomBody).map(([r, m, b]) =>
      routeCall(r, m, route.replace(/\[\.\.\.(\w+)\]/, 'session').replace(/\[(\w+)\]/g, () => randomUUID()), b),
    );
    return { name: `${route} (route)`, kind: 'route', calls: (n, seed) => fc.sample(fc.oneof({ arbitrary: arb, weight: 9 }, { arbitrary: other, weight: 1 }), { numRuns: n, seed }) };
  });
}

// ---------------------------------------------------------------------------------------------

async function runPool<T>(items: T[], worker: (item: T) => Promise<void>, concurrency: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await worker(items[next++]!);
    }),
  );
}

export const run: Drill = async ({ databaseUrl, log }) => {
  const did: string[] = [];
  const found: string[] = [];
  ensureBuild();
  const ids = await readIds(databaseUrl);
  const secret = randomBytes(32).toString('hex');
  let server: DrillServer | undefined;
  try {
    server = await startServer({ name: 'bad-input', port: PORT, databaseUrl, secret, env: { MMP_JOBS: 'off' } });
    BASE = server.base;
    did.push(`started the production server on ${server.base} (PostgreSQL drill database, jobs off)`);

    const cookies = new Map<Role, string>([['anonymous', '']]);
    for (const role of Object.keys(ROLES) as (keyof typeof ROLES)[]) cookies.set(role, await signInCookie(server.base, ROLES[role], PASSWORD));
    did.push(`signed in as ${Object.keys(ROLES).join(', ')} (and sent some requests signed out)`);
    const csrf = async () => {
      const res = await fetch(`${BASE}/api/auth/csrf`);
      const { csrfToken } = (await res.json()) as { csrfToken: string };
      return { token: csrfToken, cookie: (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ') };
    };

    const actions = await actionTargets(ids);
    const routes = routeTargets(ids, csrf);

    // The wire format, checked on one action before the drill relies on it.
    const prefs = actions.find((t) => t.name.endsWith('#savePreferencesAction'));
    if (!prefs) throw new Error('savePreferencesAction is not in the server reference manifest');
    const manifest = JSON.parse(readFileSync(path.join('.next', 'server', 'server-reference-manifest.json'), 'utf8')) as { node: Record<string, { exportedName?: string }> };
    const prefsId = Object.entries(manifest.node).find(([, v]) => v.exportedName === 'savePreferencesAction')![0];
    const probe = async (cookie: string, arg: unknown) => {
      const res = await request('/account/notifications', { method: 'POST', headers: { 'next-action': prefsId, accept: 'text/x-component', 'content-type': 'text/plain;charset=UTF-8', ...(cookie ? { cookie } : {}) }, body: (await encodeReply([arg])) as string });
      return { status: res.status, value: actionReturnValue(res.body).value as { ok?: boolean; code?: string } };
    };
    const good = await probe(cookies.get('owner')!, { updateReminders: true, countyDigest: 'immediate' });
    const anon = await probe('', { updateReminders: true, countyDigest: 'immediate' });
    const bad = await probe(cookies.get('owner')!, { updateReminders: 'yes' });
    if (good.value?.ok !== true || anon.value?.code !== 'UNAUTHENTICATED' || bad.value?.code !== 'VALIDATION') {
      throw new Error(`the action wire format is not what the drill expects: valid ${short(good)}, signed out ${short(anon)}, invalid ${short(bad)}`);
    }
    did.push('checked the action wire format on savePreferencesAction: a valid call saves (ok: true), signed out is UNAUTHENTICATED, a wrong type is VALIDATION');

    // 10,000 payloads over every action and route, in a seeded order.
    const targets = [...actions, ...routes];
    const per = Math.floor(TOTAL / targets.length);
    let extra = TOTAL - per * targets.length;
    const jobs: { target: Target; call: Call }[] = [];
    targets.forEach((target, i) => {
      const n = per + (extra-- > 0 ? 1 : 0);
      for (const call of target.calls(n, SEED + i)) jobs.push({ target, call });
    });
    const shuffle = mulberry(SEED);
    for (let i = jobs.length - 1; i > 0; i--) {
      const j = Math.floor(shuffle() * (i + 1));
      [jobs[i], jobs[j]] = [jobs[j]!, jobs[i]!];
    }
    log(`sending ${jobs.length} payloads to ${actions.length} actions and ${routes.length} route handlers (seed ${SEED}, ${CONCURRENCY} at a time)`);

    const tallies = new Map<string, Tally>(targets.map((t) => [t.name, { sent: 0, accepted: 0, refused: 0, defects: 0, byCode: new Map(), examples: [] }]));
    let transportErrors = 0;
    let done = 0;
    const started = Date.now();
    let resigning: Promise<void> | null = null;
    await runPool(
      jobs,
      async ({ target, call }) => {
        const t = tallies.get(target.name)!;
        t.sent++;
        try {
          if (resigning && call.role === 'spare') await resigning;
          const r = await call.run(cookies.get(call.role) ?? '');
          t[r.outcome === 'defect' ? 'defects' : r.outcome]++;
          t.byCode.set(r.code, (t.byCode.get(r.code) ?? 0) + 1);
          if (r.outcome === 'defect' && t.examples.length < 3) t.examples.push(r.detail ?? r.code);
          // Sign out everywhere ended the spare account's sessions: sign in again.
          if (call.role === 'spare' && target.name.endsWith('#signOutEverywhereAction') && r.outcome === 'accepted') {
            resigning = signInCookie(BASE, ROLES.spare, PASSWORD).then((c) => {
              cookies.set('spare', c);
              resigning = null;
            });
            await resigning;
          }
        } catch (err) {
          transportErrors++;
          t.defects++;
          t.byCode.set('transport error', (t.byCode.get('transport error') ?? 0) + 1);
          if (t.examples.length < 3) t.examples.push(`${call.label} -> transport error: ${err instanceof Error ? err.message : String(err)}`);
        }
        if (++done % 1000 === 0) log(`${done} payloads sent (${Math.round((Date.now() - started) / 1000)} s)`);
      },
      CONCURRENCY,
    );
    did.push(`sent ${jobs.length} generated payloads (fast-check, seed ${SEED}): ${actions.length} server actions by id through their pages, ${routes.length} route handlers (query strings, path parameters, bodies, other methods) in ${Math.round((Date.now() - started) / 1000)} s`);

    // Counts per action and route.
    const rows = [...tallies.entries()].map(([name, t]) => ({
      target: name,
      sent: t.sent,
      accepted: t.accepted,
      refused: t.refused,
      defects: t.defects,
      codes: [...t.byCode.entries()].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', '),
    }));
    console.table(rows);
    for (const r of rows) found.push(`${r.target}: ${r.sent} sent, ${r.accepted} accepted, ${r.refused} refused, ${r.defects} defects (${r.codes})`);

    // Requests Next itself answers before any portal code runs, checked apart from the payloads.
    for (const probe of FRAMEWORK_PROBES) {
      const res = await request(probe, { method: 'GET', headers: { cookie: cookies.get('owner')! } }).catch(() => ({ status: 0 }));
      found.push(`framework: GET ${probe} (percent-encoding that does not decode) answers HTTP ${res.status}${res.status >= 500 ? ' from Next before the route or page runs (a proxy.ts refusing undecodable paths with 400 would fix it)' : ''}`);
    }
    // Over Next's 1 MB limit for an action body (serverActions.bodySizeLimit): what the framework answers.
    const big = await request('/account/notifications', { method: 'POST', headers: { 'next-action': prefsId, accept: 'text/x-component', 'content-type': 'text/plain;charset=UTF-8', cookie: cookies.get('owner')! }, body: (await encodeReply([{ updateReminders: true, countyDigest: 'x'.repeat(1_200_000) }])) as string });
    found.push(`framework: an action body over 1 MB (Next's serverActions.bodySizeLimit) answers HTTP ${big.status}${big.status >= 500 ? ' from Next before the action runs' : ''}`);

    // The server's log.
    await new Promise((r) => setTimeout(r, 500));
    const stderr = server.stderr;
    const unexpected = stderr.filter((l) => l.includes('[action] unexpected error'));
    const authUnexpected = stderr.filter((l) => l.includes('[auth] sign-in failed unexpectedly'));
    const nextErrors = stderr.filter((l) => /^\s*⨯|Error: /.test(l) && !l.includes('[action] unexpected error'));
    // A fresh connection each try: the oversized body above makes the server close the one it came on.
    let alive = false;
    for (let i = 0; i < 3 && !alive && !server.exited(); i++) {
      alive = await fetch(`${BASE}/api/health`, { headers: { connection: 'close' } }).then((r) => r.ok).catch(() => false);
      if (!alive) await new Promise((r) => setTimeout(r, 1000));
    }

    const defects = rows.reduce((n, r) => n + r.defects, 0);
    const fiveXx = [...tallies.values()].reduce((n, t) => n + [...t.byCode.entries()].filter(([c]) => /^HTTP 5|^5xx/.test(c)).reduce((a, [, v]) => a + v, 0), 0);
    const errorResults = [...tallies.values()].reduce((n, t) => n + (t.byCode.get('ERROR') ?? 0), 0);
    found.unshift(
      `${fiveXx} responses with a 5xx status; ${errorResults} ActionResults with code ERROR; ${defects} defects in all (${transportErrors} transport errors)`,
      `server log: ${unexpected.length} "[action] unexpected error", ${authUnexpected.length} "[auth] sign-in failed unexpectedly", ${nextErrors.length} other error lines; server ${alive ? 'still healthy' : 'NOT healthy'} afterwards`,
    );
    for (const [name, t] of tallies) for (const e of t.examples) found.push(`defect in ${name}: ${e}`);
    const distinct = [...new Set(stderr.flatMap((l, i) => (/\[action\] unexpected error|\[auth\] sign-in failed unexpectedly|^\s*⨯/.test(l) ? [`${l.trim()} ${stderr[i + 1]?.trim() ?? ''}`.slice(0, 300)] : [])))];
    for (const line of distinct.slice(0, 15)) found.push(`server log: ${line}`);

    const report: DrillReport = { name: 'bad-input', did, found, ok: defects === 0 && unexpected.length === 0 && authUnexpected.length === 0 && alive };
    return report;
  } finally {
    await server?.stop();
  }
};
