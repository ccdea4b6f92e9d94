import { z } from 'zod';

// The owner's answers to the items of a returned plan: parsed by the form's resolver and again by
// its server action. Each answer is kept with the item it answers, so the history shows both.
export const ANSWER_MAX_LENGTH = 2000;

export const answerDeficienciesSchema = z
  .object({
    planId: z.uuid('This plan reference is not valid. Reload the page.'),
    answers: z
      .array(
        z.object({
          deficiencyId: z.uuid('This item reference is not valid. Reload the page.'),
          response: z
            .string({ error: 'Write your answer to this item' })
            .trim()
            .min(1, 'Write your answer to this item')
            .max(ANSWER_MAX_LENGTH, 'Keep each answer under 2,000 characters'),
        }),
      )
      .min(1, 'Answer at least one item')
      .max(50, 'A return lists at most 50 items'),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.answers.forEach((a, i) => {
      if (seen.has(a.deficiencyId)) ctx.addIssue({ code: 'custom', path: ['answers', i, 'deficiencyId'], message: 'This item is answered twice. Reload the page.' });
      seen.add(a.deficiencyId);
    });
  });

export type AnswerDeficienciesInput = z.infer<typeof answerDeficienciesSchema>;
