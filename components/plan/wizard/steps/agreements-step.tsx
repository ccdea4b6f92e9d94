'use client';

import { useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { newRowKey } from '@/lib/plans/document/ids';
import { agreementsStep } from '@/lib/validation/plan-fields';
import { FileUpload, type UploadedFile } from '../../file-upload';
import { LandownerStatement, type RequestStatement } from '../../landowner-statement';
import type { StatementSummary } from '@/lib/plans/statement-check';
import { useState } from 'react';
import type { StepProps } from '../types';
import { useStepForm } from '../use-step-form';

type Agreement = { key: string; fieldKey: string; landownerName: string; acres: string | number; signedOn: string; attachmentId: string; statementId?: string; commercialNLbPerAcre?: string | number; commercialP2o5LbPerAcre?: string | number };
type Values = { agreements: Agreement[] };

type Props = StepProps & {
  planId: string;
  today: string;
  fields: { key: string; name: string; tenure: string; acres?: unknown }[];
  files: UploadedFile[];
  onUploaded: (file: UploadedFile) => void;
  statements: StatementSummary[];
  requestStatement: RequestStatement;
};

/** Iowa Code 459.312: a written agreement, signed and uploaded, for land the owner neither owns nor rents. */
export function AgreementsStep({ defaults, onChange, handle, planId, today, fields, files, onUploaded, statements: initialStatements, requestStatement }: Props) {
  const [statements, setStatements] = useState(initialStatements);
  const form = useStepForm<Values>(agreementsStep(today, fields), defaults as Values, onChange as (v: Values) => void, handle);
  const { register, control, formState, setValue } = form;
  const { fields: rows, append, remove } = useFieldArray({ control, name: 'agreements', keyName: 'rhfId' });
  const live = useWatch({ control, name: 'agreements' }) ?? [];
  const needing = fields.filter((f) => f.tenure === 'agreement');
  const e = formState.errors.agreements;
  return (
    <>
      {needing.length ? (
        <p>
          These fields are used under a written agreement with the landowner: <strong>{needing.map((f) => f.name || 'unnamed field').join(', ')}</strong>. Add each agreement and upload the signed copy.
        </p>
      ) : (
        <p>No field is marked as used under a written agreement, so none is needed. Add one here if you have it anyway.</p>
      )}
      {rows.map((r, i) => {
        const file = files.find((f) => f.id === live[i]?.attachmentId);
        // A statement of intent is asked only for land neither owned nor rented (Iowa Code 459.312).
        const field = fields.find((f) => f.key === live[i]?.fieldKey);
        const statementOffered = !field || field.tenure === 'agreement';
        return (
          <fieldset key={r.rhfId} className="usa-fieldset border-1px border-base-lighter padding-2 margin-top-2 radius-md">
            <legend className="usa-legend text-bold">Agreement {i + 1}</legend>
            <SelectField label="Field it covers" required options={fields.map((f) => ({ value: f.key, label: f.name || 'Unnamed field' }))} error={e?.[i]?.fieldKey?.message} {...register(`agreements.${i}.fieldKey`)} />
            <TextField label="Landowner’s name" required error={e?.[i]?.landownerName?.message} {...register(`agreements.${i}.landownerName`)} />
            <TextField label="Acres covered (optional)" inputMode="decimal" width="sm" error={e?.[i]?.acres?.message} {...register(`agreements.${i}.acres`)} />
            <DateField label="Date signed" required error={e?.[i]?.signedOn?.message} {...register(`agreements.${i}.signedOn`)} />
            <fieldset className="usa-fieldset margin-top-2">
              <legend className="usa-legend">Landowner’s planned commercial fertilizer on this field (statement of intent, DNR form 542-8167; lb per acre)</legend>
              <p className="usa-hint margin-top-05">The nitrogen counts against the field’s remaining need when the field states no commercial nitrogen of its own. Leave blank if none is planned or not known.</p>
              <TextField label="Commercial nitrogen (N)" inputMode="decimal" width="sm" error={e?.[i]?.commercialNLbPerAcre?.message} {...register(`agreements.${i}.commercialNLbPerAcre`)} />
              <TextField label="Commercial phosphate (P2O5)" inputMode="decimal" width="sm" error={e?.[i]?.commercialP2o5LbPerAcre?.message} {...register(`agreements.${i}.commercialP2o5LbPerAcre`)} />
            </fieldset>
            {file ? <p>Signed copy: <a href={`/api/attachments/${file.id}`}>{file.filename}</a></p> : null}
            <FileUpload
              planId={planId}
              kind="land_agreement"
              label={file ? 'Replace the signed agreement' : 'Signed agreement or statement of intent (PDF)'}
              required={!file && !live[i]?.statementId}
              error={e?.[i]?.attachmentId?.message}
              onUploaded={(f) => {
                onUploaded(f);
                setValue(`agreements.${i}.attachmentId`, f.id, { shouldValidate: true, shouldDirty: true });
              }}
            />
            {!file && !statementOffered ? (
              <p className="usa-hint">{field?.name || 'This field'} is marked as {field?.tenure === 'rented' ? 'rented' : 'owned'}: upload the signed agreement. A statement of intent by email is only for land the owner neither owns nor rents.</p>
            ) : null}
            {!file && statementOffered ? (
              <LandownerStatement
                planId={planId}
                row={live[i] ?? r}
                fieldName={fields.find((f) => f.key === live[i]?.fieldKey)?.name ?? ''}
                statements={statements}
                request={requestStatement}
                onRequested={(s) => {
                  setStatements((list) => [s, ...list]);
                  setValue(`agreements.${i}.statementId`, s.id, { shouldValidate: true, shouldDirty: true });
                }}
              />
            ) : null}
            <Button variant="unstyled" onClick={() => remove(i)}>
              Remove agreement {i + 1}
            </Button>
          </fieldset>
        );
      })}
      <Button variant="outline" className="margin-top-2" onClick={() => append({ key: newRowKey(), fieldKey: needing[rows.length]?.key ?? '', landownerName: '', acres: '', signedOn: '', attachmentId: '', commercialNLbPerAcre: '', commercialP2o5LbPerAcre: '' })}>
        Add an agreement
      </Button>
    </>
  );
}
