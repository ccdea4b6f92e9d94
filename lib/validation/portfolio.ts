import { z } from 'zod';

// The consultant's portfolio filters, from the address bar: a bad value is ignored, never an error.
const opt = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const NEXT_FILINGS = ['annual_update', 'original', 'new_owner_original', 'none'] as const;
export const DUE_BUCKETS = ['overdue', '30', '60'] as const;
export const PLAN_STATUS_FILTERS = ['approved', 'draft', 'submitted', 'under_review', 'incomplete', 'disapproved', 'none'] as const;

/** The longest search the portfolio runs (the search box holds no more). */
export const PORTFOLIO_SEARCH_MAX = 100;

export const portfolioFilterSchema = z.object({
  // A NUL character cannot reach PostgreSQL; such a search is ignored like any other bad value.
  q: opt(z.string().trim().min(1).max(PORTFOLIO_SEARCH_MAX).regex(/^[^\u0000]*$/)),
  due: opt(z.enum(DUE_BUCKETS)),
  status: opt(z.enum(PLAN_STATUS_FILTERS)),
  county: opt(z.string().regex(/^19\d{3}$/)),
  next: opt(z.enum(NEXT_FILINGS)),
  sort: z.enum(['due', 'name']).catch('due').default('due'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type PortfolioFilters = z.infer<typeof portfolioFilterSchema>;

export function parsePortfolioFilters(params: URLSearchParams | Record<string, string | string[] | undefined>): PortfolioFilters {
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v] as const);
  return portfolioFilterSchema.parse(Object.fromEntries(entries.filter(([, v]) => v !== undefined && v !== '')));
}

/**
 * Why the typed search was not run, in words (null when it was, or none was typed): a search the
 * filters drop must not pass for "every operation matches".
 */
export function portfolioSearchProblem(params: URLSearchParams | Record<string, string | string[] | undefined>): string | null {
  const raw = params instanceof URLSearchParams ? params.get('q') : Array.isArray(params.q) ? params.q[0] : params.q;
  const typed = raw?.trim() ?? '';
  if (!typed) return null;
  if (typed.length > PORTFOLIO_SEARCH_MAX) {
    return `The search is ${typed.length.toLocaleString('en-US')} characters long; a search can be at most ${PORTFOLIO_SEARCH_MAX}. Shorten it to part of a name, a facility ID or a county. Every operation is listed below.`;
  }
  if (typed.includes('\u0000')) return 'The search holds a character that cannot be searched for. Type it again. Every operation is listed below.';
  return null;
}

/** The filters as a query string (page 1 unless given), for links, pagination and the CSV. */
export function portfolioQuery(f: Partial<PortfolioFilters>, page?: number): string {
  const p = new URLSearchParams();
  for (const k of ['q', 'due', 'status', 'county', 'next'] as const) if (f[k]) p.set(k, String(f[k]));
  if (f.sort && f.sort !== 'due') p.set('sort', f.sort);
  if (page && page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `?${s}` : '';
}
