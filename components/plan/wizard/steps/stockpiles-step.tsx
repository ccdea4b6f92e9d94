'use client';

import { useFieldArray, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { TextareaField, TextField } from '@/components/text-field';
import { newRowKey } from '@/lib/plans/document/ids';
import { checkStockpile } from '@/lib/rules';
import { toNumber } from '@/lib/validation/operations';
import { DISTANCE_LABELS, STOCKPILE_DISTANCES, stockpilesStep, type StockpileDistance } from '@/lib/validation/plan-stockpiles';
import type { StepProps } from '../types';
import { useStepForm } from '../use-step-form';

type Pile = {
  key: string; name: string; distances: Partial<Record<StockpileDistance, string | number>>; tileInletDischargesToWater: boolean;
  runoffCannotReachTileInlet: boolean; runoffCannotReachDesignatedArea: boolean; inGrassedWaterway: boolean; slopePercent: string | number;
  runoffContainmentPractices: boolean; practicesDescription: string;
};
type Values = { stockpiles: Pile[]; soilLossPractices: string };

const num = (v: unknown) => {
  const n = toNumber(v);
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** Iowa Code 459.311B, checked as the owner types: each violation explained with its subsection. */
function violationsOf(p: Pile | undefined) {
  if (!p) return [];
  const distancesFt = Object.fromEntries(STOCKPILE_DISTANCES.map((k) => [k, num(p.distances?.[k])]).filter(([, v]) => v !== undefined));
  return checkStockpile({
    distancesFt,
    tileInletDischargesToWater: p.tileInletDischargesToWater !== false,
    runoffCannotReachTileInlet: Boolean(p.runoffCannotReachTileInlet),
    runoffCannotReachDesignatedArea: Boolean(p.runoffCannotReachDesignatedArea),
    inGrassedWaterway: Boolean(p.inGrassedWaterway),
    slopePercent: num(p.slopePercent),
    runoffContainmentPractices: Boolean(p.runoffContainmentPractices),
  }).violations;
}

export function StockpilesStep({ defaults, onChange, handle }: StepProps) {
  const form = useStepForm<Values>(stockpilesStep, defaults as Values, onChange as (v: Values) => void, handle);
  const { register, control, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'stockpiles', keyName: 'rhfId' });
  const live = useWatch({ control, name: 'stockpiles' }) ?? [];
  const e = formState.errors;
  return (
    <>
      <p>If you stockpile dry manure, list each site and its distance in feet, measured between closest points, to each feature. Leave a distance blank when there is no such feature within a quarter mile.</p>
      {fields.map((f, i) => {
        const violations = violationsOf(live[i]);
        return (
          <fieldset key={f.rhfId} className="usa-fieldset border-1px border-base-lighter padding-2 margin-top-2 radius-md">
            <legend className="usa-legend text-bold">Stockpile site {i + 1}</legend>
            <TextField label="Site name" required error={e.stockpiles?.[i]?.name?.message} {...register(`stockpiles.${i}.name`)} />
            {STOCKPILE_DISTANCES.map((k) => (
              <TextField key={k} label={`Distance to ${DISTANCE_LABELS[k].toLowerCase()} (feet)`} inputMode="decimal" width="sm" error={e.stockpiles?.[i]?.distances?.[k]?.message} {...register(`stockpiles.${i}.distances.${k}`)} />
            ))}
            <Checkbox label="Runoff from the stockpile cannot drain to the tile inlet" {...register(`stockpiles.${i}.runoffCannotReachTileInlet`)} />
            <Checkbox label="Runoff cannot drain to the designated area, water resource, drainage well or sinkhole" {...register(`stockpiles.${i}.runoffCannotReachDesignatedArea`)} />
            <Checkbox label="The site is in a grassed waterway" {...register(`stockpiles.${i}.inGrassedWaterway`)} />
            <TextField label="Slope of the site (percent)" inputMode="decimal" width="sm" error={e.stockpiles?.[i]?.slopePercent?.message} {...register(`stockpiles.${i}.slopePercent`)} />
            <Checkbox label="Silt fences, berms or other measures contain the stockpile and its runoff" {...register(`stockpiles.${i}.runoffContainmentPractices`)} />
            <TextareaField label="Practices at this site (optional)" error={e.stockpiles?.[i]?.practicesDescription?.message} {...register(`stockpiles.${i}.practicesDescription`)} />
            <div aria-live="polite">
              {violations.length ? (
                <Alert type="error" slim heading={`This site breaks ${violations.length === 1 ? 'a rule' : `${violations.length} rules`} of Iowa Code 459.311B`} headingLevel={3}>
                  <ul className="usa-list">
                    {violations.map((v) => (
                      <li key={v.code + (v.requiredFt ?? '') + (v.actualFt ?? '')}>{v.message} ({v.citation})</li>
                    ))}
                  </ul>
                </Alert>
              ) : live[i]?.name ? (
                <p>This site meets the separation rules of Iowa Code 459.311B as entered.</p>
              ) : null}
            </div>
            <Button variant="unstyled" onClick={() => remove(i)}>
              Remove stockpile site {i + 1}
            </Button>
          </fieldset>
        );
      })}
      <Button
        variant="outline"
        className="margin-top-2"
        onClick={() => append({ key: newRowKey(), name: '', distances: {}, tileInletDischargesToWater: true, runoffCannotReachTileInlet: false, runoffCannotReachDesignatedArea: false, inGrassedWaterway: false, slopePercent: '', runoffContainmentPractices: false, practicesDescription: '' })}
      >
        Add a stockpile site
      </Button>
      <TextareaField
        label="Soil loss and surface water practices"
        hint="How you keep soil and manure out of streams: no-till, terraces, grassed waterways, setbacks, buffers…"
        required
        groupClassName="margin-top-4"
        error={e.soilLossPractices?.message}
        {...register('soilLossPractices')}
      />
    </>
  );
}
