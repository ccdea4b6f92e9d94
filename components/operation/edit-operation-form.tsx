'use client';

import type { ActionResult } from '@/lib/errors';
import type { OperationFormValues } from './form-types';
import { OperationForm } from './operation-form';

type Option = { value: string; label: string };

type Props = {
  operationId: string;
  lockToken: string;
  defaults: OperationFormValues;
  counties: Option[];
  contractors: Option[];
  electionInForce: boolean;
  action: (input: unknown) => Promise<ActionResult<{ id: string }>>;
};

/** The registration form, saving as an edit: the values plus the version the editor read. */
export function EditOperationForm({ operationId, lockToken, action, ...rest }: Props) {
  const save = async (values: unknown): Promise<ActionResult<{ id: string }>> => {
    const result = await action({ operationId, lockToken, values });
    if (result.ok || !result.fieldErrors) return result;
    // The action names fields under "values."; the form names them from its root.
    const fieldErrors = Object.fromEntries(Object.entries(result.fieldErrors).map(([k, v]) => [k.replace(/^values\./, ''), v]));
    return { ...result, fieldErrors };
  };
  return <OperationForm {...rest} submitLabel="Save changes" save={save} />;
}
