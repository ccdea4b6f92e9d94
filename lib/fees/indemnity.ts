import 'server-only';
import type { Executor } from '@/db/client';
import { listParameterVersionsOf, versionOn, type ParameterVersion } from '@/lib/parameters/values';
import type { IndemnityRate } from '@/lib/parameters/registry';
import { indemnityCollection, indemnityFeeCents, indemnityFeeExempt } from '@/lib/rules';

// Iowa Code 459.503A, as lib/rules reads it (indemnityCollection): the fund balance at the end of each
// three-month period suspends or resumes the fee, between the two limits the state is kept. This module
// only reads the staff-kept balance history and limits and hands them to the rule.

export type CollectionState = {
  collecting: boolean;
  /** The quarter end whose balance set the current state (null: none did, so collecting). */
  since: { quarterEnd: string; balanceCents: number } | null;
  suspendAboveCents: number | null;
  resumeBelowCents: number | null;
  citation: string;
  reason: string;
};

type Versions = {
  balance: ParameterVersion<'indemnity.fund_balance_cents'>[];
  suspend: ParameterVersion<'indemnity.fund_suspend_above_cents'>[];
  resume: ParameterVersion<'indemnity.fund_resume_below_cents'>[];
};

/** Pure: the collection state on `date` from the parameter histories (Iowa Code 459.503A via lib/rules). */
export function collectionStateOn(v: Versions, date: string): CollectionState {
  const dated = (list: { effectiveFrom: string; value: number }[]) => list.map((x) => ({ effectiveFrom: x.effectiveFrom, cents: x.value }));
  const r = indemnityCollection({ onDate: date, fundBalances: dated(v.balance), suspendAboveCents: dated(v.suspend), resumeBelowCents: dated(v.resume) });
  return {
    ...r,
    suspendAboveCents: versionOn(v.suspend, date)?.value ?? null,
    resumeBelowCents: versionOn(v.resume, date)?.value ?? null,
  };
}

const FUND_KEYS = ['indemnity.fund_balance_cents', 'indemnity.fund_suspend_above_cents', 'indemnity.fund_resume_below_cents'] as const;
const fundVersions = (v: { [K in (typeof FUND_KEYS)[number]]: ParameterVersion<K>[] }): Versions => ({
  balance: v['indemnity.fund_balance_cents'],
  suspend: v['indemnity.fund_suspend_above_cents'],
  resume: v['indemnity.fund_resume_below_cents'],
});

export async function indemnityCollectionState(date: string, db?: Executor): Promise<CollectionState> {
  return collectionStateOn(fundVersions(await listParameterVersionsOf(FUND_KEYS, db)), date);
}

export type IndemnityFee = {
  status: 'exempt' | 'waived' | 'owed' | 'no_schedule';
  cents: number;
  reason: string;
  citation: string;
  /** The schedule is an unconfirmed figure until staff confirm it. */
  scheduleConfirmed: boolean;
};

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
  // The fund's figures and the schedule, in one statement.
  const v = await listParameterVersionsOf([...FUND_KEYS, 'indemnity.fee_schedule'], db);
  const state = collectionStateOn(fundVersions(v), date);
  if (!state.collecting) {
    return {
      status: 'waived',
      cents: 0,
      reason: state.reason,
      citation: state.citation,
      scheduleConfirmed: true,
    };
  }
  const schedule = versionOn(v['indemnity.fee_schedule'], date);
  const rates: IndemnityRate[] = (schedule?.value ?? []).filter(
    (r) => r.appliesTo === 'all' || (r.appliesTo === 'with_construction_permit') === input.constructionPermit,
  );
  if (!rates.length) {
    return { status: 'no_schedule', cents: 0, reason: 'No indemnity fee schedule applies to this operation yet; an administrator enters it from Iowa Code 459.503.', citation: 'Iowa Code 459.503', scheduleConfirmed: false };
  }
  const cents = rates.reduce((sum, r) => sum + indemnityFeeCents({ animalUnitCapacity: input.animalUnitCapacity, centsPerAnimalUnit: r.centsPerAnimalUnit }).cents, 0);
  return {
    status: 'owed',
    cents,
    reason: rates.map((r) => `${r.description}: ${r.centsPerAnimalUnit}¢ per animal unit`).join('; '),
    citation: 'Iowa Code 459.503; IAC 567-65.110(6)',
    scheduleConfirmed: schedule?.confirmed ?? false,
  };
}
