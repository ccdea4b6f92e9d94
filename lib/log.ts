// The portal's one logger: JSON lines on standard output (pino), one object per event, so an
// operator can follow one request (`requestId`), one job run (`component: "jobs"`) or one message
// (`outboxId`) with grep or a log collector. Only what matters is logged (errors, job runs, mail
// delivery), never every request, so the hot path pays nothing.
import { randomUUID } from 'node:crypto';
import { cache } from 'react';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

function levelFromEnv(): string {
  const configured = process.env.LOG_LEVEL?.trim().toLowerCase();
  if (configured && LEVELS.has(configured)) return configured;
  // Test runs print their own results; their logs only go out when asked for.
  return process.env.VITEST ? 'silent' : 'info';
}

function create(destination?: DestinationStream, level?: string): Logger {
  return pino(
    {
      level: level ?? levelFromEnv(),
      base: { service: 'mmp-portal' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // An error's message, type, stack and (for database errors) the driver's code and cause; never
      // the SQL statement or its parameters, which may hold what a person typed.
      serializers: { err: (e: unknown) => pino.stdSerializers.errWithCause(withoutStatement(e) as Error) },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

// The query builder's error puts the whole statement and its parameters in its message; the
// embedded database's error carries them as properties. Both are left out of the log.
const STATEMENT = /^Failed query: /;
const STATEMENT_FIELDS = new Set(['query', 'params', 'queryOptions', 'cause']);

function withoutStatement(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 5) return err;
  const statement = STATEMENT.test(err.message);
  const cause = withoutStatement(err.cause, depth + 1);
  const plain = new Error(statement ? 'A database query failed' : err.message, cause === undefined ? undefined : { cause });
  plain.name = err.name;
  const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  plain.stack = [`${plain.name}: ${plain.message}`, ...frames].join('\n');
  for (const [k, v] of Object.entries(err)) if (!STATEMENT_FIELDS.has(k)) (plain as unknown as Record<string, unknown>)[k] = v;
  return plain;
}

const KEY = Symbol.for('mmp.logger');
type Holder = { [KEY]?: Logger };
const holder = globalThis as Holder;

/** The process-wide logger; `component` names the part of the portal speaking (mail, jobs, http). */
export function getLogger(component?: string): Logger {
  holder[KEY] ??= create();
  return component ? holder[KEY].child({ component }) : holder[KEY];
}

/** Tests capture the log: every later getLogger() writes to `destination` at `level`. */
export function useLogDestination(destination: DestinationStream | null, level = 'info'): void {
  holder[KEY] = destination ? create(destination, level) : undefined;
}

const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * The request's id: the x-request-id a proxy in front of the portal set (when it is a plain token),
 * else a new one. It only ties log lines together; it never names a person or builds a link.
 */
export function requestIdFrom(headers: { get(name: string): string | null } | null | undefined): string {
  const given = headers?.get('x-request-id')?.trim();
  return given && SAFE_ID.test(given) ? given : randomUUID();
}

/**
 * The current request's id inside a route handler, page or server action (the same id for every
 * line of one request); null outside one.
 */
export const currentRequestId = cache(async (): Promise<string | null> => {
  try {
    const { headers } = await import('next/headers');
    return requestIdFrom(await headers());
  } catch {
    return null; // not inside a request (a script, a job, a test)
  }
});

/**
 * Logs an unexpected error of the current request with its id, without delaying the caller (the
 * request's headers are read asynchronously).
 */
export function logRequestError(component: string, message: string, err: unknown, fields: Record<string, unknown> = {}): void {
  void currentRequestId()
    .then((requestId) => getLogger(component).error({ ...fields, ...(requestId ? { requestId } : {}), err }, message))
    .catch(() => getLogger(component).error({ ...fields, err }, message));
}
