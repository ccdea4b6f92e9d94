import { getActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { pdfDownload } from '@/lib/http/pdf-download';
import { route } from '@/lib/http/route-errors';
import { renderFilingReceiptPdf } from '@/lib/pdf/filing-receipt-pdf';
import { getFilingReceipt } from '@/lib/plans/filing-receipt';

export const dynamic = 'force-dynamic';

// GET /api/plans/:id/receipt.pdf : the filing receipt of the plan's latest submission, for anyone
// whose scope includes the plan (anyone else, and a plan never submitted, reads as not found).
export const GET = route('filing-receipt', async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const actor = await getActor();
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to download the filing receipt.');
  const receipt = await getFilingReceipt(actor, id);
  const pdf = await renderFilingReceiptPdf(receipt);
  const name = `filing-receipt-${receipt.confirmationNumber ?? receipt.referenceNumber}.pdf`;
  return pdfDownload(pdf, name);
});
