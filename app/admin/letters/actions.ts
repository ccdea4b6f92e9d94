'use server';

import { revalidatePath } from 'next/cache';
import { setFieldOfficeContact } from '@/lib/counties/field-offices';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { setParameterValue } from '@/lib/parameters/values';
import { appealNoticeFormSchema, fieldOfficeContactSchema } from '@/lib/validation/letters';

// Decision letters: parse -> authorize (admin, in the service) -> write -> revalidate.

export const setAppealNoticeAction = defineAction({ input: appealNoticeFormSchema, capability: 'parameter.set' }, async ({ actor, input: v }): Promise<ActionResult> => {
  await setParameterValue(actor, { key: 'appeal.notice', value: { days: v.days, text: v.text }, effectiveFrom: v.effectiveFrom, source: v.source, confirmed: v.confirmed });
  revalidatePath('/admin/letters');
  return { ok: true, data: undefined, message: `Letters of decisions made from ${formatDate(v.effectiveFrom)} print this paragraph. Earlier versions are kept.` };
});

export const setFieldOfficeContactAction = defineAction({ input: fieldOfficeContactSchema, capability: 'county.edit' }, async ({ actor, input: v }): Promise<ActionResult> => {
  await setFieldOfficeContact(actor, v);
  revalidatePath('/admin/letters');
  revalidatePath('/counties');
  return { ok: true, data: undefined, message: 'Saved. Letters now print this contact.' };
});
