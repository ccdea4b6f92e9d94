// IAC 567-65.110(1)"e"(2): election to be treated as a SAFO for updated MMPs and annual fees.
import { RuleInputError, requireNonNegative } from './errors';
import { parameterValue } from './parameters';

export type SafoElection = { eligible: boolean; terminated: boolean; citation: string; reason: string };

const CITATION = 'IAC 567-65.110(1)"e"(2)';

/**
 * IAC 567-65.110(1)"e"(2): an operation that keeps an animal unit capacity of 500 or fewer may elect
 * SAFO treatment; the election ends automatically once more than 500 animal units are housed at one
 * time. `eligible` reads the capacity alone and `terminated` the peak housed, so a screen can say which
 * applies; the election is in force only when eligible and not terminated.
 */
export function safoElection(input: { animalUnitCapacity: number; peakAnimalUnitsHoused?: number }): SafoElection {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  const capacity = requireNonNegative(input.animalUnitCapacity, 'animalUnitCapacity');
  const peak = input.peakAnimalUnitsHoused === undefined
    ? undefined
    : requireNonNegative(input.peakAnimalUnitsHoused, 'peakAnimalUnitsHoused');
  const max = parameterValue('threshold.safo_max_animal_units');
  const eligible = capacity <= max;
  const terminated = peak !== undefined && peak > max;

  let reason: string;
  if (terminated) {
    reason = `The election has ended: ${peak} animal units were housed at one time, more than ${max}. An MMP must be submitted.`;
    if (!eligible) reason += ` The capacity of ${capacity} animal units is also above ${max}.`;
  } else if (eligible) {
    reason = `An animal unit capacity of ${capacity} is ${max} or fewer, so the owner may elect to be treated as a SAFO for updated MMPs and annual compliance fees.`;
  } else {
    reason = `An animal unit capacity of ${capacity} is more than ${max}, so the operation cannot elect SAFO treatment.`;
  }
  return { eligible, terminated, citation: CITATION, reason };
}
