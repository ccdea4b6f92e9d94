import { getActor } from '@/lib/auth/session';
import { publicOrigin } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { pdfDownload } from '@/lib/http/pdf-download';
import { getInvoice } from '@/lib/payments/invoice';
import { renderInvoicePdf } from '@/lib/payments/invoice-pdf';

export const dynamic = 'force-dynamic';

// One submission's invoice as a PDF, for whoever may see its plan (404 otherwise, so ids cannot be probed).
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const actor = await getActor();
  if (!actor) return new Response('Sign in to download the invoice.', { status: 401 });
  const { id } = await params;
  try {
    const invoice = await getInvoice(actor, id);
    const pdf = await renderInvoicePdf(invoice, publicOrigin());
    return pdfDownload(pdf, `${invoice.number}.pdf`, { inline: true });
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return new Response('We can’t find that invoice.', { status: 404 });
    throw err;
  }
}
