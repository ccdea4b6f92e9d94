import { pdfDownload } from '@/lib/http/pdf-download';
import { defineRoute } from '@/lib/http/define-route';
import { renderFilingReceiptPdf } from '@/lib/pdf/filing-receipt-pdf';
import { getFilingReceipt } from '@/lib/plans/filing-receipt';

export const dynamic = 'force-dynamic';

// GET /api/plans/:id/receipt.pdf : the filing receipt of the plan's latest submission, for anyone
// whose scope includes the plan (anyone else, and a plan never submitted, reads as not found).
export const GET = defineRoute<{ id: string }>({ capability: 'plan.read', component: 'filing-receipt', signIn: 'Sign in to download the filing receipt.' }, async ({ actor, params: { id } }) => {
  const receipt = await getFilingReceipt(actor, id);
  const pdf = await renderFilingReceiptPdf(receipt);
  const name = `filing-receipt-${receipt.confirmationNumber ?? receipt.referenceNumber}.pdf`;
  return pdfDownload(pdf, name);
});
