import { z } from 'zod';
import { DEFICIENCY_CODES } from '@/lib/plans/deficiencies';

// One schema per review form: parsed by the form's resolver and again by its server action.
const planRef = {
  planId: z.uuid('This plan reference is not valid. Reload the page.'),
  // The plan version the reviewer was looking at (optimistic lock).
  version: z.coerce.number().int().min(1).max(2_147_483_647),
};

export const findCompleteSchema = z.object(planRef);

export const returnIncompleteSchema = z
  .object({
    ...planRef,
    codes: z.array(z.enum(DEFICIENCY_CODES), { message: 'Choose at least one missing item' }).min(1, 'Choose at least one missing item'),
    details: z.record(z.string(), z.string().trim().max(1000, 'Keep each detail under 1,000 characters')).default({}),
  })
  .superRefine((v, ctx) => {
    if (v.codes.includes('OTHER') && !v.details.OTHER?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['details', 'OTHER'], message: 'Describe the other missing item' });
    }
  });

export const decisionSchema = z
  .object({
    ...planRef,
    decision: z.enum(['approved', 'disapproved'], { message: 'Choose approve or disapprove' }),
    reasons: z.string().trim().max(5000, 'Keep the reasons under 5,000 characters').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'disapproved' && !v.reasons) {
      ctx.addIssue({ code: 'custom', path: ['reasons'], message: 'Write the reasons for the disapproval; the owner is told them in the letter' });
    }
  });

export const assignReviewerSchema = z.object({
  planIds: z.array(z.uuid()).min(1, 'Choose at least one plan').max(200, 'Assign at most 200 plans at a time'),
  // Empty = leave the plans unassigned.
  reviewerUserId: z.union([z.uuid(), z.literal('')], { message: 'Choose a reviewer' }),
});

export type FindCompleteInput = z.infer<typeof findCompleteSchema>;
export type ReturnIncompleteInput = z.infer<typeof returnIncompleteSchema>;
export type DecisionInput = z.infer<typeof decisionSchema>;
export type AssignReviewerInput = z.infer<typeof assignReviewerSchema>;

/** The reasons a reviewer typed, one per line, as the letter lists them. */
export function reasonLines(reasons: string): string[] {
  return reasons
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*[-*•]\s*/, '').trim())
    .filter(Boolean);
}
