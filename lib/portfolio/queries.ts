import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { operations, ownershipTransfers } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { listOperationSummaries, type OperationSummary } from '@/lib/operations/queries';
import type { PortfolioFilters } from '@/lib/validation/portfolio';
import { listPortfolioCandidates } from './candidates';
import { listPortfolioCounties, listPortfolioOwners } from './owners';

// The consultant's portfolio: every operation the preparer may act for (the same scoped read as
// the dashboard, so the figures agree), with its owner, its next filing and its due day as moved by
// Iowa Code 4.1(34). The search and the county and plan-status filters run in SQL (./candidates),
// which returns each match with only the facts its due day is computed from; the due buckets, their
// counts, the sort and the page are taken over those light rows with the same effective due day the
// screens show (lib/rules decides it, not SQL); then only the page's rows are read in full.

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

/** The portfolio's rows in full: all of them, or those with the given ids (in any order). */
export async function listPortfolioRows(actor: Actor, today: string, onlyIds?: string[]): Promise<PortfolioRow[]> {
  if (onlyIds && !onlyIds.length) return [];
  const ops = await listOperationSummaries(actor, today, onlyIds ? inArray(operations.id, onlyIds) : undefined);
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
    // An annual update already filed for the current due date is not counted down (or overdue).
    const due = nextFiling === 'new_owner_original' ? o.newOwner!.due! : nextFiling === 'annual_update' && !o.updateFiled ? o.nextDue : null;
    return {
      ...o,
      ownerName: ownerOf.get(o.id) ?? '—',
      nextFiling,
      dueDay: due?.day ?? null,
      dueDaysLeft: due?.daysLeft ?? null,
      pendingTransfer: pending.has(o.id),
      noChangeReady: nextFiling === 'annual_update' && o.latestPlanStatus === 'approved' && !o.updateFiled,
    };
  });
}

function matchesSearch(r: PortfolioRow, q: string | undefined): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return [r.name, r.facilityId ?? '', r.ownerName, r.countyName].some((v) => v.toLowerCase().includes(needle));
}

function inDueBucket(r: Bucketable, due: PortfolioFilters['due']): boolean {
  if (!due) return true;
  if (r.dueDaysLeft === null) return false;
  if (due === 'overdue') return r.dueDaysLeft < 0;
  return r.dueDaysLeft >= 0 && r.dueDaysLeft <= Number(due);
}

/** What bucketing and sorting read: a full row, or the light first pass (./candidates). */
type Bucketable = { name: string; dueDay: string | null; dueDaysLeft: number | null; noChangeReady: boolean };

/** Counts per due bucket over `base`, then the chosen bucket sorted. */
function bucketAndSort<T extends Bucketable>(base: T[], f: PortfolioFilters): { rows: T[]; counts: PortfolioCounts } {
  // Counts per bucket are over everything but the due filter, so each bucket says what choosing it gives.
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

/** The same filters over rows already read in full (the page and the CSV run them in SQL). */
export function applyPortfolioFilters(rows: PortfolioRow[], f: PortfolioFilters): { rows: PortfolioRow[]; counts: PortfolioCounts } {
  const base = rows.filter(
    (r) =>
      matchesSearch(r, f.q) &&
      (!f.county || r.countyFips === f.county) &&
      (!f.next || r.nextFiling === f.next) &&
      (!f.status || (f.status === 'none' ? r.latestPlanStatus === null : r.latestPlanStatus === f.status)),
  );
  return bucketAndSort(base, f);
}

/** The matches in order, with the counts: search and filters in SQL, then the rules' due days. */
async function matchPortfolio(actor: Actor, today: string, f: PortfolioFilters) {
  const candidates = (await listPortfolioCandidates(actor, today, f)).filter((c) => !f.next || c.nextFiling === f.next);
  return bucketAndSort(candidates, f);
}

/** Full rows for these ids, in the order given. */
async function rowsInOrder(actor: Actor, today: string, ids: string[]): Promise<PortfolioRow[]> {
  const byId = new Map((await listPortfolioRows(actor, today, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function listPortfolioPage(actor: Actor, today: string, f: PortfolioFilters) {
  const [{ rows: matches, counts }, counties] = await Promise.all([matchPortfolio(actor, today, f), listPortfolioCounties(actor)]);
  const pageCount = Math.max(1, Math.ceil(matches.length / PORTFOLIO_PAGE_SIZE));
  const page = Math.min(f.page, pageCount);
  const ids = matches.slice((page - 1) * PORTFOLIO_PAGE_SIZE, page * PORTFOLIO_PAGE_SIZE).map((m) => m.id);
  return { rows: await rowsInOrder(actor, today, ids), matched: matches.length, counts, page, pageCount, counties };
}

/** Every row under the filters (no paging), for the CSV export. */
export async function listPortfolioForExport(actor: Actor, today: string, f: PortfolioFilters): Promise<PortfolioRow[]> {
  const { rows } = await matchPortfolio(actor, today, f);
  return rowsInOrder(actor, today, rows.map((r) => r.id));
}
