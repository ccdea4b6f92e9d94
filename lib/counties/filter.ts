// The county list's filter, read from the URL (so a filtered list can be bookmarked, shared and
// exported). Shared by the page, its filter form and the CSV export.
import { z } from 'zod';

export const COUNTY_PLAN_STATUSES = ['submitted', 'incomplete', 'under_review', 'approved', 'disapproved', 'withdrawn', 'none'] as const;
export type CountyPlanStatusFilter = (typeof COUNTY_PLAN_STATUSES)[number];

export const COUNTY_RELATIONS = ['located_in', 'land_applied_in'] as const;
export type CountyRelationFilter = (typeof COUNTY_RELATIONS)[number];

export const RELATION_LABELS: Record<CountyRelationFilter, string> = {
  located_in: 'Located in the county',
  land_applied_in: 'Land-applies manure in the county',
};

export const PAGE_SIZE = 25;

// A bad value in a hand-edited URL falls back to "no filter" rather than an error page.
export const countyFilterSchema = z.object({
  // A NUL cannot be stored or searched in PostgreSQL text; a hand-edited URL with one searches without it.
  q: z.string().transform((v) => v.replace(/\0/g, '')).pipe(z.string().trim().max(100, 'Search for 100 characters or fewer.')).optional().catch(undefined),
  status: z.enum(COUNTY_PLAN_STATUSES).optional().catch(undefined),
  relation: z.enum(COUNTY_RELATIONS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

export type CountyFilter = { q?: string; status?: CountyPlanStatusFilter; relation?: CountyRelationFilter; page: number };

type Params = Record<string, string | string[] | undefined> | URLSearchParams;

/** Reads the filter from a page's searchParams or a request's URLSearchParams. */
export function parseCountyFilter(params: Params): CountyFilter {
  const get = (key: string) => {
    const v = params instanceof URLSearchParams ? params.get(key) : params[key];
    const first = Array.isArray(v) ? v[0] : v;
    return first === '' || first === null ? undefined : first;
  };
  const parsed = countyFilterSchema.parse({ q: get('q'), status: get('status'), relation: get('relation'), page: get('page') });
  return { q: parsed.q || undefined, status: parsed.status, relation: parsed.relation, page: parsed.page ?? 1 };
}

/** The query string for a filter (page left out when it is 1), e.g. for paging and export links. */
export function countyFilterQuery(filter: Partial<CountyFilter>): string {
  const p = new URLSearchParams();
  if (filter.q) p.set('q', filter.q);
  if (filter.status) p.set('status', filter.status);
  if (filter.relation) p.set('relation', filter.relation);
  if (filter.page && filter.page > 1) p.set('page', String(filter.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}
