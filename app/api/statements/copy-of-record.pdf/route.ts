import { AppError } from '@/lib/errors';
import { pdfDownload } from '@/lib/http/pdf-download';
import { route } from '@/lib/http/route-errors';
import { getStatementCopyByLink, STATEMENT_COPY_LINK_INVALID } from '@/lib/statements/copy-of-record';

export const dynamic = 'force-dynamic';

// GET /api/statements/copy-of-record.pdf?token=… : the landowner's own link to the copy of record of
// the statement they confirmed (they have no portal account). The link is emailed to them alone,
// stored hashed, and expires; a wrong or expired link reads as not found.
export const GET = route('statement-copy-by-link', async (request: Request) => {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (token.length < 20 || token.length > 200) throw new AppError('NOT_FOUND', STATEMENT_COPY_LINK_INVALID);
  const copy = await getStatementCopyByLink(token);
  return pdfDownload(copy.pdf, `statement-${copy.receiptNumber}.pdf`, { sha256: copy.sha256 });
});
