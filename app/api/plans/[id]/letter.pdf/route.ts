import { getActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { pdfDownload } from '@/lib/http/pdf-download';
import { route } from '@/lib/http/route-errors';
import { getSentLetterPdf } from '@/lib/reviews/letter';

export const dynamic = 'force-dynamic';

// GET /api/plans/:id/letter.pdf : the decision letter as sent (the stored PDF, byte for byte), for
// anyone whose scope includes the plan. Its SHA-256 is in the decision's audit event.
export const GET = route('decision-letter', async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const actor = await getActor();
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to download the decision letter.');
  const letter = await getSentLetterPdf(actor, id);
  return pdfDownload(letter.pdf, `decision-letter-${letter.referenceNumber}-${letter.decidedOn}.pdf`, { sha256: letter.sha256 });
});
