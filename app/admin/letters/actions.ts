'use server';

import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import { setFieldOfficeContact } from '@/lib/counties/field-offices';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { setParameterValue } from '@/lib/parameters/values';
import { appealNoticeFormSchema, fieldOfficeContactSchema } from '@/lib/validation/letters';
import { parseOrThrow } from '@/lib/validation/parse';

// Decision letters: parse -> authorize (admin, in the service) -> write -> revalidate.

export async function setAppealNoticeAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const v = parseOrThrow(appealNoticeFormSchema, input);
    await setParameterValue(actor, { key: 'appeal.notice', value: { days: v.days, text: v.text }, effectiveFrom: v.effectiveFrom, source: v.source, confirmed: v.confirmed });
    revalidatePath('/admin/letters');
    return { ok: true, data: undefined, message: `Letters of decisions made from ${formatDate(v.effectiveFrom)} print this paragraph. Earlier versions are kept.` };
  });
}

export async function setFieldOfficeContactAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const v = parseOrThrow(fieldOfficeContactSchema, input);
    await setFieldOfficeContact(actor, v);
    revalidatePath('/admin/letters');
    revalidatePath('/counties');
    return { ok: true, data: undefined, message: 'Saved. Letters now print this contact.' };
  });
}
