// IAC 567-65.110(1): who must submit a manure management plan (MMP).
import { addDays, monthDayYear, requireIsoDate } from './dates';
import { RuleInputError, optionalBoolean, requireNonNegative, requireOneOf } from './errors';
import { parameterValue } from './parameters';

export type MmpFacts = {
  filer: 'construction_permit_applicant' | 'confinement_owner' | 'out_of_state_manure_applier' | 'new_owner';
  animalUnitCapacity: number;
  eggWashwaterStructureOnly?: boolean;
  constructedOn?: string;
  lastExpandedOn?: string;
  buildsManureStorageStructure?: boolean;
  newStructureIncreasesManureVolume?: boolean;
  newStructureChangesAnimalCategory?: boolean;
  outOfStateOperationIsSmall?: boolean;
  acquiredOn?: string;
  researchCollegeActivity?: boolean;
};

export type MmpRequirement = { required: boolean; dueOn?: string; citation: string; reason: string };

const FILERS = ['construction_permit_applicant', 'confinement_owner', 'out_of_state_manure_applier', 'new_owner'] as const;
const BOOLEAN_FIELDS = [
  'eggWashwaterStructureOnly', 'buildsManureStorageStructure', 'newStructureIncreasesManureVolume',
  'newStructureChangesAnimalCategory', 'outOfStateOperationIsSmall', 'researchCollegeActivity',
] as const;

const R = 'IAC 567-65.110(1)';

/** IAC 567-65.110(1)"e"(2) and Iowa Code 459.102: a SAFO has an animal unit capacity of 500 or less. */
export function isSmallAnimalFeedingOperation(animalUnitCapacity: number): boolean {
  requireNonNegative(animalUnitCapacity, 'animalUnitCapacity');
  return animalUnitCapacity <= parameterValue('threshold.safo_max_animal_units');
}

/**
 * IAC 567-65.110(1): whether this filer must submit an MMP, with the paragraph that decides it.
 * (1)"e"(1) research-college exemption first; then (1)"a" construction permit applicant (not for an egg
 * washwater structure or a SAFO); (1)"b" owner other than a SAFO, if (1) constructed or expanded after
 * May 31, 1985 or (2) building a manure storage structure (unless it neither increases manure volume nor
 * changes animal category); (1)"c" out-of-state manure applier unless the source is a small operation;
 * (1)"d" new owner: the acquired operation tested as under "b"; where it must have an MMP, an original
 * MMP is due 60 days after acquiring.
 */
export function mmpRequirement(facts: MmpFacts): MmpRequirement {
  if (typeof facts !== 'object' || facts === null) throw new RuleInputError('facts', 'must be an object');
  const filer = requireOneOf(facts.filer, FILERS, 'filer');
  const au = requireNonNegative(facts.animalUnitCapacity, 'animalUnitCapacity');
  for (const field of BOOLEAN_FIELDS) optionalBoolean(facts[field], field);
  for (const field of ['constructedOn', 'lastExpandedOn', 'acquiredOn'] as const) {
    if (facts[field] !== undefined) requireIsoDate(facts[field], field);
  }
  const safo = isSmallAnimalFeedingOperation(au);

  if (facts.researchCollegeActivity === true) {
    return { required: false, citation: `${R}"e"(1)`, reason:
      'A research college is exempt from the MMP requirements for research activities and experiments it performs.' };
  }
  switch (filer) {
    case 'construction_permit_applicant':
      if (facts.eggWashwaterStructureOnly === true) {
        return { required: false, citation: `${R}"a"`, reason:
          'An applicant for a construction permit for an egg washwater storage structure does not file an MMP.' };
      }
      if (safo) {
        return { required: false, citation: `${R}"a"`, reason:
          `A small animal feeding operation (${au} animal units, ${parameterValue('threshold.safo_max_animal_units')} or less) does not file an MMP with a construction permit application.` };
      }
      return { required: true, citation: `${R}"a"`, reason:
        'An applicant for a construction permit for a confinement feeding operation must submit an MMP.' };
    case 'confinement_owner':
      return ownerRequirement(facts, au, safo);
    case 'out_of_state_manure_applier': {
      const small = facts.outOfStateOperationIsSmall ?? safo;
      return small
        ? { required: false, citation: `${R}"c"`, reason:
            'Manure applied in Iowa from a small out-of-state operation does not need an MMP.' }
        : { required: true, citation: `${R}"c"`, reason:
            'A person who applies manure in Iowa from a confinement feeding operation outside Iowa, other than a small operation, must submit an MMP.' };
    }
    case 'new_owner':
      return newOwnerRequirement(facts, au, safo);
  }
}

