'use server';

import { defineAction } from '@/lib/actions/define';
import { revalidatePath } from 'next/cache';
import { grantPreparer, revokePreparer } from '@/lib/auth/preparer-grants';
import { today } from '@/lib/clock';
import type { ActionResult } from '@/lib/errors';
import { grantPreparerSchema, revokePreparerSchema } from '@/lib/validation/accounts';

// parse -> authorize (in the service, inside its transaction) -> act -> revalidate.
export const grantPreparerAction = defineAction({ input: grantPreparerSchema, capability: 'preparer.grant' }, async ({ actor, input: values }): Promise<ActionResult> => {
  const { preparerName } = await grantPreparer(actor, values, today());
  revalidatePath('/account/preparers');
  return { ok: true, data: undefined, message: `${preparerName} can now act for ${values.scope === 'all' ? 'all your operations, and those you add later' : `the ${values.operationIds.length} operations you chose`}${values.endsOn ? ` through ${values.endsOn}` : ''}.` };
});

export const revokePreparerAction = defineAction({ input: revokePreparerSchema, capability: 'preparer.revoke' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await revokePreparer(actor, values);
  revalidatePath('/account/preparers');
  return { ok: true, data: undefined, message: 'Access ended.' };
});
