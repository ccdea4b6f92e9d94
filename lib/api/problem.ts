import { NextResponse } from 'next/server';

// Errors as RFC 9457 problem details (application/problem+json). `type` names the kind of problem
// (a URI reference, resolved against the API's address); `title` is the same for every problem of
// the type, `detail` says what went wrong with this request.
export const PROBLEM_TYPES = {
  'unauthenticated': { status: 401, title: 'An API token is required' },
  'invalid-token': { status: 401, title: 'The API token is not valid' },
  'token-revoked': { status: 401, title: 'The API token was revoked' },
  'token-expired': { status: 401, title: 'The API token has expired' },
  'out-of-scope': { status: 403, title: 'The token’s scope does not cover this' },
  'not-found': { status: 404, title: 'No such record within the token’s scope' },
  'invalid-cursor': { status: 400, title: 'The cursor is not one this API gave' },
  'page-too-large': { status: 400, title: 'The page size is above the limit' },
  'invalid-request': { status: 400, title: 'The request is not valid' },
  'rule-input': { status: 422, title: 'The rules library refused the input' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  'server-error': { status: 500, title: 'Something went wrong on our side' },
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

export function problemResponse(p: ApiProblem, instance?: string): NextResponse {
  return NextResponse.json(problemBody(p.kind, p.detail, instance, p.extra.errors), {
    status: PROBLEM_TYPES[p.kind].status,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', ...(p.extra.headers ?? {}) },
  });
}
