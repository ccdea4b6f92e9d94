import 'server-only';
import { STATUS_CODES } from 'node:http';
import { ZodError } from 'zod';
import { AppError, RETRY_MESSAGE, isRetryableDbError, type AppErrorCode } from '@/lib/errors';
import { recordDenial } from '@/lib/auth/denials';
import { logRequestError } from '@/lib/log';
import { clientAddress } from '@/lib/net/client-address';
import { fileTooLargeMessage, UPLOAD_MAX_BYTES } from './body-limit';
import { fieldErrorsAsPointers, type ProblemBody } from './problem-body';

// One mapping from errors to responses for every route handler, the route-handler side of what
// toActionError does for server actions. Every error answers as RFC 9457 problem details
// (application/problem+json), the shape /api/v1 answers in too: a known error answers its status with
// its plain-words message as `detail` (and the fields it refused in `errors`); a query string that does not parse answers 400 naming each
// parameter in `errors`; the database being away answers 503 (retry); anything else is logged and
// answers 500 with a generic message. `type` is "about:blank" (RFC 9457 section 4.2.1): the status
// says what kind of problem it is, and `title` is the status's own phrase.

const STATUS: Record<AppErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION: 400,
  CONFLICT: 409,
  THROTTLED: 429,
  RETRYABLE: 503,
};

export type RouteProblem = ProblemBody & { type: 'about:blank' };

/** A problem-details response: `detail` in plain words, and for a request that does not parse, each field in `errors`. */
export function problem(status: number, detail: string, options: { errors?: RouteProblem['errors']; headers?: Record<string, string> } = {}): Response {
  const body: RouteProblem = { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail, ...(options.errors?.length ? { errors: options.errors } : {}) };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/problem+json; charset=utf-8', 'Cache-Control': 'no-store', ...(options.headers ?? {}) },
  });
}

/** 413 for a file above the upload limit, the refusal named at the file field, with what to do. */
export function fileTooLarge(advice?: string): Response {
  const message = fileTooLargeMessage(UPLOAD_MAX_BYTES, advice);
  return problem(413, message, { errors: [{ pointer: '#/file', detail: message }] });
}

export function errorResponse(err: unknown, component = 'route'): Response {
  if (err instanceof AppError) return problem(STATUS[err.code], err.message, { errors: fieldErrorsAsPointers(err.fieldErrors) });
  if (err instanceof ZodError) {
    const what = err.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');
    const errors = err.issues.map((i) => ({ pointer: `#/${i.path.join('/')}`, detail: i.message }));
    return problem(400, `The request is not valid: ${what}`, { errors });
  }
  if (isRetryableDbError(err)) return problem(503, RETRY_MESSAGE, { headers: { 'Retry-After': '5' } });
  logRequestError(component, 'unexpected error', err);
  return problem(500, 'Something went wrong on our side. Please try again.');
}

/** A route handler whose errors answer through errorResponse; a refusal by the access check is audited first. */
export function route<A extends unknown[]>(component: string, handler: (...args: A) => Promise<Response>): (...args: A) => Promise<Response> {
  return async (...args: A) => {
    try {
      return await handler(...args);
    } catch (err) {
      const request = args[0] instanceof Request ? args[0] : null;
      await recordDenial(err, request ? clientAddress(request.headers) : null);
      return errorResponse(err, component);
    }
  };
}
