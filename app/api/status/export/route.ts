import { NextResponse, type NextRequest } from 'next/server';
import { statusLabel } from '@/components/status-tag';
import { today } from '@/lib/clock';
import { clientAddress } from '@/lib/net/client-address';
import { limitPublic } from '@/lib/public/limits';
import { publicStatusCsv } from '@/lib/public/status-csv';
import { parsePublicStatusFilter } from '@/lib/public/status-filter';
import { listPublicStatus } from '@/lib/public/status-search';

// GET /api/status/export?q=&county=&status= : the public status search as CSV. No sign-in; limited
// per client address.
export async function GET(request: NextRequest) {
  const limit = await limitPublic('export', clientAddress(request.headers));
  if (!limit.allowed) {
    return new NextResponse(`Too many downloads from your address. Try again in ${limit.retryAfterSeconds} seconds.\n`, {
      status: 429,
      headers: { 'Retry-After': String(limit.retryAfterSeconds), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const filter = parsePublicStatusFilter(request.nextUrl.searchParams);
  const rows = await listPublicStatus(filter);
  return new NextResponse(publicStatusCsv(rows, statusLabel), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="mmp-plan-status-${today()}.csv"`,
      'Cache-Control': 'public, max-age=60',
    },
  });
}
