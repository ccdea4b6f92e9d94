import { getActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { pdfDownload } from '@/lib/http/pdf-download';
import { route } from '@/lib/http/route-errors';
import { getStatementCopy } from '@/lib/statements/copy-of-record';

export const dynamic = 'force-dynamic';

// GET /api/statements/:id/copy-of-record.pdf : a confirmed statement of intent's copy of record (DNR
// form 542-8167), the stored bytes exactly, for anyone whose scope includes its plan; anyone else,
// and a statement with no copy, reads as not found.
export const GET = route('statement-copy-of-record', async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const actor = await getActor();
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to download the copy of record.');
  const copy = await getStatementCopy(actor, id);
  return pdfDownload(copy.pdf, `statement-${copy.receiptNumber}.pdf`, { sha256: copy.sha256 });
});
