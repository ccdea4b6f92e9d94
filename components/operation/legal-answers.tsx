'use client';

import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Checkbox } from '@/components/checkbox';
import { DateField } from '@/components/date-field';
import { TextField } from '@/components/text-field';
import { animalUnitBreakdown, mmpRequirementFor, safoFor } from '@/lib/operations/facts';
import { isIsoDate, latestParameter } from '@/lib/rules';
import { toNumber } from '@/lib/validation/operations';
import type { OperationFormValues } from './form-types';

type Props = {
  control: Control<OperationFormValues>;
  register: UseFormRegister<OperationFormValues>;
  errors: FieldErrors<OperationFormValues>;
  /** An election already in force (editing), so the form can say it will end. */
  electionInForce: boolean;
};

/** "Do I need an MMP?" and the SAFO election, answered live from the form by lib/rules. */
export function LegalAnswers({ control, register, errors, electionInForce }: Props) {
  const [inventory, constructedOn, lastExpandedOn, permit, research, elect, peakRaw] = useWatch({
    control,
    name: ['inventory', 'constructedOn', 'lastExpandedOn', 'constructionPermitStatus', 'researchCollege', 'safoElect', 'peakAnimalUnitsHoused'],
  });
  const au = animalUnitBreakdown(inventory ?? []).total;
  const peak = toNumber(peakRaw);
  const peakHoused = typeof peak === 'number' && Number.isFinite(peak) && peak >= 0 ? peak : null;
  const requirement = mmpRequirementFor({
    animalUnitCapacity: au,
    constructedOn: isIsoDate(constructedOn) ? constructedOn : null,
    lastExpandedOn: isIsoDate(lastExpandedOn) ? lastExpandedOn : null,
    constructionPermitStatus: (permit || 'not_required') as 'not_required',
    researchCollege: Boolean(research),
  });
  const safo = safoFor(au, peakHoused);
  const safoMax = latestParameter('threshold.safo_max_animal_units');
  const offered = (safo.eligible && !safo.terminated) || electionInForce;
  return (
    <>
      <div className={`usa-alert ${requirement.required ? 'usa-alert--warning' : 'usa-alert--info'} usa-alert--slim margin-top-4`}>
        <div className="usa-alert__body">
          <h2 className="usa-alert__heading font-sans-md" id="mmp-answer">
            Do I need a manure management plan? {requirement.required ? 'MMP required' : 'MMP not required'}
          </h2>
          <p className="usa-alert__text" role="status">
            {requirement.reason} ({requirement.citation})
          </p>
        </div>
      </div>
      {offered ? (
        <fieldset className="usa-fieldset margin-top-3">
          <legend className="usa-legend">Small animal feeding operation (SAFO) election</legend>
          <Checkbox
            label="Treat this operation as a SAFO for annual updates and compliance fees"
            hint={`${safo.reason} (${safo.citation})`}
            error={errors.safoElect?.message}
            {...register('safoElect')}
          />
          {elect ? (
            <TextField
              label="Most animal units housed at one time"
              hint={`The election ends automatically once more than ${safoMax.value} animal units are housed at one time (${safoMax.citation}).`}
              inputMode="decimal"
              width="sm"
              error={errors.peakAnimalUnitsHoused?.message}
              {...register('peakAnimalUnitsHoused')}
            />
          ) : null}
          {elect ? (
            <DateField
              label="Day that many were housed"
              hint="If it was more than the limit, the election ends on that day, not the day you save this."
              error={errors.peakHousedOn?.message}
              {...register('peakHousedOn')}
            />
          ) : null}
          {electionInForce && (!safo.eligible || safo.terminated) ? (
            <p className="usa-alert__text text-bold" role="status">Saving will end the election: {safo.reason}</p>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}
