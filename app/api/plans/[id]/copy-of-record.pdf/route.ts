import { getActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
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
  return new Response(new Uint8Array(copy.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(copy.pdf.length),
      'Content-Disposition': `attachment; filename="copy-of-record-${copy.confirmationNumber}.pdf"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      // The key it is filed under (RFC 9530), so a client can check the bytes it received.
      'Repr-Digest': `sha-256=:${Buffer.from(copy.sha256, 'hex').toString('base64')}:`,
    },
  });
});
