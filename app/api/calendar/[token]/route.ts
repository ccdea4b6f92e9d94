import { buildIcs } from '@/lib/calendar/ics';
import { listCalendarEvents } from '@/lib/calendar/events';
import { findCalendarFeedActor } from '@/lib/calendar/feeds';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';

// GET /api/calendar/<token>.ics : a private calendar subscription. Calendar apps send no cookie,
// so the token in the address is the only credential; an unknown or revoked token is 404, the
// same answer as an address that never existed.
const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token: segment } = await params;
  if (!segment.endsWith('.ics')) return notFound();
  const actor = await findCalendarFeedActor(segment.slice(0, -'.ics'.length));
  if (!actor) return notFound();
  const origin = publicOrigin();
  const events = await listCalendarEvents(actor, today(), origin);
  const ics = buildIcs(events, { name: `MMP dates — ${actor.name}` });
  return new Response(ics, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="mmp-dates.ics"',
      // Private to its holder, and never cached: a revoked address must stop working at once.
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}
