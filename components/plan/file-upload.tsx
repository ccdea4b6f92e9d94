'use client';

import { useId, useRef, useState } from 'react';
import { FieldError } from '@/components/field-error';
import { RequiredMark } from '@/components/form-group';
import { formatBytes, MAX_ATTACHMENT_BYTES, type AttachmentKind } from '@/lib/plans/attachment-kinds';
import { isProblem, problemFieldErrors, type ProblemBody } from '@/lib/http/problem-body';

export type UploadedFile = { id: string; kind: AttachmentKind; filename: string; sizeBytes: number };

type Props = {
  planId: string;
  kind: AttachmentKind;
  label: string;
  hint?: string;
  required?: boolean;
  /** An error from the surrounding form (e.g. "Upload the signed agreement"). */
  error?: string;
  onUploaded: (file: UploadedFile) => void;
  /** Told when an upload starts and ends, so the surrounding form can wait for it. */
  onBusyChange?: (busy: boolean) => void;
};

/**
 * Uploads one PDF to /api/attachments with a progress message, which matters on a slow rural
 * connection. Checks size and type here for a quick answer; the server checks the bytes again.
 */
export function FileUpload({ planId, kind, label, hint, required, error, onUploaded, onBusyChange }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusyState] = useState(false);
  const setBusy = (value: boolean) => {
    setBusyState(value);
    onBusyChange?.(value);
  };
  const shown = problem ?? error;

  const upload = (file: File) => {
    setProblem(null);
    if (file.size > MAX_ATTACHMENT_BYTES) return setProblem(`The file is ${formatBytes(file.size)}; the limit is 20 MB. Scan at a lower resolution or split it.`);
    if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') return setProblem('Choose a PDF file.');
    const body = new FormData();
    body.set('planId', planId);
    body.set('kind', kind);
    body.set('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/attachments');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setStatus(`Uploading ${file.name}… ${Math.round((e.loaded / e.total) * 100)}%`);
    };
    xhr.onload = () => {
      setBusy(false);
      const res = xhr.response as { ok: boolean; data?: UploadedFile } | ProblemBody | null;
      if (xhr.status === 201 && res && 'data' in res && res.data) {
        setStatus(`Uploaded ${res.data.filename} (${formatBytes(res.data.sizeBytes)}).`);
        if (input.current) input.current.value = '';
        onUploaded(res.data);
        return;
      }
      setStatus(null);
      setProblem(isProblem(res) ? (problemFieldErrors(res).file?.[0] ?? res.detail) : 'The upload did not finish. Try again.');
    };
    xhr.onerror = () => {
      setBusy(false);
      setStatus(null);
      setProblem('The upload stopped: check your connection and choose the file again.');
    };
    setBusy(true);
    setStatus(`Uploading ${file.name}…`);
    xhr.send(body);
  };

  return (
    <div className={`usa-form-group${shown ? ' usa-form-group--error' : ''}`}>
      <label className={`usa-label${shown ? ' usa-label--error' : ''}`} htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <div className="usa-hint" id={`${id}-hint`}>
        {hint ?? 'A PDF of 20 MB or less.'}
      </div>
      <FieldError id={`${id}-error`}>{shown}</FieldError>
      <input
        ref={input}
        id={id}
        type="file"
        accept="application/pdf,.pdf"
        className="display-block margin-top-1 maxw-full"
        disabled={busy}
        aria-describedby={[`${id}-hint`, shown ? `${id}-error` : null].filter(Boolean).join(' ')}
        aria-invalid={shown ? true : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload(file);
        }}
      />
      <p role="status" className="margin-y-1">
        {status}
      </p>
    </div>
  );
}
