'use client';

import { useFieldArray } from 'react-hook-form';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { contactsStep } from '@/lib/validation/plans';
import type { StepProps } from '../types';
import { useStepForm } from '../use-step-form';

type Contact = { name: string; role: string; phone: string; email: string };
type Values = { contacts: Contact[] };

/** Who the department can reach about the plan: the owner, the operator, the manure applicator. */
export function ContactsStep({ defaults, onChange, handle }: StepProps) {
  const form = useStepForm<Values>(contactsStep, defaults as Values, onChange as (v: Values) => void, handle);
  const { register, control, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'contacts' });
  const e = formState.errors.contacts;
  return (
    <>
      <p>Owner and operation contacts (DNR form 542-4000, part 1).</p>
      {e?.root?.message || e?.message ? <p className="usa-error-message">{e?.root?.message ?? e?.message}</p> : null}
      {fields.map((f, i) => (
        <fieldset key={f.id} className="usa-fieldset border-1px border-base-lighter padding-2 margin-top-2 radius-md">
          <legend className="usa-legend text-bold">Contact {i + 1}</legend>
          <TextField label="Name" required autoComplete="name" error={e?.[i]?.name?.message} {...register(`contacts.${i}.name`)} />
          <TextField label="Role" hint="Owner, operator, manure applicator, plan preparer…" required error={e?.[i]?.role?.message} {...register(`contacts.${i}.role`)} />
          <TextField label="Phone" type="tel" autoComplete="tel" required width="md" error={e?.[i]?.phone?.message} {...register(`contacts.${i}.phone`)} />
          <TextField label="Email (optional)" type="email" autoComplete="email" error={e?.[i]?.email?.message} {...register(`contacts.${i}.email`)} />
          {fields.length > 1 ? (
            <Button variant="unstyled" onClick={() => remove(i)}>
              Remove contact {i + 1}
            </Button>
          ) : null}
        </fieldset>
      ))}
      <Button variant="outline" className="margin-top-2" onClick={() => append({ name: '', role: '', phone: '', email: '' })} disabled={fields.length >= 10}>
        Add a contact
      </Button>
    </>
  );
}
