'use server';

import { revalidatePath } from 'next/cache';
import { defineAction } from '@/lib/actions/define';
import { formatDate } from '@/lib/format';
import { recordCropFactor } from '@/lib/reference/crop-factors';
import { cropFactorSchema } from '@/lib/validation/reference-tables';

// Reference tables: parse -> authorize (admin) -> add a dated row -> revalidate.

export const recordCropFactorAction = defineAction({ input: cropFactorSchema, capability: 'parameter.set' }, async ({ actor, input }) => {
  const saved = await recordCropFactor(actor, input);
  revalidatePath('/admin/reference');
  return { ok: true, data: undefined, message: `Recorded; in force from ${formatDate(saved.effectiveFrom)}. Earlier rows are kept.` };
});