/**
 * IAC 567-65.110(1)"d", in accordance with Iowa Code 459.312: paragraph "d" sets when a new owner who must
 * have an MMP files it; it creates no duty where "a"/"b" impose none. The acquired operation is tested as
 * its owner would be under "b"; with the construction date unknown, an operation above the SAFO size is
 * treated as one that must file. Only where an MMP is required is `dueOn` 60 days after acquiring.
 */
function newOwnerRequirement(facts: MmpFacts, au: number, safo: boolean): MmpRequirement {
  if (facts.acquiredOn === undefined) throw new RuleInputError('acquiredOn', 'is required for a new owner');
  const max = parameterValue('threshold.safo_max_animal_units');
  let tested = ownerRequirement(facts, au, safo);
  if (!tested.required && !safo && facts.constructedOn === undefined) {
    tested = { required: true, citation: `${R}"b"(1)`, reason:
      `When the operation was constructed is not known, so an operation of more than ${max} animal units is treated as one that must have an MMP.` };
  }
  if (!tested.required) {
    return { required: false, citation: tested.citation, reason:
      `A new owner owes an original MMP only where the operation must have one, and this one need not: ${lowerFirst(tested.reason)}` };
  }
  const days = parameterValue('days.new_owner_original_mmp');
  const dueOn = addDays(facts.acquiredOn, days, 'acquiredOn');
  return { required: true, dueOn, citation: `${R}"d"`, reason:
    `${tested.reason.replace(/, so its owner must submit an MMP\.$/, '').replace(/\.$/, '')}. A new owner may apply manure under the previous owner's MMP, ` +
    `but must submit an original MMP within ${days} days after acquiring the operation (by ${monthDayYear(dueOn)}).` };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function ownerRequirement(facts: MmpFacts, au: number, safo: boolean): MmpRequirement {
  if (safo) {
    return { required: false, citation: `${R}"b"`, reason:
      `A small animal feeding operation (${au} animal units, ${parameterValue('threshold.safo_max_animal_units')} or less) is not required to submit an MMP as an owner.` };
  }
  const threshold = parameterValue('date.mmp_constructed_or_expanded_after');
  const since = monthDayYear(threshold);
  const after = [facts.constructedOn, facts.lastExpandedOn].find((d) => d !== undefined && d > threshold);
  if (after !== undefined) {
    const what = after === facts.constructedOn ? 'constructed' : 'expanded';
    return { required: true, citation: `${R}"b"(1)`, reason:
      `The confinement feeding operation was ${what} on ${monthDayYear(after)}, after ${since}, so its owner must submit an MMP.` };
  }
  if (facts.buildsManureStorageStructure === true) {
    // The exception needs both facts established as false; unknown is treated as a possible increase.
    if (facts.newStructureIncreasesManureVolume === false && facts.newStructureChangesAnimalCategory === false) {
      return { required: false, citation: `${R}"b"(2)`, reason:
        'The new manure storage structure does not increase manure volume or change the animal category, so a new MMP is not required.' };
    }
    return { required: true, citation: `${R}"b"(2)`, reason:
      'The owner is building a manure storage structure that increases manure volume or changes the animal category (or this is not yet known), so an MMP is required, with or without a permit or a prior MMP.' };
  }
  return { required: false, citation: `${R}"b"`, reason:
    `The operation was neither constructed nor expanded after ${since}, and no manure storage structure is being built, so the owner is not required to submit an MMP.` };
}
