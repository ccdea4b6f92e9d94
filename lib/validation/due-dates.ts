import { z } from 'zod';
import { isIsoDate } from '@/lib/rules';

// IAC 567-65.110(3)"b"(3): the department staggers annual update due dates. A policy arrives as a
// query (so a preview is a link) and again with the apply action, parsed by this one schema.

export const POLICIES = ['even_by_month', 'county_group', 'approval_anniversary'] as const;
export type StaggerPolicy = (typeof POLICIES)[number];

const month = z.coerce.number().int().min(1).max(12);
// A passed, unfiled due date keeps its date unless the supervisor chooses to move it too.
const moveOverdue = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 'on', z.boolean()).optional();

export const policySchema = z.discriminatedUnion('policy', [
  z.object({
    policy: z.literal('even_by_month'),
    moveOverdue,
    startMonth: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose the first month'),
  }),
  z.object({
    policy: z.literal('county_group'),
    moveOverdue,
    // Field office id -> month (1-12) its counties' operations are due in; '' = not chosen.
    months: z.record(z.string().regex(/^\d+$/), z.union([month, z.literal('').transform(() => null)])).default({}),
  }),
  z.object({ policy: z.literal('approval_anniversary'), moveOverdue }),
], { message: 'Choose a policy' });
export type PolicyInput = z.infer<typeof policySchema>;

export const applyPolicySchema = z.object({
  policy: policySchema,
  // The fingerprint of the previewed schedule; applying refuses if the schedule has changed since.
  previewHash: z.string().regex(/^[0-9a-f]{64}$/),
});

export const overrideSchema = z.object({
  operationId: z.uuid('Choose an operation'),
  dueOn: z.string().trim().refine((v) => isIsoDate(v), 'Enter the new due date'),
  reason: z.string().trim().min(5, 'Give the reason for this date (at least a few words)').max(500, 'Keep the reason under 500 characters'),
});
export type OverrideInput = z.infer<typeof overrideSchema>;

/** Reads a policy from a page's query: policy=..., start=YYYY-MM, m<officeId>=month. */
export function policyFromQuery(q: Record<string, string | undefined>): PolicyInput | null {
  const months: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) if (/^m\d+$/.test(k) && v !== undefined) months[k.slice(1)] = v;
  const parsed = policySchema.safeParse({ policy: q.policy, startMonth: q.start, months, moveOverdue: q.overdue });
  return parsed.success ? parsed.data : null;
}
