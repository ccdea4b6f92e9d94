// Iowa Code 459.503 and 459.503A: the manure storage indemnity fee's arithmetic and its suspension.
import { toMicroAnimalUnits } from './animal-units';
import { addDays, isoFromParts, monthDayYear, requireIsoDate, yearOf } from './dates';
import { RuleInputError, requireNonNegative } from './errors';

/**
 * Iowa Code 459.503: the fee for an operation at a rate of cents per animal unit of capacity (a rate may
 * carry fractions of a cent, to a thousandth), rounded to the nearest cent, halves up, exactly.
 */
export function indemnityFeeCents(input: { animalUnitCapacity: number; centsPerAnimalUnit: number }): { cents: number; citation: string } {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  const au = requireNonNegative(input.animalUnitCapacity, 'animalUnitCapacity');
  const rate = requireNonNegative(input.centsPerAnimalUnit, 'centsPerAnimalUnit');
  const milliCents = Math.round(rate * 1000);
  if (Math.abs(milliCents - rate * 1000) > 1e-6) {
    throw new RuleInputError('centsPerAnimalUnit', `must be given to a thousandth of a cent at most, got ${rate}`);
  }
  const micro = BigInt(toMicroAnimalUnits(au));
  const denom = BigInt(1_000_000_000); // micro-AU x milli-cents -> cents
  return { cents: Number((micro * BigInt(milliCents) * BigInt(2) + denom) / (denom * BigInt(2))), citation: 'Iowa Code 459.503' };
}

type Dated = { effectiveFrom: string; cents: number };

export type IndemnityCollection = {
  collecting: boolean;
  /** The quarter end whose balance set the current state (null: none did, so the fee is collected). */
  since: { quarterEnd: string; balanceCents: number } | null;
  citation: string;
  reason: string;
};

function inForceOn(list: Dated[], date: string): number | null {
  let found: number | null = null;
  for (const v of list) if (v.effectiveFrom <= date) found = v.cents;
  return found;
}

/** The last day of each calendar quarter (the fund's "three-month periods") from `from` up to `to`. */
function quarterEnds(from: string, to: string): string[] {
  const out: string[] = [];
  for (let year = yearOf(from, 'fundBalances'); year <= yearOf(to, 'onDate'); year++) {
    for (const [m, d] of [[3, 31], [6, 30], [9, 30], [12, 31]] as const) {
      const q = isoFromParts(year, m, d);
      if (q >= from && q <= to) out.push(q);
    }
  }
  return out;
}

const TWO_DECIMALS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const dollars = (cents: number) => `$${TWO_DECIMALS.format(cents / 100)}`;

/**
 * Iowa Code 459.503A: the fee is waived if, at the end of any three-month period, the fund's unobligated
 * money exceeds the suspension limit ($3,000,000), and reinstated when it is below the resumption limit
 * ($2,000,000); in between, the fund keeps its state. Read at the end of each calendar quarter (March 31,
 * June 30, September 30, December 31) from the balance recorded on or before that day; the state it sets
 * applies from the next day. Limits are effective-dated: the ones in force on the quarter end apply.
 */
export function indemnityCollection(input: {
  onDate: string;
  fundBalances: Dated[];
  suspendAboveCents: Dated[];
  resumeBelowCents: Dated[];
}): IndemnityCollection {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  requireIsoDate(input.onDate, 'onDate');
  const lists = { fundBalances: input.fundBalances, suspendAboveCents: input.suspendAboveCents, resumeBelowCents: input.resumeBelowCents };
  for (const [field, list] of Object.entries(lists)) {
    if (!Array.isArray(list)) throw new RuleInputError(field, 'must be a list of dated amounts');
    list.forEach((v, i) => {
      requireIsoDate(v?.effectiveFrom, `${field}[${i}].effectiveFrom`);
      requireNonNegative(v.cents, `${field}[${i}].cents`);
    });
  }
  const sorted = (l: Dated[]) => [...l].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : 0));
  const balances = sorted(input.fundBalances);
  const suspend = sorted(input.suspendAboveCents);
  const resume = sorted(input.resumeBelowCents);
  let collecting = true;
  let since: IndemnityCollection['since'] = null;
  const first = balances[0];
  // A quarter end's reading applies from the next day, so the last one that counts is before onDate.
  if (first && first.effectiveFrom < input.onDate) {
    for (const q of quarterEnds(first.effectiveFrom, addDays(input.onDate, -1, 'onDate'))) {
      const balance = inForceOn(balances, q);
      const above = inForceOn(suspend, q);
      const below = inForceOn(resume, q);
      if (balance === null) continue;
      if (collecting && above !== null && balance > above) {
        collecting = false;
        since = { quarterEnd: q, balanceCents: balance };
      } else if (!collecting && below !== null && balance < below) {
        collecting = true;
        since = { quarterEnd: q, balanceCents: balance };
      }
    }
  }
  const above = inForceOn(suspend, input.onDate);
  const below = inForceOn(resume, input.onDate);
  const limits = `collection is suspended while the fund exceeds ${above !== null ? dollars(above) : 'the upper limit'} at the end of a three-month period and resumes when it is below ${below !== null ? dollars(below) : 'the lower limit'}`;
  const reason = since === null
    ? `No quarter-end fund balance has suspended the fee, so it is collected (${limits}).`
    : collecting
      ? `The fee is collected again: the fund was ${dollars(since.balanceCents)} at the end of the quarter on ${monthDayYear(since.quarterEnd)} (${limits}).`
      : `The fee is waived: the fund was ${dollars(since.balanceCents)} at the end of the quarter on ${monthDayYear(since.quarterEnd)} (${limits}).`;
  return { collecting, since, citation: 'Iowa Code 459.503A', reason };
}
