import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { emailOutbox } from '@/db/schema';
import { testClockEnabled } from '@/lib/clock';
import { clientAddress } from '@/lib/net/client-address';

export const dynamic = 'force-dynamic';

// Test mode only (MMP_TEST_CLOCK=1): the newest email of a template sent to an address, links
// included, so a browser journey can follow an emailed link as its recipient would. Staff's
// "Sent mail" pages hide those links. Without test mode the route does not exist.
export async function GET(request: Request) {
  if (!testClockEnabled()) return new Response('Not found', { status: 404 });
  // Links in mail are credentials (resets, acceptances): even in test mode, only this machine reads them.
  const from = clientAddress(request.headers);
  if (from !== '127.0.0.1' && from !== '::1') return new Response('Not found', { status: 404 });
  const url = new URL(request.url);
  const to = url.searchParams.get('to')?.trim().toLowerCase();
  const template = url.searchParams.get('template');
  if (!to || !template) return Response.json({ error: 'to and template are required' }, { status: 400 });
  const db = await getDb();
  const [row] = await db
    .select({ subject: emailOutbox.subject, text: emailOutbox.text, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(1);
  if (!row) return Response.json({ error: 'no such email' }, { status: 404 });
  return Response.json(row);
}
