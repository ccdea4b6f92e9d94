// The endpoints' bodies, apart from their route files so the OpenAPI test can call each one.
import { z } from 'zod';
import { annualComplianceFee, animalUnitCapacity, checkStockpile, filingFees, mmpRequirement } from '@/lib/rules';
import { parsePublicStatusFilter, PUBLIC_PLAN_STATUSES } from '@/lib/public/status-filter';
import { pagePublicStatusAfter } from '@/lib/public/status-search';
import { decodeCursor, pageOf, pageSize } from './cursor';
import { ApiProblem } from './problem';
import { getApiOperation, getApiPlan, listApiDecisions, listApiDueDates, listApiOperations, listApiPlansOfOperation } from './queries';
import { AnimalUnitsRequest, FeesRequest, MmpRequirementRequest, StockpileRequest } from './schemas';
import { requireRecordScope } from './scope';
import type { ApiPrincipal } from './tokens';

type Ctx = { principal: ApiPrincipal; query: URLSearchParams };

function countyParam(query: URLSearchParams): string | null {
  const c = query.get('county');
  if (c === null || c === '') return null;
  if (!/^19\d{3}$/.test(c)) throw new ApiProblem('invalid-request', 'county must be an Iowa county FIPS code (19001–19197).', { errors: [{ pointer: '#/query/county', detail: 'An Iowa county FIPS code.' }] });
  return c;
}

// The public page forgives a hand-edited address (a bad value means no filter); the API answers what
// its document says instead, so a client's typo is not read as "every operation".
function checkStatusQuery(query: URLSearchParams): void {
  const status = query.get('status');
  if (status !== null && status !== '' && !(PUBLIC_PLAN_STATUSES as readonly string[]).includes(status)) {
    throw new ApiProblem('invalid-request', `status must be one of ${PUBLIC_PLAN_STATUSES.join(', ')}.`, { errors: [{ pointer: '#/query/status', detail: `One of ${PUBLIC_PLAN_STATUSES.join(', ')}.` }] });
  }
  if ((query.get('q') ?? '').length > 100) {
    throw new ApiProblem('invalid-request', 'q is at most 100 characters.', { errors: [{ pointer: '#/query/q', detail: 'At most 100 characters.' }] });
  }
  countyParam(query);
}

export async function statusPage({ query }: Ctx) {
  checkStatusQuery(query);
  const limit = pageSize(query.get('limit'));
  const after = decodeCursor('status', query.get('cursor'), ['text', 'uuid']);
  const filter = parsePublicStatusFilter(query);
  const rows = await pagePublicStatusAfter(filter, after ? { key: after[0]!, id: after[1]! } : null, limit + 1);
  const { items, next } = pageOf(rows, limit, 'status', (r) => [r.facilityId ?? '', r.id]);
  return {
    items: items.map((r) => ({ facilityId: r.facilityId, name: r.name, countyFips: r.countyFips, countyName: r.countyName, animalUnitCapacity: r.animalUnitCapacity, planStatus: r.planStatus, approvedPlanInForce: r.approvedPlanInForce, lastApprovedOn: r.lastApprovedOn, nextDueOn: r.nextDueOn })),
    next,
  };
}

export async function operationsPage({ principal, query }: Ctx) {
  requireRecordScope(principal);
  const limit = pageSize(query.get('limit'));
  const after = decodeCursor('operations', query.get('cursor'), ['uuid']);
  const rows = await listApiOperations(principal, after?.[0] ?? null, limit, countyParam(query));
  return pageOf(rows, limit, 'operations', (r) => [r.id]);
}

export async function operationOne({ principal }: Ctx, id: string) {
  requireRecordScope(principal);
  return getApiOperation(principal, id);
}

export async function operationPlansPage({ principal, query }: Ctx, id: string) {
  requireRecordScope(principal);
  const limit = pageSize(query.get('limit'));
  const after = decodeCursor(`plans:${id}`, query.get('cursor'), ['uuid']);
  const rows = await listApiPlansOfOperation(principal, id, after?.[0] ?? null, limit);
  return pageOf(rows, limit, `plans:${id}`, (r) => [r.id]);
}

export async function planOne({ principal }: Ctx, id: string) {
  requireRecordScope(principal);
  return getApiPlan(principal, id);
}

export async function decisionsPage({ principal, query }: Ctx) {
  requireRecordScope(principal);
  const limit = pageSize(query.get('limit'));
  const after = decodeCursor('decisions', query.get('cursor'), ['date', 'uuid']);
  const rows = await listApiDecisions(principal, after, limit);
  return pageOf(rows, limit, 'decisions', (r) => [r.decidedOn, r.planId]);
}

export async function dueDatesPage({ principal, query }: Ctx) {
  requireRecordScope(principal);
  const limit = pageSize(query.get('limit'));
  const after = decodeCursor('due-dates', query.get('cursor'), ['uuid']);
  const rows = await listApiDueDates(principal, after?.[0] ?? null, limit);
  return pageOf(rows, limit, 'due-dates', (r) => [r.operationId]);
}

// The rules library, as other agencies' systems call it: the same functions the portal uses.
export function animalUnits(body: z.infer<typeof AnimalUnitsRequest>) {
  return { animalUnitCapacity: animalUnitCapacity(body.headAtCapacity), citation: 'Iowa Code 459.102' };
}

export function fees(body: z.infer<typeof FeesRequest>) {
  if (!body.filing && !body.annualCompliance) throw new ApiProblem('invalid-request', 'Ask for `filing`, `annualCompliance` or both.', { errors: [{ pointer: '#/', detail: 'Give filing or annualCompliance.' }] });
  return {
    filing: body.filing ? filingFees(body.filing) : null,
    annualCompliance: body.annualCompliance ? annualComplianceFee(body.annualCompliance) : null,
  };
}

export function requirement(body: z.infer<typeof MmpRequirementRequest>) {
  return mmpRequirement(body);
}

export function stockpile(body: z.infer<typeof StockpileRequest>) {
  return checkStockpile(body);
}
