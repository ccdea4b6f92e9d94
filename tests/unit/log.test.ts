import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { getLogger, requestIdFrom, useLogDestination } from '@/lib/log';
import { onRequestError } from '@/instrumentation';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  useLogDestination(stream, 'info');
  return lines;
}

describe('structured logs', () => {
  afterEach(() => useLogDestination(null));

  it('writes one JSON object per line, with level, time, service and component', () => {
    const lines = capture();
    getLogger('jobs').info({ job: 'daily', daysCovered: 3 }, 'daily job ran');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', service: 'mmp-portal', component: 'jobs', job: 'daily', daysCovered: 3, msg: 'daily job ran' });
    expect(String(lines[0]!.time)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('logs a server error with the request id a proxy set, the digest the error page shows, and the cause', async () => {
    const lines = capture();
    const err = Object.assign(new Error('Failed query: select 1', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) }), { digest: '3141592653' });
    await onRequestError(err, { path: '/review?q=secret', method: 'GET', headers: { 'x-request-id': 'req-42' } }, { routerKind: 'App Router', routePath: '/review', routeType: 'render' });
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toMatchObject({ level: 'error', component: 'http', requestId: 'req-42', digest: '3141592653', method: 'GET', path: '/review', route: '/review', msg: 'request failed' });
    expect(JSON.stringify(line.err)).toContain('ECONNREFUSED');
    // The query string (which may hold what a person typed) stays out of the log.
    expect(JSON.stringify(line)).not.toContain('secret');
  });

  it('never writes a failed SQL statement or its parameters, only the database’s reason', () => {
    const lines = capture();
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021', query: 'select name from operations where name > $1', params: ['Hansen'] });
    const err = Object.assign(new Error('Failed query: select name from operations where name > $1\nparams: Hansen', { cause }), { query: 'select name', params: ['Hansen'] });
    getLogger('api').error({ err }, 'unexpected error');
    const line = JSON.stringify(lines[0]);
    expect(line).toContain('22021');
    expect(line).toContain('invalid byte sequence');
    expect(line).not.toMatch(/select|Hansen/);
  });

  it('makes up a request id when none came, and ignores one that is not a plain token', () => {
    const header = (value: string | null) => ({ get: () => value });
    expect(requestIdFrom(header('abc-123'))).toBe('abc-123');
    expect(requestIdFrom(header(null))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(header('a"b\n{"level":"fatal"}'))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the linter refuses console in app code, and allows it in command-line scripts', async () => {
    const eslint = new ESLint();
    const [app] = await eslint.lintText('export function f() {\n  console.log("x");\n}\n', { filePath: 'lib/notifications/example.ts' });
    expect(app!.messages.map((m) => m.ruleId)).toContain('no-console');
    const [script] = await eslint.lintText('console.log("x");\n', { filePath: 'scripts/example.ts' });
    expect(script!.messages.map((m) => m.ruleId)).not.toContain('no-console');
  }, 60_000);
});
