// The OpenAPI 3.1 document, generated from the same zod schemas the endpoints use.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from './cursor';
import * as S from './schemas';

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: S.Problem } } });
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

const pageQuery = z.object({
  cursor: z.string().optional().meta({ description: 'The `next` cursor of the previous page' }),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().meta({ description: `Items per page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE})` }),
});
const idParams = z.object({ id: z.uuid() });

const COMMON = {
  304: { description: 'Not modified: the ETag in If-None-Match is current' },
  400: problem('Bad cursor, page size or parameter'),
  401: problem('Missing, unknown, revoked or expired token'),
  429: problem('Too many requests: wait for Retry-After seconds'),
};
const SCOPED = { ...COMMON, 403: problem('The token’s scope does not cover this endpoint') };

function build() {
  const r = new OpenAPIRegistry();
  r.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', description: 'An API token issued by the department’s administrator' });
  const secured = [{ bearer: [] }];

  r.registerPath({
    method: 'get', path: '/api/v1/status', summary: 'Public status search', tags: ['Public'],
    description: 'The public status search: name, county, animal units, plan status, last approval and next due date. No token needed.',
    request: { query: pageQuery.extend({ q: z.string().max(100).optional(), county: z.string().optional(), status: z.enum(['submitted', 'incomplete', 'under_review', 'approved', 'disapproved', 'withdrawn', 'none']).optional() }) },
    responses: { 200: json(S.PublicStatusPage, 'A page of operations'), ...COMMON },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/operations', summary: 'Operations within the token’s scope', tags: ['Records'], security: secured,
    request: { query: pageQuery.extend({ county: z.string().optional().meta({ description: 'Only operations located in this county (FIPS)' }) }) },
    responses: { 200: json(S.OperationPage, 'A page of operations'), ...SCOPED },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/operations/{id}', summary: 'One operation', tags: ['Records'], security: secured,
    request: { params: idParams },
    responses: { 200: json(S.Operation, 'The operation'), ...SCOPED, 404: problem('No such operation within the token’s scope') },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/operations/{id}/plans', summary: 'An operation’s filed plans', tags: ['Records'], security: secured,
    request: { params: idParams, query: pageQuery },
    responses: { 200: json(S.PlanSummaryPage, 'A page of plans'), ...SCOPED, 404: problem('No such operation within the token’s scope') },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/plans/{id}', summary: 'One plan, with the plan document as filed', tags: ['Records'], security: secured,
    request: { params: idParams },
    responses: { 200: json(S.Plan, 'The plan'), ...SCOPED, 404: problem('No such plan within the token’s scope') },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/decisions', summary: 'The department’s decisions, oldest first', tags: ['Records'], security: secured,
    request: { query: pageQuery },
    responses: { 200: json(S.DecisionPage, 'A page of decisions'), ...SCOPED },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/due-dates', summary: 'Next annual update due dates', tags: ['Records'], security: secured,
    request: { query: pageQuery },
    responses: { 200: json(S.DueDatePage, 'A page of due dates'), ...SCOPED },
  });
  const rule = (path: string, summary: string, req: z.ZodType, res: z.ZodType) =>
    r.registerPath({
      method: 'post', path, summary, tags: ['Rules'],
      request: { body: { content: { 'application/json': { schema: req } } } },
      responses: { 200: json(res, 'What the rules library answers'), 400: problem('The body is not valid'), 401: COMMON[401], 422: problem('The rules library refused the input (the field is named)'), 429: COMMON[429] },
    });
  rule('/api/v1/rules/animal-units', 'Animal unit capacity (Iowa Code 459.102)', S.AnimalUnitsRequest, S.AnimalUnitsResponse);
  rule('/api/v1/rules/fees', 'Filing and annual compliance fees (IAC 567-65.110(3)"c", (7))', S.FeesRequest, S.FeesResponse);
  rule('/api/v1/rules/mmp-requirement', 'Who must file an MMP (IAC 567-65.110(1))', S.MmpRequirementRequest, S.MmpRequirementResponse);
  rule('/api/v1/rules/stockpile', 'Dry manure stockpile separation (Iowa Code 459.311B)', S.StockpileRequest, S.StockpileResponse);

  return new OpenApiGeneratorV31(r.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Iowa MMP Portal API',
      version: '1.0.0',
      description: 'Read-only access to operations, plans, decisions and due dates, scoped like the portal’s pages, and the rules library. Errors are RFC 9457 problem details.',
    },
  });
}

let cached: ReturnType<typeof build> | undefined;
export function openApiDocument() {
  cached ??= build();
  return cached;
}
