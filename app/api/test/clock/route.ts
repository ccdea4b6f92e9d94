import { z } from 'zod';
import { setToday, testClockEnabled, today } from '@/lib/clock';

export const dynamic = 'force-dynamic';

// Test mode only (MMP_TEST_CLOCK=1): read or set the portal's date so a browser journey can reach
// day 60 of a review. Without test mode the route does not exist.
const body = z.object({ date: z.iso.date().nullable() });

export async function GET() {
  if (!testClockEnabled()) return new Response('Not found', { status: 404 });
  return Response.json({ today: today() });
}

export async function POST(request: Request) {
  if (!testClockEnabled()) return new Response('Not found', { status: 404 });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: 'date must be YYYY-MM-DD or null' }, { status: 400 });
  setToday(parsed.data.date);
  return Response.json({ today: today() });
}
