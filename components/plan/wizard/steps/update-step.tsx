'use client';

import { useWatch } from 'react-hook-form';
import { Checkbox } from '@/components/checkbox';
import { TextField } from '@/components/text-field';
import { formatMoney, formatNumber } from '@/lib/format';
import { feePreview } from '@/lib/plans/fees';
import { toNumber } from '@/lib/validation/operations';
import { UPDATE_KIND_CHOICES, UPDATE_KINDS, updateStep } from '@/lib/validation/plans';
import { RadioGroup } from '../../radio-group';
import type { StepProps } from '../types';
import { useStepForm } from '../use-step-form';

type Values = { updateKind: string; statedAnimalUnitCapacity: string | number; channel: string; noChangeConfirmed: boolean };

type Props = StepProps & { animalUnits: number; contractProducer: boolean; safoInForce: boolean; counties: string[] };

/** IAC 567-65.110(3)"b": which kind of update, the capacity it states, and how counties get it. */
export function UpdateStep({ defaults, onChange, handle, animalUnits, contractProducer, safoInForce, counties }: Props) {
  const form = useStepForm<Values>(updateStep, defaults as Values, onChange as (v: Values) => void, handle);
  const { register, control, formState } = form;
  const [kind, stated] = useWatch({ control, name: ['updateKind', 'statedAnimalUnitCapacity'] });
  const au = toNumber(stated);
  const fee = typeof au === 'number' && Number.isFinite(au) && au >= 0
    ? feePreview({ kind: 'annual_update', constructionPermitStatus: 'not_required', statedAnimalUnitCapacity: au, contractProducer, safoInForce })
    : null;
  const e = formState.errors;
  return (
    <>
      <RadioGroup
        legend="What are you filing?"
        hint={'An annual update is one of three things (IAC 567-65.110(3)“b”(3)).'}
        required
        tile
        options={UPDATE_KINDS.map((k) => ({ value: k, label: UPDATE_KIND_CHOICES[k].label, hint: UPDATE_KIND_CHOICES[k].hint }))}
        error={e.updateKind?.message}
        {...register('updateKind')}
      />
      {kind === 'no_change_statement' ? (
        <Checkbox
          label="I state that the manure management plan approved last year has not changed."
          error={e.noChangeConfirmed?.message}
          {...register('noChangeConfirmed')}
        />
      ) : null}
      <TextField
        label="Animal unit capacity stated in this update"
        hint={`Your registered animals come to ${formatNumber(animalUnits)} AU. The compliance fee is based on the figure you state (IAC 567-65.110(3)“c”).`}
        inputMode="decimal"
        width="md"
        required
        error={e.statedAnimalUnitCapacity?.message}
        {...register('statedAnimalUnitCapacity')}
      />
      {fee ? (
        <p className="text-bold" role="status">
          {fee.lines[0] ? `Annual compliance fee: ${formatMoney(fee.totalCents)}. ${fee.lines[0].explanation} (${fee.lines[0].citation})` : fee.note}
        </p>
      ) : null}
      <RadioGroup
        legend="How do the counties get their copy?"
        required
        tile
        options={[
          { value: 'electronic', label: 'Electronically', hint: `The department gives ${counties.join(' and ')} county boards access as soon as you submit (IAC 567-65.110(3)“b”(2)).` },
          { value: 'hard_copy', label: 'On paper (hard copy)', hint: 'You deliver a copy to each county board and record here who received it and when, with the signed receipt. The update is incomplete until every county is covered (IAC 567-65.110(3)“b”(1)).' },
        ]}
        error={e.channel?.message}
        {...register('channel')}
      />
    </>
  );
}
