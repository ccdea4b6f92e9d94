import { z } from 'zod';
import { WITH_DEPARTMENT_STATUSES } from '@/db/schema/codes';

// The worklist's filters live in the URL query so a filtered list is a link a colleague can open.
// A value that does not parse is ignored (an old or hand-edited link still shows a list).
export const WORKLIST_BUCKETS = ['overdue', 'due_soon', 'later', 'awaiting_completeness', 'under_review', 'waiting_on_owner'] as const;
export type WorklistBucket = (typeof WORKLIST_BUCKETS)[number];

export const WORKLIST_KINDS = ['original', 'complete_plan', 'no_change_statement', 'list_of_changes'] as const;
export const WORKLIST_STATUSES = WITH_DEPARTMENT_STATUSES;

const opt = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const worklistFilterSchema = z.object({
  county: opt(z.string().regex(/^19\d{3}$/)),
  office: opt(z.coerce.number().int().min(1).max(99)),
  kind: opt(z.enum(WORKLIST_KINDS)),
  channel: opt(z.enum(['electronic', 'hard_copy'])),
  reviewer: opt(z.union([z.uuid(), z.literal('none')])),
  status: opt(z.enum(WORKLIST_STATUSES)),
  mine: opt(z.literal('1')),
  bucket: opt(z.enum(WORKLIST_BUCKETS)),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export type WorklistFilters = z.infer<typeof worklistFilterSchema>;

type QueryInput = URLSearchParams | Record<string, string | string[] | undefined>;

/** Reads filters from a page's searchParams or a request's URLSearchParams. */
export function parseWorklistFilters(input: QueryInput): WorklistFilters {
  const flat: Record<string, string> = {};
  if (input instanceof URLSearchParams) {
    input.forEach((v, k) => (flat[k] ??= v));
  } else {
    for (const [k, v] of Object.entries(input)) {
      const first = Array.isArray(v) ? v[0] : v;
      if (first !== undefined && first !== '') flat[k] = first;
    }
  }
  for (const k of Object.keys(flat)) if (flat[k] === '') delete flat[k];
  return worklistFilterSchema.parse(flat);
}

/** The query string of a filter set (page 1 and empty values left out), e.g. for links and CSV. */
export function worklistQuery(filters: Partial<WorklistFilters>, overrides: Partial<WorklistFilters> = {}): string {
  const merged = { ...filters, ...overrides };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(merged)) {
    if (v === undefined || v === null || v === '') continue;
    if (k === 'page' && Number(v) === 1) continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}
