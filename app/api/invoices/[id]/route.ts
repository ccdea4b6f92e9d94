import { publicOrigin } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { defineRoute } from '@/lib/http/define-route';
import { pdfDownload } from '@/lib/http/pdf-download';
import { getInvoice } from '@/lib/payments/invoice';
import { renderInvoicePdf } from '@/lib/payments/invoice-pdf';

export const dynamic = 'force-dynamic';

// One submission's invoice as a PDF, for whoever may see its plan (404 otherwise, so ids cannot be probed).
export const GET = defineRoute<{ id: string }>({ capability: 'plan.read', component: 'invoice', signIn: 'Sign in to download the invoice.' }, async ({ actor, params: { id } }) => {
  try {
    const invoice = await getInvoice(actor, id);
    const pdf = await renderInvoicePdf(invoice, publicOrigin());
    return pdfDownload(pdf, `${invoice.number}.pdf`, { inline: true });
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', 'We can’t find that invoice.', undefined, err.denial);
    throw err;
  }
});
