import { z } from 'zod';
import { claimSchema } from './operations';

// One schema per transfer form: parsed by the form's resolver and again on the server.

/** The claim form (DNR form 542-4026): the operation, the date it was acquired, and the evidence. */
export const transferRequestSchema = claimSchema;

/** On the client only: the evidence PDF the form sends with the request (the server reads the bytes). */
export const evidenceFileMessage = 'Choose the bill of sale, deed or other proof of the transfer, as a PDF';

export const transferDecisionSchema = z
  .object({
    transferId: z.uuid('This request reference is not valid. Reload the page.'),
    // The request version the reviewer was looking at (optimistic lock).
    version: z.coerce.number().int().min(1).max(2_147_483_647),
    decision: z.enum(['confirmed', 'refused'], { message: 'Choose confirm or refuse' }),
    reason: z.string().trim().max(2000, 'Keep the reason under 2,000 characters').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'refused' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Write the reason for refusing; both parties are told it' });
    }
  });

export type TransferDecisionValues = z.output<typeof transferDecisionSchema>;

const ownerAnswer = {
  response: z.enum(['accept', 'dispute'], { message: 'Choose whether you transferred the operation' }),
  note: z.string().trim().max(2000, 'Keep your answer under 2,000 characters').default(''),
};

function requireNoteForDispute(v: { response: string; note: string }, ctx: z.RefinementCtx) {
  if (v.response === 'dispute' && !v.note) {
    ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say what is wrong with the request; the department reads it' });
  }
}

/** The owner on record's answer through the emailed link. */
export const ownerLinkAnswerSchema = z
  .object({ token: z.string().min(10, 'This link is not valid').max(200, 'This link is not valid'), ...ownerAnswer })
  .superRefine(requireNoteForDispute);

/** The same answer from a signed-in owner on the operation's page. */
export const ownerAnswerSchema = z.object({ transferId: z.uuid('This request reference is not valid. Reload the page.'), ...ownerAnswer }).superRefine(requireNoteForDispute);

export type OwnerAnswerValues = { response: 'accept' | 'dispute'; note: string };
