'use server';

import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { publicOrigin } from '@/lib/env';
import { confirmLandownerStatement } from '@/lib/statements/statements';
import { parseOrThrow } from '@/lib/validation/parse';
import { statementConfirmSchema } from '@/lib/validation/statements';

// DNR form 542-8167: the landowner confirms the statement of intent through the emailed link. The
// link is the authority (the landowner has no portal account): single use, hashed, and it expires.
export async function confirmStatementAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const values = parseOrThrow(statementConfirmSchema, input);
    const s = await confirmLandownerStatement(values, { origin: publicOrigin() });
    return {
      ok: true,
      data: undefined,
      message: `Thank you, ${s.confirmedName}. The statement for ${s.fieldName} is confirmed (receipt ${s.receiptNumber}); the operation’s owner can now file the plan with it. We have emailed you its copy of record, the statement exactly as you signed it.`,
    };
  });
}
