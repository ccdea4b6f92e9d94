import 'server-only';
import { ZodError } from 'zod';
import { AppError, RETRY_MESSAGE, isRetryableDbError, type AppErrorCode } from '@/lib/errors';
import { recordDenial } from '@/lib/auth/denials';
import { logRequestError } from '@/lib/log';
import { clientAddress } from '@/lib/net/client-address';

// One mapping from errors to responses for every route handler, the route-handler side of what
// toActionError does for server actions: a known error answers its status with its plain-words
// message; a query string that does not parse answers 400 with what is wrong; the database being
// away answers 503 (retry); anything else is logged and answers 500 with a generic message.

const STATUS: Record<AppErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION: 400,
  CONFLICT: 409,
  THROTTLED: 429,
  RETRYABLE: 503,
};

const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });

export function errorResponse(err: unknown, component = 'route'): Response {
  if (err instanceof AppError) return text(err.message, STATUS[err.code]);
  if (err instanceof ZodError) {
    const what = err.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');
    return text(`The request is not valid: ${what}`, 400);
  }
  if (isRetryableDbError(err)) return text(RETRY_MESSAGE, 503, { 'Retry-After': '5' });
  logRequestError(component, 'unexpected error', err);
  return text('Something went wrong on our side. Please try again.', 500);
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
