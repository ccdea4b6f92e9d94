import { pdfDownload } from '@/lib/http/pdf-download';
import { defineRoute } from '@/lib/http/define-route';
import { getCopyOfRecord } from '@/lib/plans/copy-of-record';

export const dynamic = 'force-dynamic';

// GET /api/plans/:id/copy-of-record.pdf : the copy of record of the plan's latest submission, the
// stored bytes exactly, for anyone whose scope includes the plan (anyone else, and a plan with no
// copy of record, reads as not found).
export const GET = defineRoute<{ id: string }>({ capability: 'plan.read', component: 'copy-of-record', signIn: 'Sign in to download the copy of record.' }, async ({ actor, params: { id } }) => {
  const copy = await getCopyOfRecord(actor, id);
  return pdfDownload(copy.pdf, `copy-of-record-${copy.confirmationNumber}.pdf`, { sha256: copy.sha256 });
});
