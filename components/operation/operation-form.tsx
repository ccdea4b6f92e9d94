'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { applyActionResult } from '@/components/forms/apply-result';
import { SelectField } from '@/components/select-field';
import type { ActionResult } from '@/lib/errors';
import { animalUnitBreakdown, safoFor } from '@/lib/operations/facts';
import { operationSchema, PERMIT_LABELS, PERMIT_STATUSES } from '@/lib/validation/operations';
import { clientRegistrationSchema } from '@/lib/validation/registrations';
import { TextField } from '@/components/text-field';
import type { OperationFormValues } from './form-types';
import { IdentityFields } from './identity-fields';
import { InventoryFields } from './inventory-fields';
import { LegalAnswers } from './legal-answers';
import { StorageFields } from './storage-fields';

type Option = { value: string; label: string };

type Props = {
  defaults: OperationFormValues;
  counties: Option[];
  contractors: Option[];
  submitLabel: string;
  electionInForce?: boolean;
  /** Saves the values; on success returns the operation's id. */
  save: (values: unknown) => Promise<ActionResult<{ id: string }>>;
  /** A preparer registering for a client: the owner's name and email come first. */
  forClient?: boolean;
  /** Where to go once saved (default: the operation's page). */
  doneHref?: string;
};

/** Register or edit an operation. One zod schema checks it here and again on the server. */
export function OperationForm({ defaults, counties, contractors, submitLabel, electionInForce = false, save, forClient = false, doneHref }: Props) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, setValue, formState } = useForm<OperationFormValues>({
    resolver: formResolver(forClient ? clientRegistrationSchema : operationSchema),
    defaultValues: defaults,
  });
  const contract = useWatch({ control, name: 'contractProducer' });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    // An election the operation can no longer make is dropped rather than refused (the box is hidden).
    const au = animalUnitBreakdown(values.inventory).total;
    const safo = safoFor(au, null);
    const payload = { ...values, safoElect: values.safoElect && (safo.eligible || electionInForce) };
    if (!payload.safoElect) setValue('safoElect', false);
    let result: ActionResult<{ id: string }>;
    try {
      result = await save(payload);
    } catch {
      setMessage('We could not reach the portal. Check your connection and try again; what you typed is still here.');
      return;
    }
    if (result.ok) {
      router.push(doneHref ?? `/operations/${result.data.id}`);
      router.refresh();
      return;
    }
    setMessage(applyActionResult(result, setError));
  });

  return (
    <form className="usa-form usa-form--large maxw-none" onSubmit={onSubmit} noValidate>
      {message ? (
        <Alert type="error" heading="Please check the form" role="alert">
          {message}
        </Alert>
      ) : null}
      {forClient ? (
        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">The owner</legend>
          <p className="usa-hint">We email the owner a link to accept the registration. Until they accept, only you see the operation.</p>
          <TextField label="Owner’s name" required autoComplete="off" error={errors.clientName?.message} {...register('clientName')} />
          <TextField label="Owner’s email address" type="email" required autoComplete="off" hint="The owner signs in with, or creates, an owner account that uses this address to accept." error={errors.clientEmail?.message} {...register('clientEmail')} />
        </fieldset>
      ) : null}
      <IdentityFields register={register} setValue={setValue} errors={errors} counties={counties} />
      <fieldset className="usa-fieldset margin-top-4">
        <legend className="usa-legend usa-legend--large">Construction</legend>
        <SelectField
          label="Construction permit"
          required
          hint="An unformed (earthen) structure, or 1,000 animal units or more with formed storage, needs a permit."
          options={PERMIT_STATUSES.map((s) => ({ value: s, label: PERMIT_LABELS[s] }))}
          error={errors.constructionPermitStatus?.message}
          {...register('constructionPermitStatus')}
        />
      </fieldset>
      <InventoryFields control={control} register={register} errors={errors} />
      <LegalAnswers control={control} register={register} errors={errors} electionInForce={electionInForce} />
      <StorageFields control={control} register={register} errors={errors} />
      <fieldset className="usa-fieldset margin-top-4">
        <legend className="usa-legend usa-legend--large">Contract and research</legend>
        <Checkbox
          label="I am a contract producer (Iowa Code ch. 202)"
          hint="An active contractor owns the animals you raise; the contractor pays the annual compliance fee."
          error={errors.contractProducer?.message}
          {...register('contractProducer')}
        />
        {contract ? (
          <SelectField
            label="Active contractor"
            required
            options={contractors}
            error={errors.activeContractorId?.message}
            {...register('activeContractorId')}
          />
        ) : null}
        <Checkbox
          label="A research college runs this operation for research"
          hint={'A research college is exempt from MMP requirements for its research activities (IAC 567-65.110(1)"e"(1)).'}
          {...register('researchCollege')}
        />
      </fieldset>
      <Button type="submit" className="margin-top-4" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
