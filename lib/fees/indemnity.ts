import { allOf, getDb, type Executor } from '@/db/client';
import { listParameterVersions, versionOn, type ParameterVersion } from '@/lib/parameters/values';
import type { IndemnityRate } from '@/lib/parameters/registry';
import { indemnityFeeExempt } from '@/lib/rules';

// Iowa Code 459.503A: indemnity fee collection is suspended while the manure storage indemnity fund
// exceeds $3 million and resumes once it falls below $2 million. Between the two, the fund keeps
// whichever state it was in, so the state is read by walking the balance history in date order.

export type CollectionState = {
  collecting: boolean;
  /** The balance entry that set the current state (null: no balance recorded, so collecting). */
  since: { effectiveFrom: string; balanceCents: number } | null;
  suspendAboveCents: number | null;
  resumeBelowCents: number | null;
  citation: 'Iowa Code 459.503A';
};

type Versions = {
  balance: ParameterVersion<'indemnity.fund_balance_cents'>[];
  suspend: ParameterVersion<'indemnity.fund_suspend_above_cents'>[];
  resume: ParameterVersion<'indemnity.fund_resume_below_cents'>[];
};

/** Pure: the collection state on `date` from the parameter histories. */
export function collectionStateOn(v: Versions, date: string): CollectionState {
  let collecting = true;
  let since: CollectionState['since'] = null;
  for (const b of v.balance) {
    if (b.effectiveFrom > date) break;
    const suspendAbove = versionOn(v.suspend, b.effectiveFrom)?.value;
    const resumeBelow = versionOn(v.resume, b.effectiveFrom)?.value;
    if (collecting && suspendAbove !== undefined && b.value > suspendAbove) {
      collecting = false;
      since = { effectiveFrom: b.effectiveFrom, balanceCents: b.value };
    } else if (!collecting && resumeBelow !== undefined && b.value < resumeBelow) {
      collecting = true;
      since = { effectiveFrom: b.effectiveFrom, balanceCents: b.value };
    }
  }
  return {
    collecting,
    since,
    suspendAboveCents: versionOn(v.suspend, date)?.value ?? null,
    resumeBelowCents: versionOn(v.resume, date)?.value ?? null,
    citation: 'Iowa Code 459.503A',
  };
}

export async function indemnityCollectionState(date: string, db?: Executor): Promise<CollectionState> {
  const q = db ?? (await getDb());
  const [balance, suspend, resume] = await allOf(q, [
    () => listParameterVersions('indemnity.fund_balance_cents', q),
    () => listParameterVersions('indemnity.fund_suspend_above_cents', q),
    () => listParameterVersions('indemnity.fund_resume_below_cents', q),
  ]);
  return collectionStateOn({ balance, suspend, resume }, date);
}

export type IndemnityFee = {
  status: 'exempt' | 'waived' | 'owed' | 'no_schedule';
  cents: number;
  reason: string;
  citation: string;
  /** The schedule is an unconfirmed figure until staff confirm it. */
  scheduleConfirmed: boolean;
};

// Cents for animal units at a rate of (possibly fractional) cents per AU, rounded half up, exactly.
function centsFor(animalUnits: number, centsPerAu: number): number {
  const microAu = BigInt(Math.round(animalUnits * 1_000_000));
  const milliCentsPerAu = BigInt(Math.round(centsPerAu * 1000));
  const denom = BigInt(1_000_000_000);
  return Number((microAu * milliCentsPerAu * BigInt(2) + denom) / (denom * BigInt(2)));
}

/** IAC 567-65.110(6) and Iowa Code 459.503, 459.503A: the indemnity fee an operation owes on `date`. */
export async function indemnityFeeFor(
  input: { animalUnitCapacity: number; constructedOn: string | null; constructionPermit: boolean },
  date: string,
  db?: Executor,
): Promise<IndemnityFee> {
  if (input.constructedOn) {
    const exemption = indemnityFeeExempt({ constructedOn: input.constructedOn, constructionPermitRequired: input.constructionPermit });
    if (exemption.exempt) return { status: 'exempt', cents: 0, reason: exemption.reason, citation: exemption.citation, scheduleConfirmed: true };
  }
  const state = await indemnityCollectionState(date, db);
  if (!state.collecting) {
    return {
      status: 'waived',
      cents: 0,
      reason: `Collection is suspended: the indemnity fund balance was above the limit on ${state.since!.effectiveFrom}, and collection resumes only when it falls below the lower limit.`,
      citation: state.citation,
      scheduleConfirmed: true,
    };
  }
  const schedule = versionOn(await listParameterVersions('indemnity.fee_schedule', db), date);
  const rates: IndemnityRate[] = (schedule?.value ?? []).filter(
    (r) => r.appliesTo === 'all' || (r.appliesTo === 'with_construction_permit') === input.constructionPermit,
  );
  if (!rates.length) {
    return { status: 'no_schedule', cents: 0, reason: 'No indemnity fee schedule applies to this operation yet; an administrator enters it from Iowa Code 459.503.', citation: 'Iowa Code 459.503', scheduleConfirmed: false };
  }
  const cents = rates.reduce((sum, r) => sum + centsFor(input.animalUnitCapacity, r.centsPerAnimalUnit), 0);
  return {
    status: 'owed',
    cents,
    reason: rates.map((r) => `${r.description}: ${r.centsPerAnimalUnit}¢ per animal unit`).join('; '),
    citation: 'Iowa Code 459.503; IAC 567-65.110(6)',
    scheduleConfirmed: schedule?.confirmed ?? false,
  };
}
