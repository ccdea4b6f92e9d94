'use client';

import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { DateField } from '@/components/date-field';
import { applyActionResult } from '@/components/forms/apply-result';
import { formResolver } from '@/components/forms/form-resolver';
import { SelectField } from '@/components/select-field';
import { TextareaField, TextField } from '@/components/text-field';
import type { ActionResult } from '@/lib/errors';
import { effluentSystemSchema, STRUCTURE_KIND_LABELS, structureSchema } from '@/lib/validation/structures';
import { ANIMAL_CATEGORY_LABELS } from '@/lib/rules/animal-categories';

// One structure of an operation (Iowa Code 459A.103): a point, an optional footprint, the three dates
// of (2) and abandonment under (6). Distances are never typed: the portal computes them.

export type StructureFormValues = {
  operationId: string;
  structureId: string;
  kind: string;
  name: string;
  latitude: string;
  longitude: string;
  footprint: string;
  excavationOn: string;
  formsInstalledOn: string;
  pipingInstalledOn: string;
  abandoned: boolean;
  abandonedOn: string;
  animalCategory: string;
  headAtCapacity: string;
};

type Props = {
  today: string;
  defaults: StructureFormValues;
  action: (input: unknown) => Promise<ActionResult<{ id: string }>>;
};

const KIND_OPTIONS = Object.entries(STRUCTURE_KIND_LABELS).map(([value, label]) => ({ value, label }));
const ANIMAL_OPTIONS = [{ value: '', label: 'Not given' }, ...Object.entries(ANIMAL_CATEGORY_LABELS).map(([value, label]) => ({ value, label }))];

export function StructureForm({ today, defaults, action }: Props) {
  const schema = useMemo(() => structureSchema(today), [today]);
  const { register, handleSubmit, setError, reset, formState, control } = useForm<StructureFormValues>({ resolver: formResolver(schema, { raw: true }), defaultValues: defaults });
  const kind = useWatch({ control, name: 'kind' });
  const [error, setErrorText] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const editing = Boolean(defaults.structureId);
  const prefix = defaults.structureId || 'new';

  const onSubmit = handleSubmit(async (values) => {
    setErrorText(null);
    setSaved(null);
    const r = await action(values).catch(() => null);
    if (!r) return setErrorText('We could not reach the portal. Nothing was saved; try again.');
    if (!r.ok) return setErrorText(applyActionResult(r, setError));
    setSaved(r.message ?? 'Saved.');
    if (!editing) reset(defaults);
  });
  const e = formState.errors;
  return (
    <form className="usa-form maxw-full" onSubmit={onSubmit} noValidate aria-label={editing ? `Edit ${defaults.name}` : 'Add a structure'}>
      {error ? <Alert type="error" role="alert" slim>{error}</Alert> : null}
      {saved ? <Alert type="success" role="status" slim>{saved}</Alert> : null}
      <input type="hidden" {...register('operationId')} />
      <input type="hidden" {...register('structureId')} />
      <SelectField id={`${prefix}-kind`} label="Kind of structure" required options={KIND_OPTIONS} error={e.kind?.message} {...register('kind')} />
      <TextField id={`${prefix}-name`} label="Name" hint="As you call it, for example “North lot”" required error={e.name?.message} {...register('name')} />
      <TextField id={`${prefix}-lat`} label="Latitude" hint="Decimal degrees, for example 43.1012" inputMode="decimal" width="md" required error={e.latitude?.message} {...register('latitude')} />
      <TextField id={`${prefix}-lon`} label="Longitude" hint="Decimal degrees, west is negative, for example -96.1604" inputMode="decimal" width="md" required error={e.longitude?.message} {...register('longitude')} />
      <TextareaField id={`${prefix}-footprint`} label="Footprint (optional)"
        hint="One corner per line as “latitude, longitude”, going round the outline, with the first corner again on the last line. Distances are then measured from the outline’s closest points."
        error={e.footprint?.message} {...register('footprint')} />
      <fieldset className="usa-fieldset margin-top-3">
        <legend className="usa-legend">When it was constructed (Iowa Code 459A.103(2))</legend>
        <p className="usa-hint">A structure is constructed on the earliest of these days. Leave blank what has not happened yet.</p>
        <DateField id={`${prefix}-excavation`} label="Excavation began" error={e.excavationOn?.message} {...register('excavationOn')} />
        <DateField id={`${prefix}-forms`} label="Concrete forms installed" error={e.formsInstalledOn?.message} {...register('formsInstalledOn')} />
        <DateField id={`${prefix}-piping`} label="Effluent piping installed" error={e.pipingInstalledOn?.message} {...register('pipingInstalledOn')} />
      </fieldset>
      {kind === 'confinement_building' ? (
        <fieldset className="usa-fieldset margin-top-3">
          <legend className="usa-legend">Animals in this building at capacity</legend>
          <p className="usa-hint">The open feedlot’s capacity leaves out the animals in its confinement buildings (Iowa Code 459A.103(3)“a”).</p>
          <SelectField id={`${prefix}-animals`} label="Kind of animals" options={ANIMAL_OPTIONS} error={e.animalCategory?.message} {...register('animalCategory')} />
          <TextField id={`${prefix}-head`} label="Head at capacity" inputMode="numeric" width="md" error={e.headAtCapacity?.message} {...register('headAtCapacity')} />
        </fieldset>
      ) : null}
      <Checkbox id={`${prefix}-abandoned`} label="Abandoned (Iowa Code 459A.103(6))"
        hint="Razed, removed, filled in with earth or converted so that it cannot be used without significant reconstruction. An abandoned structure is not counted."
        error={e.abandoned?.message} {...register('abandoned')} />
      <DateField id={`${prefix}-abandoned-on`} label="Abandoned on (optional)" error={e.abandonedOn?.message} {...register('abandonedOn')} />
      <Button type="submit" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Saving…' : editing ? 'Save this structure' : 'Add the structure'}</Button>
    </form>
  );
}

export function EffluentSystemForm({ operationId, label, action }: { operationId: string; label: string; action: (input: unknown) => Promise<ActionResult> }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  type Values = { operationId: string; effluentSystemLabel: string };
  const { register, handleSubmit, setError, formState } = useForm<Values>({ resolver: formResolver(effluentSystemSchema, { raw: true }), defaultValues: { operationId, effluentSystemLabel: label } });
  const onSubmit = handleSubmit(async (values) => {
    const r = await action(values).catch(() => null);
    if (!r) return setMessage({ ok: false, text: 'We could not reach the portal. Nothing was saved; try again.' });
    setMessage(r.ok ? { ok: true, text: r.message ?? 'Saved.' } : { ok: false, text: applyActionResult(r, setError) ?? r.message });
  });
  return (
    <form className="usa-form maxw-full" onSubmit={onSubmit} noValidate>
      {message ? <Alert type={message.ok ? 'success' : 'error'} role={message.ok ? 'status' : 'alert'} slim>{message.text}</Alert> : null}
      <input type="hidden" {...register('operationId')} />
      <TextField id={`effluent-${operationId}`} label="Effluent disposal area or system shared with another open feedlot (optional)"
        hint="Give it the same name on each feedlot that uses it, for example “Section 12 basin and fields”. Feedlots under common ownership or management that share one are one operation (Iowa Code 459A.103(1)“a”)."
        error={formState.errors.effluentSystemLabel?.message} {...register('effluentSystemLabel')} />
      <Button type="submit" variant="outline" disabled={formState.isSubmitting}>Save the shared system</Button>
    </form>
  );
}
