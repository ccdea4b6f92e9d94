'use server';

import { definePublicAction } from '@/lib/actions/define';
import { publicOrigin } from '@/lib/env';
import { confirmLandownerStatement } from '@/lib/statements/statements';
import { statementConfirmSchema } from '@/lib/validation/statements';

// DNR form 542-8167: the landowner confirms the statement of intent through the emailed link. The
// link is the authority (the landowner has no portal account): single use, hashed, and it expires.
export const confirmStatementAction = definePublicAction({ input: statementConfirmSchema }, async ({ input }) => {
  const s = await confirmLandownerStatement(input, { origin: publicOrigin() });
  return {
    ok: true,
    data: undefined,
    message: `Thank you, ${s.confirmedName}. The statement for ${s.fieldName} is confirmed (receipt ${s.receiptNumber}); the operation’s owner can now file the plan with it. We have emailed you its copy of record, the statement exactly as you signed it.`,
  };
});
