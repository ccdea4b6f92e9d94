'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useEffect, type RefObject } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/** What the wizard asks of the step on screen: check it (showing errors) before moving on. */
export type StepHandle = { validate: () => Promise<boolean> };

/**
 * One step of the plan form: react-hook-form with the step's zod schema (the same schema the server
 * applies on submission). Every change is reported so the wizard can autosave it as typed.
 */
export function useStepForm<T extends FieldValues>(
  schema: z.ZodType,
  defaults: DefaultValues<T>,
  onChange: (values: T) => void,
  handleRef: RefObject<StepHandle | null>,
) {
  const form = useForm<T>({ resolver: formResolver(schema), defaultValues: defaults, mode: 'onSubmit', reValidateMode: 'onChange' });
  useEffect(() => {
    return form.subscribe({ formState: { values: true }, callback: ({ values }) => onChange(values as T) });
  }, [form, onChange]);
  useEffect(() => {
    handleRef.current = {
      // Validated as a submit, so fields re-check as they change afterwards; a new blank row added
      // before the first attempt is not flagged (react-hook-form validates arrays on change only then).
      validate: () =>
        new Promise<boolean>((resolve) => {
          void form.handleSubmit(
            () => resolve(true),
            () => resolve(false),
          )();
        }),
    };
    return () => {
      handleRef.current = null;
    };
  }, [form, handleRef]);
  return form;
}
