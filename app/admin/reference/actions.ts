'use server';

import { revalidatePath } from 'next/cache';
import { runAction } from '@/lib/actions/run-action';
import { actorOrThrow } from '@/lib/auth/session';
import type { ActionResult } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { recordCropFactor } from '@/lib/reference/crop-factors';

// Reference tables: parse -> authorize (admin, in the service) -> add a dated row -> revalidate.

export async function recordCropFactorAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const saved = await recordCropFactor(actor, input);
    revalidatePath('/admin/reference');
    return { ok: true, data: undefined, message: `Recorded; in force from ${formatDate(saved.effectiveFrom)}. Earlier rows are kept.` };
  });
}
