import { NextResponse } from 'next/server';

// Errors as RFC 9457 problem details (application/problem+json). `type` names the kind of problem
// (a URI reference, resolved against the API's address); `title` is the same for every problem of
// the type, `detail` says what went wrong with this request.
// `what` is the page the type's address opens (/api/v1/problems/<type>): what it means, what to do.
export const PROBLEM_TYPES = {
  'unauthenticated': { status: 401, title: 'An API token is required', what: 'The endpoint reads records, and no token was sent. Send the token the department’s administrator issued in an Authorization header: `Authorization: Bearer mmp_…`.' },
  'invalid-token': { status: 401, title: 'The API token is not valid', what: 'The Authorization header does not hold a token this portal issued. Check that it reads `Bearer ` followed by the whole token, as it was shown when it was issued.' },
  'token-revoked': { status: 401, title: 'The API token was revoked', what: 'The administrator revoked this token. Ask the department’s administrator for a new one.' },
  'token-expired': { status: 401, title: 'The API token has expired', what: 'Every token is issued for a number of days, and this one’s have passed. Ask the department’s administrator for a new one.' },
  'out-of-scope': { status: 403, title: 'The token’s scope does not cover this', what: 'A public token reads the public status search and the rules library only. Records (operations, plans, decisions, due dates) need a county or agency token.' },
  'not-found': { status: 404, title: 'No such record within the token’s scope', what: 'No record has that id, or it lies outside the counties the token covers: both get the same answer, so a token cannot learn what another county holds. Use an id a list gave.' },
  'unknown-endpoint': { status: 404, title: 'No such endpoint', what: 'The address is not one of the API’s endpoints. The API reference (/api/v1/reference) and the OpenAPI document (/api/v1/openapi.json) list every endpoint.' },
  'method-not-allowed': { status: 405, title: 'The endpoint does not answer this method', what: 'The endpoint exists, but not for this HTTP method. The Allow header names the methods it answers: the records and the status search are read with GET, the rules library is asked with POST.' },
  'invalid-cursor': { status: 400, title: 'The cursor is not one this API gave', what: 'A cursor is the `next` value of a previous page of the same list, passed back as it was given. It cannot be made up, edited or carried to another list.' },
  'page-too-large': { status: 400, title: 'The page size is above the limit', what: 'The `limit` query parameter is at most 100. Ask for the rest with the `next` cursor.' },
  'invalid-request': { status: 400, title: 'The request is not valid', what: 'A query parameter or a field of the body is not one the API accepts. The `errors` list names each one by JSON pointer, with what it must be.' },
  'rule-input': { status: 422, title: 'The rules library refused the input', what: 'The body was well formed, but the rules library cannot apply the law to it (a negative head count, for example). The `errors` list names the field.' },
  'rate-limited': { status: 429, title: 'Too many requests', what: 'Each token, and each address without a token, has a number of requests per minute. Wait the seconds the Retry-After header gives, then go on.' },
  'server-error': { status: 500, title: 'Something went wrong on our side', what: 'The request could not be answered, and nothing was changed. Try again; if it keeps happening, tell the department with the time of the request.' },
} as const;

export type ProblemType = keyof typeof PROBLEM_TYPES;

export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  errors?: { pointer: string; detail: string }[];
};

export class ApiProblem extends Error {
  constructor(
    readonly kind: ProblemType,
    readonly detail: string,
    readonly extra: { errors?: ProblemBody['errors']; headers?: Record<string, string> } = {},
  ) {
    super(detail);
  }
}

export function problemBody(kind: ProblemType, detail: string, instance?: string, errors?: ProblemBody['errors']): ProblemBody {
  const t = PROBLEM_TYPES[kind];
  return { type: `/api/v1/problems/${kind}`, title: t.title, status: t.status, detail, ...(instance ? { instance } : {}), ...(errors?.length ? { errors } : {}) };
}

export const isProblemType = (kind: string): kind is ProblemType => Object.hasOwn(PROBLEM_TYPES, kind);

export function problemResponse(p: ApiProblem, instance?: string): NextResponse {
  return NextResponse.json(problemBody(p.kind, p.detail, instance, p.extra.errors), {
    status: PROBLEM_TYPES[p.kind].status,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', ...(p.extra.headers ?? {}) },
  });
}
