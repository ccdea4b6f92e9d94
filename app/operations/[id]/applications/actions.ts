'use server';

import { revalidatePath } from 'next/cache';
import { importApplications, type ImportOutcome } from '@/lib/applications/commands';
import { recordApplication } from '@/lib/applications/commands';
import type { RecordCheck } from '@/lib/applications/check';
import { defineAction } from '@/lib/actions/define';
import { today } from '@/lib/clock';
import { AppError, type ActionResult } from '@/lib/errors';
import { isUuid } from '@/lib/ids';
import { applicationRecordSchema, applicationsImportSchema } from '@/lib/validation/application-records';

// Application records (DNR form 542-8002): parse -> authorize (inside the service) -> record -> revalidate.

export const recordApplicationAction = defineAction({ input: () => applicationRecordSchema(today()), capability: 'application.record' }, async ({ actor, input: values }): Promise<ActionResult<{ id: string; check: RecordCheck }>> => {
  const r = await recordApplication(actor, values);
  revalidatePath(`/operations/${values.operationId}/applications`);
  // The flag (if any), then where the field stands this season with this record.
  const words = [r.check.message ?? 'Recorded. The rate is within the approved plan’s limit for the field.', r.check.standing].filter(Boolean).join(' ');
  return { ok: true, data: r, message: words };
});

/** A season's CSV: `commit` absent is the preview (the count and the flags); present, the import. */
export const importApplicationsAction = defineAction({ input: applicationsImportSchema, capability: 'application.record' }, async ({ actor, input }): Promise<ActionResult<ImportOutcome>> => {
  const { operationId, file } = input;
  if (!isUuid(operationId)) throw new AppError('NOT_FOUND', 'We can’t find that record.');
  const out = await importApplications(actor, { operationId, bytes: new Uint8Array(await file.arrayBuffer()), commit: input.commit === 'yes', today: today() });
  if (out.ok && out.committed) revalidatePath(`/operations/${operationId}/applications`);
  return { ok: true, data: out };
});
