'use client';

import { useActionState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';

type Props = {
  operationId: string;
  kind: 'original' | 'annual_update';
  label: string;
  action: (previous: string | null, form: FormData) => Promise<string | null>;
  variant?: 'primary' | 'outline';
};

/** A button that starts (or resumes) a plan; says so while it works and shows why if it cannot. */
export function StartPlanForm({ operationId, kind, label, action, variant = 'primary' }: Props) {
  const [error, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="margin-y-1">
      <input type="hidden" name="operationId" value={operationId} />
      <input type="hidden" name="kind" value={kind} />
      {error ? (
        <Alert type="error" slim role="alert">
          {error}
        </Alert>
      ) : null}
      <Button type="submit" variant={variant} disabled={pending}>
        {pending ? 'Opening the form…' : label}
      </Button>
    </form>
  );
}
