// What the law says about an operation, from the facts on its form. Pure (lib/rules only), so the
// registration form shows the same answers live that the server stores and the dashboard shows.
import {
  ANIMAL_CATEGORIES,
  animalUnitCapacity,
  RuleInputError,
  mmpRequirement,
  safoElection,
  type AnimalCategory,
  type MmpRequirement,
  type SafoElection,
} from '@/lib/rules';

export type InventoryLine = { category: AnimalCategory; head: number };

export type AnimalUnitLine = InventoryLine & { label: string; factor: number; animalUnits: number; confirmed: boolean; source: string };

/**
 * Iowa Code 459.102: each line's head x factor, and the capacity. Lines with counts the rule refuses
 * (not a whole number, negative, beyond its limit) are skipped: the form is shown live as the owner
 * types, and a half-typed figure must never break the page (the form's own check names the field).
 */
export function animalUnitBreakdown(lines: readonly { category: string; head: unknown }[]): {
  lines: AnimalUnitLine[];
  total: number;
  citation: 'Iowa Code 459.102';
} {
  const out: AnimalUnitLine[] = [];
  const heads: Partial<Record<AnimalCategory, number>> = {};
  for (const line of lines) {
    const info = ANIMAL_CATEGORIES.find((c) => c.category === line.category);
    const head = typeof line.head === 'string' ? Number(line.head.replace(/,/g, '')) : line.head;
    if (!info || typeof head !== 'number' || !Number.isInteger(head) || head < 0 || heads[info.category] !== undefined) continue;
    let animalUnits: number;
    try {
      animalUnits = animalUnitCapacity({ [info.category]: head });
    } catch (err) {
      if (err instanceof RuleInputError) continue;
      throw err;
    }
    heads[info.category] = head;
    out.push({ category: info.category, head, label: info.label, factor: info.factor, animalUnits, confirmed: info.confirmed, source: info.source });
  }
  return { lines: out, total: animalUnitCapacity(heads), citation: 'Iowa Code 459.102' };
}

export type OperationFacts = {
  animalUnitCapacity: number;
  constructedOn?: string | null;
  lastExpandedOn?: string | null;
  constructionPermitStatus: 'not_required' | 'required_not_applied' | 'applied' | 'issued';
  researchCollege: boolean;
  /** Set for a new owner: the date the current owner acquired the operation. */
  acquiredOn?: string | null;
};

/**
 * IAC 567-65.110(1): does this operation need an MMP? A proposed operation applying for a
 * construction permit files as an applicant ("a"); a new owner files within 60 days ("d");
 * otherwise the owner rules of "b" apply.
 */
export function mmpRequirementFor(facts: OperationFacts): MmpRequirement {
  const base = {
    animalUnitCapacity: facts.animalUnitCapacity,
    researchCollegeActivity: facts.researchCollege,
  };
  if (facts.acquiredOn) return mmpRequirement({ ...base, filer: 'new_owner', acquiredOn: facts.acquiredOn });
  if (facts.constructionPermitStatus === 'required_not_applied' || facts.constructionPermitStatus === 'applied') {
    return mmpRequirement({ ...base, filer: 'construction_permit_applicant' });
  }
  return mmpRequirement({
    ...base,
    filer: 'confinement_owner',
    ...(facts.constructedOn ? { constructedOn: facts.constructedOn } : {}),
    ...(facts.lastExpandedOn ? { lastExpandedOn: facts.lastExpandedOn } : {}),
  });
}

/** IAC 567-65.110(1)"e"(2): may the owner elect SAFO treatment, and has an election ended? */
export function safoFor(animalUnits: number, peakHoused?: number | null): SafoElection {
  return safoElection({ animalUnitCapacity: animalUnits, ...(peakHoused != null ? { peakAnimalUnitsHoused: peakHoused } : {}) });
}

/** Whether the owner has an election in force today (elected, not ended, still eligible). */
export function safoInForce(op: { safoElectedOn: string | null; safoEndedOn: string | null }): boolean {
  return Boolean(op.safoElectedOn) && !op.safoEndedOn;
}
