'use client';

import { formResolver } from '@/components/forms/form-resolver';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { applyActionResult } from '@/components/forms/apply-result';
import { SelectField, type SelectOption } from '@/components/select-field';
import { StatusTag } from '@/components/status-tag';
import { formatDate } from '@/lib/format';
import { planKindLabel } from '@/lib/notifications/labels';
import { NEXT_ACTION_WORDS, type WorklistRow } from '@/lib/reviews/worklist-row';
import { assignReviewerSchema } from '@/lib/validation/review';
import { assignReviewerAction } from './actions';

type Values = { planIds: string[]; reviewerUserId: string };

function daysLeftCell(r: WorklistRow) {
  if (r.daysLeft === null) return null;
  if (r.daysLeft < 0) return <><StatusTag status="overdue" /> <strong>by {-r.daysLeft} day{r.daysLeft === -1 ? '' : 's'}</strong></>;
  if (r.daysLeft <= 7) return <strong>{r.daysLeft} day{r.daysLeft === 1 ? '' : 's'} left</strong>;
  return `${r.daysLeft} days left`;
}

export function WorklistTable({ rows, canAssign, reviewers }: { rows: WorklistRow[]; canAssign: boolean; reviewers: SelectOption[] }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<Values>({
    resolver: formResolver(assignReviewerSchema),
    defaultValues: { planIds: [], reviewerUserId: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await assignReviewerAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    reset({ planIds: [], reviewerUserId: values.reviewerUserId });
    setStatus({ ok: true, text: result.message ?? 'Assigned.' });
    router.refresh();
  });

  const columns: DataTableColumn<WorklistRow>[] = [
    ...(canAssign
      ? [{
          key: 'select',
          header: <span className="usa-sr-only">Select</span>,
          cell: (r: WorklistRow) => (
            <div className="usa-checkbox">
              <input className="usa-checkbox__input" type="checkbox" id={`select-${r.planId}`} value={r.planId} {...register('planIds')} />
              <label className="usa-checkbox__label margin-top-0" htmlFor={`select-${r.planId}`} style={{ minHeight: '1.25rem' }}>
                <span className="usa-sr-only">Select {r.operationName}</span>
              </label>
            </div>
          ),
        }]
      : []),
    {
      key: 'op',
      header: 'Operation',
      rowHeader: true,
      cell: (r) => <><Link href={`/review/plans/${r.planId}`}>{r.operationName}</Link><br /><span className="text-base-dark">{r.countyName} County · {r.fieldOffice}</span></>,
    },
    {
      key: 'kind',
      header: 'Plan',
      cell: (r) => <>{planKindLabel(r.kind, r.updateKind as never)}{r.channel === 'hard_copy' ? ' (hard copy)' : ''}<br /><StatusTag status={r.status} /></>,
    },
    { key: 'next', header: 'Next action', cell: (r) => NEXT_ACTION_WORDS[r.nextAction] },
    {
      key: 'due',
      header: 'Decision due',
      cell: (r) => (
        <>
          {r.effectiveDueOn ? formatDate(r.effectiveDueOn) : 'No clock running'}
          {r.day60 && r.day60 !== r.effectiveDueOn ? <span className="display-block text-base-dark font-sans-2xs">The last day, {formatDate(r.day60)}, is a Sunday: it runs to Monday (Iowa Code 4.1(34), general rule; reading unconfirmed)</span> : <br />}
          {daysLeftCell(r)}
          {r.receivedOn ? <span className="display-block text-base-dark font-sans-2xs">Received {formatDate(r.receivedOn)}</span> : null}
        </>
      ),
    },
    { key: 'reviewer', header: 'Reviewer', cell: (r) => r.reviewerName ?? 'Unassigned' },
  ];

  const table = (
    <DataTable<WorklistRow>
      caption="Plans waiting on the department, most urgent first"
      captionHidden
      stacked
      rows={rows}
      rowKey={(r) => r.planId}
      emptyMessage="No plans match these filters."
      columns={columns}
    />
  );
  if (!canAssign) return table;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Assign plans to a reviewer">
      {status ? <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>{status.text}</Alert> : null}
      {formState.errors.planIds?.message ? <p className="usa-error-message" id="planIds-error">{formState.errors.planIds.message}</p> : null}
      {table}
      <fieldset className="usa-fieldset margin-top-2">
        <legend className="usa-legend font-heading-sm">Assign the selected plans</legend>
        <SelectField label="Assign to" options={reviewers} placeholder="No one (unassigned)" error={formState.errors.reviewerUserId?.message} {...register('reviewerUserId')} />
        <Button type="submit" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Assigning…' : 'Assign selected plans'}</Button>
      </fieldset>
    </form>
  );
}
