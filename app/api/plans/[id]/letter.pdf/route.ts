import { pdfDownload } from '@/lib/http/pdf-download';
import { defineRoute } from '@/lib/http/define-route';
import { getSentLetterPdf } from '@/lib/reviews/letter';

export const dynamic = 'force-dynamic';

// GET /api/plans/:id/letter.pdf : the decision letter as sent (the stored PDF, byte for byte), for
// anyone whose scope includes the plan. Its SHA-256 is in the decision's audit event.
export const GET = defineRoute<{ id: string }>({ capability: 'plan.read', component: 'decision-letter', signIn: 'Sign in to download the decision letter.' }, async ({ actor, params: { id } }) => {
  const letter = await getSentLetterPdf(actor, id);
  return pdfDownload(letter.pdf, `decision-letter-${letter.referenceNumber}-${letter.decidedOn}.pdf`, { sha256: letter.sha256 });
});
