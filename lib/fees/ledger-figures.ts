import 'server-only';
import type { Actor } from '@/lib/auth/roles';
import { isDepartment } from '@/lib/auth/roles';
import { cachedFigures, type CachedFigures } from '@/lib/cache/figures-cache';
import type { FeeLedgerFilters } from '@/lib/validation/fees';
import { listLedgerPage, listPayerBalances } from './ledger';

// The fees ledger page's figures (its totals, one page of lines and the balances by payer), kept
// for a minute: the totals and balances sum every fee line in the state. A payment recorded through
// the portal drops them at once (invalidateFigures('fees:')).

export const LEDGER_TTL_MS = 60_000;
/** The page lists the payers owing the most; any payer's lines are one filter away. */
export const PAYER_BALANCES_SHOWN = 25;

async function readLedger(actor: Actor, filters: FeeLedgerFilters) {
  const [ledger, balances] = await Promise.all([listLedgerPage(actor, filters), listPayerBalances(actor, PAYER_BALANCES_SHOWN)]);
  return { ledger, balances };
}

export function readLedgerFigures(actor: Actor, filters: FeeLedgerFilters): Promise<CachedFigures<Awaited<ReturnType<typeof readLedger>>>> {
  if (!isDepartment(actor.role)) return readLedger(actor, filters).then((value) => ({ value, asOf: new Date() }));
  return cachedFigures(`fees:ledger:${JSON.stringify(filters)}`, LEDGER_TTL_MS, () => readLedger(actor, filters));
}
