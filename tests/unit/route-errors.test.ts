import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { errorResponse, route } from '@/lib/http/route-errors';
import { feeLedgerQuerySchema } from '@/lib/validation/fees';

describe('route handlers answer errors one way', () => {
  it('a known error answers its status with its words; a query that does not parse answers 400', async () => {
    expect(errorResponse(new AppError('NOT_FOUND', 'We can’t find that record.')).status).toBe(404);
    expect(errorResponse(new AppError('UNAUTHENTICATED', 'Sign in.')).status).toBe(401);
    expect(errorResponse(new AppError('FORBIDDEN', 'No.')).status).toBe(403);
    const bad = z.object({ status: z.enum(['due', 'paid']) }).safeParse({ status: 'bogus' });
    const res = errorResponse(bad.error);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const body = await res.json();
    expect(body).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400, errors: [{ pointer: '#/status' }] });
    expect(body.detail).toMatch(/^The request is not valid: status: /);
  });

  it('anything else is 500 with no internal detail', async () => {
    const res = await route('test', async () => {
      throw new Error('password=hunter2 at db.internal');
    })();
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ status: 500, detail: 'Something went wrong on our side. Please try again.' });
    expect(text).not.toMatch(/hunter2|db\.internal/);
  });
});

describe('the ledger download reads its query string strictly', () => {
  it('takes the page’s own links (empty filters included) and refuses a value that does not parse', () => {
    expect(feeLedgerQuerySchema.parse({ status: 'due', code: '', q: '', payer: '' })).toEqual({ status: 'due', code: undefined, q: undefined, payer: undefined, page: 1 });
    expect(feeLedgerQuerySchema.safeParse({ status: 'bogus' }).success).toBe(false);
    expect(feeLedgerQuerySchema.safeParse({ payer: 'not-a-uuid' }).success).toBe(false);
    expect(errorResponse(feeLedgerQuerySchema.safeParse({ q: 'a\u0000b' }).error).status).toBe(400);
  });
});

describe('server actions answer errors one way', () => {
  it('a known error keeps its code and field errors; anything else is a generic message', async () => {
    const { runAction } = await import('@/lib/actions/run-action');
    expect(await runAction(async () => ({ ok: true, data: 3 }))).toEqual({ ok: true, data: 3 });
    expect(await runAction(async () => {
      throw new AppError('VALIDATION', 'Check the acres.', { acres: ['Acres must be more than 0'] });
    })).toEqual({ ok: false, code: 'VALIDATION', message: 'Check the acres.', fieldErrors: { acres: ['Acres must be more than 0'] } });
    const unknown = await runAction(async () => {
      throw new Error('relation "plans" does not exist');
    });
    expect(unknown).toMatchObject({ ok: false, code: 'ERROR' });
    expect(JSON.stringify(unknown)).not.toContain('relation');
  });
});
