'use client';

import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { SelectField } from '@/components/select-field';
import type { ActionResult } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { ATTACHMENT_KIND_LABELS, formatBytes, type AttachmentKind } from '@/lib/plans/attachment-kinds';
import { earliestConstructionStart, isIsoDate, latestDesignStatementFiling, latestParameter } from '@/lib/rules';
import { attachmentsStep } from '@/lib/validation/plan-stockpiles';
import { FileUpload, type UploadedFile } from '../../file-upload';
import { RadioGroup } from '../../radio-group';
import type { StepProps } from '../types';
import { useStepForm } from '../use-step-form';

type Values = { constructionPlanned: string; constructionBeginsOn: string };

type Props = StepProps & {
  planId: string;
  today: string;
  designStatementApplies: boolean;
  needsMap: boolean;
  files: UploadedFile[];
  onUploaded: (file: UploadedFile) => void;
  onRemoved: (id: string) => void;
  remove: (input: unknown) => Promise<ActionResult>;
};

const OTHER_KINDS: AttachmentKind[] = ['soil_test', 'manure_analysis', 'other'];

/** Maps and forms as PDFs, and (IAC 567-65.110(2)) the construction design statement path. */
export function AttachmentsStep({ defaults, onChange, handle, planId, today, designStatementApplies, needsMap, files, onUploaded, onRemoved, remove }: Props) {
  const form = useStepForm<Values>(attachmentsStep({ today, designStatementApplies }), defaults as Values, onChange as (v: Values) => void, handle);
  const { register, control, formState } = form;
  const [planned, begins] = useWatch({ control, name: ['constructionPlanned', 'constructionBeginsOn'] });
  const [otherKind, setOtherKind] = useState<AttachmentKind>('other');
  const [removeError, setRemoveError] = useState<string | null>(null);
  const e = formState.errors;
  const designDays = latestParameter('days.design_statement_before_construction');
  return (
    <>
      {designStatementApplies ? (
        <section aria-labelledby="design-heading">
          <h3 id="design-heading">Construction design statement</h3>
          <p>
            An operation that needs no construction permit but must file an MMP files a construction design statement with this plan at least {designDays.value} days before
            construction of an animal feeding operation structure begins ({designDays.citation}), at a new site or as an expansion of an existing one (a new building or manure storage structure). The earliest start for a plan filed today is {formatDate(earliestConstructionStart(today))}.
            Counting back from the start is never extended by Iowa Code 4.1(34).
          </p>
          <RadioGroup
            legend="Has construction yet to begin?"
            required
            options={[
              { value: 'yes', label: 'Yes, construction has not begun' },
              { value: 'no', label: 'No, construction has already begun or no structure is being built' },
            ]}
            error={e.constructionPlanned?.message}
            {...register('constructionPlanned')}
          />
          {planned === 'yes' ? (
            <>
              <DateField label="Date construction will begin" required error={e.constructionBeginsOn?.message} {...register('constructionBeginsOn')} />
              {isIsoDate(begins) && latestDesignStatementFiling(begins) >= today ? (
                <p role="status">File by {formatDate(latestDesignStatementFiling(begins))} at the latest: {designDays.value} days before construction begins ({designDays.citation}).</p>
              ) : null}
              <FileUpload planId={planId} kind="design_statement" label="Construction design statement (DNR form 542-8068)" onUploaded={onUploaded} />
            </>
          ) : null}
        </section>
      ) : null}
      <h3>Maps</h3>
      <FileUpload
        planId={planId}
        kind="site_map"
        label="Map of the operation and the fields where manure is applied"
        hint={needsMap ? 'Required: a PDF of 20 MB or less showing the site and each field.' : 'A PDF of 20 MB or less.'}
        required={needsMap && !files.some((f) => f.kind === 'site_map')}
        onUploaded={onUploaded}
      />
      <h3>Other forms and documents (optional)</h3>
      <SelectField label="What the file is" value={otherKind} placeholder={null} onChange={(ev) => setOtherKind(ev.target.value as AttachmentKind)} options={OTHER_KINDS.map((k) => ({ value: k, label: ATTACHMENT_KIND_LABELS[k] }))} />
      <FileUpload planId={planId} kind={otherKind} label="File" onUploaded={onUploaded} />
      <h3>Uploaded so far</h3>
      {removeError ? <Alert type="error" slim role="alert">{removeError}</Alert> : null}
      {files.length ? (
        <ul className="usa-list">
          {files.map((f) => (
            <li key={f.id}>
              <a href={`/api/attachments/${f.id}`}>{f.filename}</a> ({ATTACHMENT_KIND_LABELS[f.kind]}, {formatBytes(f.sizeBytes)}){' '}
              <Button
                variant="unstyled"
                onClick={async () => {
                  setRemoveError(null);
                  const result = await remove({ planId, attachmentId: f.id }).catch(() => null);
                  if (result?.ok) onRemoved(f.id);
                  else setRemoveError(result?.message ?? 'We could not reach the portal. Try again.');
                }}
              >
                Remove {f.filename}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>No files yet.</p>
      )}
    </>
  );
}
