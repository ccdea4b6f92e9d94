// The public status search's filter, read from the URL (so a search can be bookmarked and
// exported). Shared by the page, its form, the CSV export and the API's public part.
import { z } from 'zod';

export const PUBLIC_PLAN_STATUSES = ['submitted', 'incomplete', 'under_review', 'approved', 'disapproved', 'withdrawn', 'none'] as const;
export type PublicPlanStatus = (typeof PUBLIC_PLAN_STATUSES)[number];

export const PUBLIC_PAGE_SIZE = 25;
/** The CSV export holds at most this many rows (the whole state has about 9,000 operations). */
export const PUBLIC_EXPORT_MAX = 20_000;

const text = (max: number) =>
  z
    .string()
    .transform((v) => v.replace(/\0/g, ''))
    .pipe(z.string().trim().max(max));

// A bad value in a hand-edited URL falls back to "no filter" rather than an error page.
const schema = z.object({
  q: text(100).optional().catch(undefined),
  county: z.string().regex(/^19\d{3}$/).optional().catch(undefined),
  status: z.enum(PUBLIC_PLAN_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export type PublicStatusFilter = { q?: string; county?: string; status?: PublicPlanStatus; page: number };

type Params = Record<string, string | string[] | undefined> | URLSearchParams;

export function parsePublicStatusFilter(params: Params): PublicStatusFilter {
  const get = (key: string) => {
    const v = params instanceof URLSearchParams ? params.get(key) : params[key];
    const first = Array.isArray(v) ? v[0] : v;
    return first === '' || first === null ? undefined : first;
  };
  const p = schema.parse({ q: get('q'), county: get('county'), status: get('status'), page: get('page') });
  return { q: p.q || undefined, county: p.county, status: p.status, page: p.page ?? 1 };
}

export function publicStatusQuery(filter: Partial<PublicStatusFilter>): string {
  const p = new URLSearchParams();
  if (filter.q) p.set('q', filter.q);
  if (filter.county) p.set('county', filter.county);
  if (filter.status) p.set('status', filter.status);
  if (filter.page && filter.page > 1) p.set('page', String(filter.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}
