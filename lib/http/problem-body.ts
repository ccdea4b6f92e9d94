import type { ActionResult, AppErrorCode } from '@/lib/errors';

// RFC 9457 problem details, as every route handler of the portal answers an error (lib/http/route-errors.ts
// writes them), and as a page's script reads them back: `detail` is the plain-words message, and a
// field that was refused is named in `errors` by a JSON pointer ("#/file").
export type ProblemBody = { type: string; title: string; status: number; detail: string; errors?: { pointer: string; detail: string }[] };

const CODE_OF_STATUS: Record<number, AppErrorCode> = { 400: 'VALIDATION', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 413: 'VALIDATION', 429: 'THROTTLED', 503: 'RETRYABLE' };

export function isProblem(body: unknown): body is ProblemBody {
  return typeof body === 'object' && body !== null && typeof (body as ProblemBody).status === 'number' && typeof (body as ProblemBody).detail === 'string';
}

/** The pointers of a form's fields, for `errors`: { file: ['Choose a PDF'] } -> [{ pointer: '#/file', detail: 'Choose a PDF' }]. */
export function fieldErrorsAsPointers(fieldErrors: Record<string, string[]> | undefined): ProblemBody['errors'] {
  return Object.entries(fieldErrors ?? {}).flatMap(([field, messages]) => messages.map((detail) => ({ pointer: `#/${field}`, detail })));
}

/** The field errors a problem names, keyed by field: the reverse of fieldErrorsAsPointers. */
export function problemFieldErrors(body: ProblemBody): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of body.errors ?? []) {
    const field = e.pointer.replace(/^#\//, '').split('/')[0] ?? '';
    (out[field] ??= []).push(e.detail);
  }
  return out;
}

/**
 * A route's answer as a form's result: a problem becomes the refusal a server action would have
 * given (its message and field errors), anything else that is not a success says the portal could
 * not be reached, so what the person typed stays and they try again.
 */
export function problemAsResult(status: number, body: unknown): Extract<ActionResult<never>, { ok: false }> {
  if (!isProblem(body)) return { ok: false, code: 'ERROR', message: 'We could not reach the portal. Check your connection and try again; what you typed is still here.' };
  return { ok: false, code: CODE_OF_STATUS[status] ?? 'ERROR', message: body.detail, fieldErrors: problemFieldErrors(body) };
}
