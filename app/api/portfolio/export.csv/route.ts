import { today } from '@/lib/clock';
import { listPortfolioForExport, NEXT_FILING_LABELS, type PortfolioRow } from '@/lib/portfolio/queries';
import { csvResponse } from '@/lib/csv';
import { defineRoute } from '@/lib/http/define-route';
import { parsePortfolioFilters } from '@/lib/validation/portfolio';

export const dynamic = 'force-dynamic';

// The preparer's filtered portfolio as CSV: the same rows as the page, every page of them.
export const GET = defineRoute({ capability: 'portfolio.read', component: 'portfolio-export', signIn: 'Sign in to download your portfolio.' }, async ({ request, actor }) => {
  const date = today();
  const rows = await listPortfolioForExport(actor, date, parsePortfolioFilters(new URL(request.url).searchParams));
  return csvResponse<PortfolioRow>(
    `portfolio-${date}.csv`,
    ['Operation', 'Facility ID', 'Owner', 'County', 'Animal unit capacity', 'Plan status', 'Next filing', 'Due (Iowa Code 4.1(34) filing rule applied)', 'Days left', 'Transfer pending'],
    (r) => [r.name, r.facilityId, r.ownerName, r.countyName, r.animalUnitCapacity, r.latestPlanStatus ?? 'none', NEXT_FILING_LABELS[r.nextFiling], r.dueDay, r.dueDaysLeft, r.pendingTransfer ? 'yes' : 'no'],
    async (offset, limit) => rows.slice(offset, offset + limit),
  );
});
