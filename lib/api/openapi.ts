// The OpenAPI 3.1 document, generated from the same zod schemas the endpoints use. Every operation
// has an operationId (a generated client's method name) and its security (empty for the public
// ones); the server is the portal's configured public address, never a request's Host. Linted with
// Redocly's recommended rules in the test suite (tests/unit/api/openapi-lint.test.ts).
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { publicOrigin } from '@/lib/env';
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from './cursor';
import * as S from './schemas';

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: S.Problem } } });
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

const pageQuery = z.object({
  cursor: z.string().optional().meta({ description: 'The `next` cursor of the previous page' }),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().meta({ description: `Items per page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE})` }),
});
const idParams = z.object({ id: z.uuid().meta({ description: 'The record’s id, as a list gives it', example: '3f6c2a9e-8d41-4b7a-9c0e-5a1d2b3c4d5e' }) });

/** Request bodies a client can send as they are: each one is checked against its schema in the tests. */
export const REQUEST_EXAMPLES = {
  animalUnits: { headAtCapacity: { swine_over_55_lb: 2480, swine_15_to_55_lb: 1200 } },
  fees: { filing: { kind: 'original', constructionPermitRequired: true }, annualCompliance: { animalUnitCapacity: 1232, contractProducer: false } },
  mmpRequirement: { filer: 'confinement_owner', animalUnitCapacity: 1232, constructedOn: '2004-05-17' },
  stockpile: { distancesFt: { surface_tile_inlet: 420, designated_area: 900, known_sinkhole: 1500 }, slopePercent: 2 },
} satisfies Record<string, unknown>;

const COMMON = {
  304: { description: 'Not modified: the ETag in If-None-Match is current' },
  400: problem('Bad cursor, page size or parameter'),
  401: problem('Missing, unknown, revoked or expired token'),
  405: problem('The endpoint does not take this method: the Allow header names those it does'),
  429: problem('Too many requests: wait for Retry-After seconds'),
};
const SCOPED = { ...COMMON, 403: problem('The token’s scope does not cover this endpoint') };

function build(origin: string) {
  const r = new OpenAPIRegistry();
  r.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', description: 'An API token issued by the department’s administrator' });
  const secured = [{ bearer: [] }];
  // No token needed. One that is sent is still checked (a revoked one is refused) and gives the token's rate limit.
  const open: { [scheme: string]: string[] }[] = [];

  r.registerPath({
    method: 'get', path: '/api/v1/status', operationId: 'searchPublicStatus', summary: 'Public status search', tags: ['Public'], security: open,
    description: 'The public status search: name, county, animal units, plan status, last approval and next due date. No token needed.',
    request: { query: pageQuery.extend({ q: z.string().max(100).optional().meta({ description: 'Operation name, facility ID or county', example: 'Hansen' }), county: z.string().optional(), status: z.enum(['submitted', 'incomplete', 'under_review', 'approved', 'disapproved', 'withdrawn', 'none']).optional() }) },
    responses: { 200: json(S.PublicStatusPage, 'A page of operations'), ...COMMON },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/operations', operationId: 'listOperations', summary: 'Operations within the token’s scope', tags: ['Records'], security: secured,
    request: { query: pageQuery.extend({ county: z.string().optional().meta({ description: 'Only operations located in this county (FIPS)' }) }) },
    responses: { 200: json(S.OperationPage, 'A page of operations'), ...SCOPED },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/operations/{id}', operationId: 'getOperation', summary: 'One operation', tags: ['Records'], security: secured,
    request: { params: idParams },
    responses: { 200: json(S.Operation, 'The operation'), ...SCOPED, 404: problem('No such operation within the token’s scope') },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/operations/{id}/plans', operationId: 'listOperationPlans', summary: 'An operation’s filed plans', tags: ['Records'], security: secured,
    request: { params: idParams, query: pageQuery },
    responses: { 200: json(S.PlanSummaryPage, 'A page of plans'), ...SCOPED, 404: problem('No such operation within the token’s scope') },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/plans/{id}', operationId: 'getPlan', summary: 'One plan, with the plan document as filed', tags: ['Records'], security: secured,
    request: { params: idParams },
    responses: { 200: json(S.Plan, 'The plan'), ...SCOPED, 404: problem('No such plan within the token’s scope') },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/decisions', operationId: 'listDecisions', summary: 'The department’s decisions, oldest first', tags: ['Records'], security: secured,
    request: { query: pageQuery },
    responses: { 200: json(S.DecisionPage, 'A page of decisions'), ...SCOPED },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/due-dates', operationId: 'listDueDates', summary: 'Next annual update due dates', tags: ['Records'], security: secured,
    request: { query: pageQuery },
    responses: { 200: json(S.DueDatePage, 'A page of due dates'), ...SCOPED },
  });
  const rule = (path: string, operationId: string, summary: string, req: z.ZodType, res: z.ZodType, example: unknown) =>
    r.registerPath({
      method: 'post', path, operationId, summary, tags: ['Rules'], security: open,
      description: 'Answers from the portal’s rules library, with the citation of the rule applied.',
      request: { body: { required: true, content: { 'application/json': { schema: req, example } } } },
      responses: { 200: json(res, 'What the rules library answers'), 400: problem('The body is not valid'), 401: COMMON[401], 405: COMMON[405], 422: problem('The rules library refused the input (the field is named)'), 429: COMMON[429] },
    });
  rule('/api/v1/rules/animal-units', 'computeAnimalUnits', 'Animal unit capacity (Iowa Code 459.102)', S.AnimalUnitsRequest, S.AnimalUnitsResponse, REQUEST_EXAMPLES.animalUnits);
  rule('/api/v1/rules/fees', 'computeFees', 'Filing and annual compliance fees (IAC 567-65.110(3)"c", (7))', S.FeesRequest, S.FeesResponse, REQUEST_EXAMPLES.fees);
  rule('/api/v1/rules/mmp-requirement', 'checkMmpRequirement', 'Who must file an MMP (IAC 567-65.110(1))', S.MmpRequirementRequest, S.MmpRequirementResponse, REQUEST_EXAMPLES.mmpRequirement);
  rule('/api/v1/rules/stockpile', 'checkStockpileSeparation', 'Dry manure stockpile separation (Iowa Code 459.311B)', S.StockpileRequest, S.StockpileResponse, REQUEST_EXAMPLES.stockpile);

  return new OpenApiGeneratorV31(r.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Iowa MMP Portal API',
      version: '1.0.0',
      description: 'Read-only access to operations, plans, decisions and due dates, scoped like the portal’s pages, and the rules library. Errors are RFC 9457 problem details.',
      // The records are the department's; the terms of their reuse are the department's to set.
      license: { name: 'Terms of use of the Iowa Department of Natural Resources', url: `${origin}/api/v1/reference#terms` },
    },
    servers: [{ url: origin, description: 'This portal' }],
    tags: [
      { name: 'Public', description: 'What anyone may read, without a token' },
      { name: 'Records', description: 'Operations, plans, decisions and due dates within the token’s scope' },
      { name: 'Rules', description: 'The rules library: what the law says for given figures' },
    ],
  });
}

let cached: { origin: string; document: ReturnType<typeof build> } | undefined;
/** The document for the configured public address (built once per address). */
export function openApiDocument() {
  const origin = publicOrigin();
  if (cached?.origin !== origin) cached = { origin, document: build(origin) };
  return cached.document;
}
