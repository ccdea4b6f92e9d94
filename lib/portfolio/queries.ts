import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { ownershipTransfers } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { listOperationSummaries, type OperationSummary } from '@/lib/operations/queries';
import type { PortfolioFilters } from '@/lib/validation/portfolio';
import { listPortfolioOwners } from './owners';

// The consultant's portfolio: every operation the preparer may act for (the same scoped read as
// the dashboard, so the figures agree), with its owner, its next filing and its due day as moved by
// Iowa Code 4.1(34). Filtering, counting and paging happen on the server over the preparer's own
// operations (a consultant's book is dozens to a few hundred), so the due buckets use the same
// effective due day the screens show.

export const PORTFOLIO_PAGE_SIZE = 25;

export type NextFiling = 'annual_update' | 'original' | 'new_owner_original' | 'none';

export type PortfolioRow = OperationSummary & {
  ownerName: string;
  nextFiling: NextFiling;
  /** The effective due day of the next filing (annual update or a new owner's original MMP). */
  dueDay: string | null;
  dueDaysLeft: number | null;
  pendingTransfer: boolean;
  /** An approved plan is in force and nothing else is open: a no-change statement can be filed. */
  noChangeReady: boolean;
};

export const NEXT_FILING_LABELS: Record<NextFiling, string> = {
  annual_update: 'Annual update',
  original: 'Original plan',
  new_owner_original: 'New owner’s original plan',
  none: 'Nothing due (SAFO election)',
};

export type PortfolioCounts = { all: number; overdue: number; within30: number; within60: number; noChangeReady: number };

function nextFilingOf(o: OperationSummary): NextFiling {
  if (o.newOwner?.due) return 'new_owner_original';
  if (!o.hasApprovedPlan) return 'original';
  if (o.safoInForce) return 'none';
  return 'annual_update';
}

export async function listPortfolioRows(actor: Actor, today: string): Promise<PortfolioRow[]> {
  const ops = await listOperationSummaries(actor, today);
  if (!ops.length) return [];
  const db = await getDb();
  const ids = ops.map((o) => o.id);
  const [ownerOf, transfers] = await Promise.all([
    listPortfolioOwners(ids),
    db.select({ operationId: ownershipTransfers.operationId }).from(ownershipTransfers).where(and(inArray(ownershipTransfers.operationId, ids), eq(ownershipTransfers.status, 'pending'))),
  ]);
  const pending = new Set(transfers.map((t) => t.operationId));
  return ops.map((o) => {
    const nextFiling = nextFilingOf(o);
    const due = nextFiling === 'new_owner_original' ? o.newOwner!.due! : nextFiling === 'annual_update' ? o.nextDue : null;
    return {
      ...o,
      ownerName: ownerOf.get(o.id) ?? '—',
      nextFiling,
      dueDay: due?.day ?? null,
      dueDaysLeft: due?.daysLeft ?? null,
      pendingTransfer: pending.has(o.id),
      noChangeReady: nextFiling === 'annual_update' && o.latestPlanStatus === 'approved',
    };
  });
}

function matchesSearch(r: PortfolioRow, q: string | undefined): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return [r.name, r.facilityId ?? '', r.ownerName, r.countyName].some((v) => v.toLowerCase().includes(needle));
}

function inDueBucket(r: PortfolioRow, due: PortfolioFilters['due']): boolean {
  if (!due) return true;
  if (r.dueDaysLeft === null) return false;
  if (due === 'overdue') return r.dueDaysLeft < 0;
  return r.dueDaysLeft >= 0 && r.dueDaysLeft <= Number(due);
}

export function applyPortfolioFilters(rows: PortfolioRow[], f: PortfolioFilters): { rows: PortfolioRow[]; counts: PortfolioCounts } {
  // Counts per bucket are over everything but the due filter, so each bucket says what choosing it gives.
  const base = rows.filter(
    (r) =>
      matchesSearch(r, f.q) &&
      (!f.county || r.countyFips === f.county) &&
      (!f.next || r.nextFiling === f.next) &&
      (!f.status || (f.status === 'none' ? r.latestPlanStatus === null : r.latestPlanStatus === f.status)),
  );
  const counts: PortfolioCounts = {
    all: base.length,
    overdue: base.filter((r) => inDueBucket(r, 'overdue')).length,
    within30: base.filter((r) => inDueBucket(r, '30')).length,
    within60: base.filter((r) => inDueBucket(r, '60')).length,
    noChangeReady: base.filter((r) => r.noChangeReady).length,
  };
  const filtered = base.filter((r) => inDueBucket(r, f.due));
  const sorted =
    f.sort === 'name'
      ? [...filtered].sort((a, b) => a.name.localeCompare(b.name))
      : [...filtered].sort((a, b) => (a.dueDay ?? '9999-12-31').localeCompare(b.dueDay ?? '9999-12-31') || a.name.localeCompare(b.name));
  return { rows: sorted, counts };
}

export async function listPortfolioPage(actor: Actor, today: string, f: PortfolioFilters) {
  const all = await listPortfolioRows(actor, today);
  const { rows, counts } = applyPortfolioFilters(all, f);
  const pageCount = Math.max(1, Math.ceil(rows.length / PORTFOLIO_PAGE_SIZE));
  const page = Math.min(f.page, pageCount);
  const counties = [...new Map(all.map((r) => [r.countyFips, r.countyName])).entries()].sort((a, b) => a[1].localeCompare(b[1]));
  return { rows: rows.slice((page - 1) * PORTFOLIO_PAGE_SIZE, page * PORTFOLIO_PAGE_SIZE), matched: rows.length, counts, page, pageCount, counties };
}

/** Every row under the filters (no paging), for the CSV export. */
export async function listPortfolioForExport(actor: Actor, today: string, f: PortfolioFilters): Promise<PortfolioRow[]> {
  return applyPortfolioFilters(await listPortfolioRows(actor, today), f).rows;
}
