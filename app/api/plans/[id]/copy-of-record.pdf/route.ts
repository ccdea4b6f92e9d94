import { getActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { pdfDownload } from '@/lib/http/pdf-download';
import { route } from '@/lib/http/route-errors';
import { getCopyOfRecord } from '@/lib/plans/copy-of-record';

export const dynamic = 'force-dynamic';

// GET /api/plans/:id/copy-of-record.pdf : the copy of record of the plan's latest submission, the
// stored bytes exactly, for anyone whose scope includes the plan (anyone else, and a plan with no
// copy of record, reads as not found).
export const GET = route('copy-of-record', async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const actor = await getActor();
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to download the copy of record.');
  const copy = await getCopyOfRecord(actor, id);
  return pdfDownload(copy.pdf, `copy-of-record-${copy.confirmationNumber}.pdf`, { sha256: copy.sha256 });
});
