import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { describeType, fieldRows, referenceView, type OpenApiLike } from '@/lib/api/reference-view';

// The API's OpenAPI document, as a client generator and a reader of the reference page see it.
const saved = { ...process.env };

async function loadDocument(publicUrl = 'https://mmp.iowa.gov') {
  vi.resetModules();
  for (const k of ['MMP_PUBLIC_URL', 'NEXTAUTH_URL', 'PORT', 'DATABASE_URL']) delete process.env[k];
  process.env.MMP_PUBLIC_URL = publicUrl;
  const api = await import('@/lib/api/openapi');
  const schemas = await import('@/lib/api/schemas');
  return { doc: api.openApiDocument() as unknown as OpenApiLike & Record<string, unknown>, examples: api.REQUEST_EXAMPLES, schemas };
}

type Op = { operationId?: string; security?: unknown[]; requestBody?: { content: Record<string, { example?: unknown }> } };
const operations = (doc: OpenApiLike) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op: op as Op })));

afterEach(() => {
  process.env = { ...saved };
});

describe('the OpenAPI document', () => {
  it('passes Redocly’s recommended rules with no error and no warning', async () => {
    const { doc } = await loadDocument();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('names the configured public address as its server, never a default or a request’s host', async () => {
    expect((await loadDocument('https://mmp.iowa.gov/')).doc.servers).toEqual([{ url: 'https://mmp.iowa.gov', description: 'This portal' }]);
    expect((await loadDocument('https://portal.example.org')).doc.servers?.[0]?.url).toBe('https://portal.example.org');
  });

  it('gives each operation a unique operationId and says which need a token', async () => {
    const { doc } = await loadDocument();
    const ops = operations(doc);
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ops.length);
    for (const { path, op } of ops) {
      expect(Array.isArray(op.security), `${path} states its security`).toBe(true);
      const needsToken = path !== '/api/v1/status' && !path.startsWith('/api/v1/rules/');
      expect(op.security, path).toEqual(needsToken ? [{ bearer: [] }] : []);
    }
  });

  it('carries a licence and, for each request body, an example the endpoint accepts', async () => {
    const { doc, examples, schemas } = await loadDocument();
    expect(doc.info.license?.url).toBe('https://mmp.iowa.gov/api/v1/reference#terms');
    const bodies = operations(doc).filter((o) => o.op.requestBody);
    expect(bodies.length).toBe(4);
    for (const { path, op } of bodies) expect(op.requestBody!.content['application/json']?.example, path).toBeDefined();
    const bySchema: [z.ZodType, unknown][] = [
      [schemas.AnimalUnitsRequest, examples.animalUnits],
      [schemas.FeesRequest, examples.fees],
      [schemas.MmpRequirementRequest, examples.mmpRequirement],
      [schemas.StockpileRequest, examples.stockpile],
    ];
    for (const [schema, example] of bySchema) expect(schema.safeParse(example).error).toBeUndefined();
  });
});

describe('the API reference page’s reading of the document', () => {
  it('groups the operations by tag, public ones marked as needing no token', async () => {
    const { doc } = await loadDocument();
    const view = referenceView(doc);
    expect(view.server).toBe('https://mmp.iowa.gov');
    expect(view.groups.map((g) => g.tag)).toEqual(['Public', 'Records', 'Rules']);
    const status = view.groups[0]!.operations[0]!;
    expect(status).toMatchObject({ id: 'searchPublicStatus', method: 'GET', path: '/api/v1/status', tokenNeeded: false });
    expect(status.parameters.find((p) => p.name === 'q')).toMatchObject({ in: 'query', required: false, example: 'Hansen' });
    const plan = view.groups[1]!.operations.find((o) => o.id === 'getPlan')!;
    expect(plan.tokenNeeded).toBe(true);
    expect(plan.responses.find((r) => r.status === '200')?.type).toEqual({ text: 'Plan', ref: 'Plan' });
    const fees = view.groups[2]!.operations.find((o) => o.id === 'computeFees')!;
    expect(JSON.parse(fees.body!.example!)).toMatchObject({ filing: { kind: 'original' } });
    expect(view.schemas.map((s) => s.name)).toContain('Problem');
  });

  it('writes types in words and indents nested fields under their field', () => {
    expect(describeType({ type: ['string', 'null'], format: 'uuid' })).toEqual({ text: 'string (uuid) or null' });
    expect(describeType({ type: 'array', items: { $ref: '#/components/schemas/PlanSummary' } })).toEqual({ text: 'array of PlanSummary', ref: 'PlanSummary' });
    expect(describeType({ type: ['string', 'null'], enum: ['approved', 'disapproved', null] }).text).toBe('one of: approved, disapproved or null');
    expect(describeType({ type: 'integer', minimum: 1, maximum: 100 }).text).toBe('integer, at least 1, at most 100');
    const rows = fieldRows({
      type: 'object',
      required: ['county'],
      properties: { county: { type: 'object', required: ['fips'], properties: { fips: { type: 'string' }, name: { type: 'string' } } }, note: { type: 'string' } },
    });
    expect(rows.map((r) => [r.path, r.depth, r.required])).toEqual([
      ['county', 0, true],
      ['county.fips', 1, true],
      ['county.name', 1, false],
      ['note', 0, false],
    ]);
  });
});
