'use server';

import { runAction } from '@/lib/actions/run-action';
import { revalidatePath } from 'next/cache';
import { grantPreparer, revokePreparer } from '@/lib/auth/preparer-grants';
import { actorOrThrow } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import type { ActionResult } from '@/lib/errors';
import { grantPreparerSchema, revokePreparerSchema } from '@/lib/validation/accounts';
import { parseOrThrow } from '@/lib/validation/parse';

// parse -> authorize (in the service, inside its transaction) -> act -> revalidate.
export async function grantPreparerAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(grantPreparerSchema, input);
    const { preparerName } = await grantPreparer(actor, values, today());
    revalidatePath('/account/preparers');
    return { ok: true, data: undefined, message: `${preparerName} can now act for ${values.scope === 'all' ? 'all your operations, and those you add later' : `the ${values.operationIds.length} operations you chose`}${values.endsOn ? ` through ${values.endsOn}` : ''}.` };
  });
}

export async function revokePreparerAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(revokePreparerSchema, input);
    await revokePreparer(actor, values);
    revalidatePath('/account/preparers');
    return { ok: true, data: undefined, message: 'Access ended.' };
  });
}
