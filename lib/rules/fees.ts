// IAC 567-65.110(3)"c" and (7): MMP filing fees and the annual compliance fee, in integer cents.
import { toMicroAnimalUnits } from './animal-units';
import { RuleInputError, optionalBoolean, requireBoolean, requireNonNegative, requireOneOf } from './errors';
import { parameterValue } from './parameters';

export type FeeLine = {
  code: 'mmp_filing' | 'construction_permit_application' | 'annual_compliance';
  cents: number;
  citation: string;
};

/**
 * IAC 567-65.110(7): an original MMP carries the $250 filing fee; when the operation also needs a
 * construction permit, the filing fee is paid together with the construction permit application fee,
 * $500 in total. An updated MMP carries no filing fee (its annual compliance fee is annualComplianceFee).
 */
export function filingFees(input: { kind: 'original' | 'update'; constructionPermitRequired: boolean }): {
  lines: FeeLine[];
  totalCents: number;
} {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  const kind = requireOneOf(input.kind, ['original', 'update'] as const, 'kind');
  const withPermit = requireBoolean(input.constructionPermitRequired, 'constructionPermitRequired');
  if (kind === 'update') return { lines: [], totalCents: 0 };

  const filing = parameterValue('fee.mmp_filing_cents');
  const lines: FeeLine[] = [{ code: 'mmp_filing', cents: filing, citation: 'IAC 567-65.110(7)' }];
  if (withPermit) {
    const total = parameterValue('fee.mmp_filing_with_construction_permit_total_cents');
    lines.push({ code: 'construction_permit_application', cents: total - filing, citation: 'IAC 567-65.110(7)' });
  }
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.cents, 0) };
}

/**
 * IAC 567-65.110(3)"c": $0.15 per animal unit of capacity, rounded to the nearest cent (halves up),
 * paid by the active contractor when the filer is a contract producer (Iowa Code ch. 202).
 * IAC 567-65.110(1)"e"(2): an operation that elected SAFO treatment (500 AU or less) owes none; an
 * election claimed above 500 AU cannot be in force, so the fee is charged.
 */
export function annualComplianceFee(input: { animalUnitCapacity: number; contractProducer: boolean; safoElection?: boolean }): {
  cents: number;
  payer: 'owner' | 'active_contractor';
  citation: string;
} {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  const au = requireNonNegative(input.animalUnitCapacity, 'animalUnitCapacity');
  const contract = requireBoolean(input.contractProducer, 'contractProducer');
  const elected = optionalBoolean(input.safoElection, 'safoElection') === true;
  const payer = contract ? 'active_contractor' : 'owner';
  if (elected && au <= parameterValue('threshold.safo_max_animal_units')) {
    return { cents: 0, payer, citation: 'IAC 567-65.110(1)"e"(2)' };
  }
  return { cents: centsForAnimalUnits(au), payer, citation: 'IAC 567-65.110(3)"c"' };
}

// Exact: animal units as integer millionths x integer cents per AU, then round half up to a cent.
function centsForAnimalUnits(animalUnits: number): number {
  const micro = BigInt(toMicroAnimalUnits(animalUnits));
  const rate = BigInt(parameterValue('fee.annual_compliance_cents_per_animal_unit'));
  const million = BigInt(1_000_000);
  return Number((micro * rate * BigInt(2) + million) / (million * BigInt(2)));
}
