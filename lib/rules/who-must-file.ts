// IAC 567-65.110(1), in accordance with Iowa Code 459.312: who must submit an MMP, stated in words from
// the same parameters mmpRequirement decides with, for pages that explain the rule (the home page).
import { monthDayYear } from './dates';
import { parameterValue } from './parameters';

export type FilingDuty = {
  /** The paragraph that imposes (or lifts) the duty. */
  citation: string;
  who: string;
  /** When the paragraph does not apply. */
  except: string | null;
};

const R = 'IAC 567-65.110(1)';

/** IAC 567-65.110(1)"a"–"e": who files an MMP, each with its exceptions. */
export function whoMustFile(): FilingDuty[] {
  const max = parameterValue('threshold.safo_max_animal_units');
  const since = monthDayYear(parameterValue('date.mmp_constructed_or_expanded_after'));
  const days = parameterValue('days.new_owner_original_mmp');
  const safo = `a small animal feeding operation (SAFO: ${max} animal units or less)`;
  return [
    { citation: `${R}"a"`, who: 'An applicant for a construction permit for a confinement feeding operation.',
      except: `Not for a permit for an egg washwater storage structure, or for ${safo}.` },
    { citation: `${R}"b"`, who: `The owner of a confinement feeding operation of more than ${max} animal units that was constructed or expanded after ${since}, or whose owner builds a manure storage structure.`,
      except: 'A new manure storage structure that neither increases the manure volume nor changes the animal category needs no new MMP.' },
    { citation: `${R}"c"`, who: 'A person who applies manure in Iowa that was produced in a confinement feeding operation outside Iowa.',
      except: 'Not when the out-of-state operation is a small operation.' },
    { citation: `${R}"d"`, who: `A new owner of an operation that must have an MMP: an original MMP within ${days} days after acquiring it (until then, manure may be applied under the previous owner's MMP).`,
      except: `A new owner of ${safo}, or of an operation neither constructed nor expanded after ${since} and building no storage structure, owes no original MMP.` },
    { citation: `${R}"e"`, who: `Exceptions: a research college, for its research activities and experiments; and an operation of ${max} animal units or less may elect to be treated as a SAFO for updated MMPs and annual compliance fees, until more than ${max} animal units are housed at one time.`,
      except: null },
  ];
}
