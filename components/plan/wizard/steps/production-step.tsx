'use client';

import { useWatch } from 'react-hook-form';
import { TextField } from '@/components/text-field';
import { NUTRIENT_SOURCE_LABELS, NUTRIENT_SOURCES, NUTRIENT_UNIT_LABELS, NUTRIENT_UNITS, productionStep } from '@/lib/validation/plans';
import { RadioGroup } from '../../radio-group';
import type { StepProps } from '../types';
import { useStepForm } from '../use-step-form';

type Values = Record<'annualAnimalProduction' | 'manureAmount' | 'totalNitrogenPerUnit' | 'availableNitrogenPerUnit' | 'p2o5PerUnit', string | number> & {
  nutrientUnit: string;
  nutrientSource: string;
  manureAmountBasis?: string;
};

/** IAC 567-65.111: annual animal production, manure volume or weight, and its nutrient content. */
export function ProductionStep({ defaults, onChange, handle }: StepProps) {
  const form = useStepForm<Values>(productionStep, defaults as Values, onChange as (v: Values) => void, handle);
  const { register, control, formState } = form;
  const unit = useWatch({ control, name: 'nutrientUnit' });
  const per = unit === 'tons' ? 'lb per ton' : 'lb per 1,000 gallons';
  const e = formState.errors;
  return (
    <>
      <TextField label="Animals produced in a year" hint="For example, finished hogs marketed or calves raised each year." inputMode="numeric" width="md" required error={e.annualAnimalProduction?.message} {...register('annualAnimalProduction')} />
      <RadioGroup
        legend="Kind of manure"
        required
        options={NUTRIENT_UNITS.map((u) => ({ value: u, label: u === 'tons' ? 'Solid or dry manure' : 'Liquid manure', hint: NUTRIENT_UNIT_LABELS[u] }))}
        error={e.nutrientUnit?.message}
        {...register('nutrientUnit')}
      />
      <TextField
        label={unit === 'tons' ? 'Manure produced in a year (tons)' : 'Manure produced in a year (gallons)'}
        inputMode="decimal"
        width="lg"
        required
        error={e.manureAmount?.message}
        {...register('manureAmount')}
      />
      <TextField
        label="How the amount was worked out"
        hint="For example “pumping records, 2024 and 2025” or “2,480 head x 1,200 gallons a head”."
        error={e.manureAmountBasis?.message}
        {...register('manureAmountBasis')}
      />
      <RadioGroup
        legend="Where the nutrient content comes from"
        required
        options={NUTRIENT_SOURCES.map((s) => ({ value: s, label: NUTRIENT_SOURCE_LABELS[s], hint: s === 'sample' ? 'Keep the lab results with your records.' : undefined }))}
        error={e.nutrientSource?.message}
        {...register('nutrientSource')}
      />
      <fieldset className="usa-fieldset">
        <legend className="usa-legend">Nutrient content ({per})</legend>
        <TextField label={`Total nitrogen (${per})`} inputMode="decimal" width="sm" required error={e.totalNitrogenPerUnit?.message} {...register('totalNitrogenPerUnit')} />
        <TextField label={`First-year available nitrogen (${per})`} inputMode="decimal" width="sm" required error={e.availableNitrogenPerUnit?.message} {...register('availableNitrogenPerUnit')} />
        <TextField label={`Phosphate, P2O5 (${per})`} inputMode="decimal" width="sm" required error={e.p2o5PerUnit?.message} {...register('p2o5PerUnit')} />
      </fieldset>
    </>
  );
}
