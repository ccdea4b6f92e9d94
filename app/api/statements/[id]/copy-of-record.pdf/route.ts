import { pdfDownload } from '@/lib/http/pdf-download';
import { defineRoute } from '@/lib/http/define-route';
import { getStatementCopy } from '@/lib/statements/copy-of-record';

export const dynamic = 'force-dynamic';

// GET /api/statements/:id/copy-of-record.pdf : a confirmed statement of intent's copy of record (DNR
// form 542-8167), the stored bytes exactly, for anyone whose scope includes its plan; anyone else,
// and a statement with no copy, reads as not found.
export const GET = defineRoute<{ id: string }>({ capability: 'plan.read', component: 'statement-copy-of-record', signIn: 'Sign in to download the copy of record.' }, async ({ actor, params: { id } }) => {
  const copy = await getStatementCopy(actor, id);
  return pdfDownload(copy.pdf, `statement-${copy.receiptNumber}.pdf`, { sha256: copy.sha256 });
});
