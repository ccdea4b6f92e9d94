import { getLogger, logRequestError } from '@/lib/log';
import type { Action } from '@/lib/auth/actions';

// Known errors carry a code and a message written for the person using the portal. Anything else
// is logged and shown as a generic message: no stack trace or internal detail reaches a user.
export type AppErrorCode =
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'UNAUTHENTICATED'
  | 'VALIDATION'
  | 'CONFLICT'
  | 'THROTTLED'
  | 'RETRYABLE';

/**
 * Who was refused what, carried by the refusal the access check throws, so the one wrapper of every
 * server action and route handler can put it in the audit log after the request's transaction has
 * rolled back. The person refused reads only "not found" or "not allowed".
 */
export type Denial = {
  actorUserId: string;
  capability: Action;
  /** The record asked for; a capability refused with no record names the capability itself. */
  entityType: 'plan' | 'operation' | 'capability';
  entityId: string;
  answer: 'not_found' | 'forbidden';
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fieldErrors?: Record<string, string[]>;
  readonly denial?: Denial;

  constructor(code: AppErrorCode, message: string, fieldErrors?: Record<string, string[]>, denial?: Denial) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.denial = denial;
  }
}

const NOT_FOUND_MESSAGE = 'We can’t find that record.';
const FORBIDDEN_MESSAGE = 'Your account is not allowed to do that.';
export const notFoundError = (denial?: Denial) => new AppError('NOT_FOUND', NOT_FOUND_MESSAGE, undefined, denial);
export const forbiddenError = (denial?: Denial) => new AppError('FORBIDDEN', FORBIDDEN_MESSAGE, undefined, denial);

/** The result a server action returns to its form. */
export type ActionResult<T = undefined> =
  | { ok: true; data: T; message?: string }
  | { ok: false; code: AppErrorCode | 'ERROR'; message: string; fieldErrors?: Record<string, string[]> };

export const RETRY_MESSAGE =
  'We could not reach the database just now. Please try again in a moment: a request that already got through is never recorded twice.';

// Connection-level failures: the server went away, is restarting, or refused the connection. The
// request may be retried as is (submissions carry an idempotency key, so a retry cannot file twice).
const RETRYABLE_PG_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '40001', '40P01']);
const RETRYABLE_NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN']);

/** True when the error is the database being unreachable or restarting, not a fault of the request. */
export function isRetryableDbError(err: unknown): boolean {
  const pg = pgErrorCode(err);
  if (pg && RETRYABLE_PG_CODES.has(pg)) return true;
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && RETRYABLE_NET_CODES.has(code)) return true;
    if (typeof message === 'string' && /Connection terminated|connection is closed|Client has encountered a connection error/i.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Turns any thrown value into a result a form can show; unknown errors are logged, not shown. */
export function toActionError(err: unknown): Extract<ActionResult, { ok: false }> {
  if (err instanceof AppError) return { ok: false, code: err.code, message: err.message, fieldErrors: err.fieldErrors };
  if (isRetryableDbError(err)) {
    getLogger('action').warn({ err: err instanceof Error ? { message: err.message, code: (err as { code?: unknown }).code } : err }, 'database unavailable');
    return { ok: false, code: 'RETRYABLE', message: RETRY_MESSAGE };
  }
  logRequestError('action', 'unexpected error', err);
  return { ok: false, code: 'ERROR', message: 'Something went wrong on our side. Nothing was changed; please try again.' };
}

/** PostgreSQL error code of a failed query (drizzle wraps the driver's error as `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
