'use server';

import { headers } from 'next/headers';
import { definePublicAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { clientAddress } from '@/lib/net/client-address';
import { verifyCopyOfRecord, type VerifyAnswer } from '@/lib/public/verify-copy';
import { formDataInput } from '@/lib/validation/form-data';
import { verifyRequestSchema } from '@/lib/validation/verify';

// Public, no sign-in: anyone holding a copy of record may check it. Limited per client address.
export const verifyCopyAction = definePublicAction(
  { input: formDataInput(verifyRequestSchema) },
  async ({ input }): Promise<ActionResult<VerifyAnswer>> => ({ ok: true, data: await verifyCopyOfRecord(input, clientAddress(await headers())) }),
);
