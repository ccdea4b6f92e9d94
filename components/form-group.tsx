import type { ReactNode } from 'react';
import { FieldError } from './field-error';

/** Ids of the hint and error elements for a control with id `id`. */
export function fieldIds(id: string) {
  return { hintId: `${id}-hint`, errorId: `${id}-error` };
}

/** aria-* props for a control: describedby points at whichever of hint/error is shown. */
export function fieldAria(id: string, opts: { hint?: ReactNode; error?: ReactNode; describedBy?: string }) {
  const { hintId, errorId } = fieldIds(id);
  const ids = [opts.hint ? hintId : null, opts.error ? errorId : null, opts.describedBy ?? null].filter(Boolean);
  return {
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
    'aria-invalid': opts.error ? (true as const) : undefined,
  };
}

export function RequiredMark() {
  return (
    <>
      {' '}
      <abbr title="required" className="usa-hint usa-hint--required">
        *
      </abbr>
    </>
  );
}

export type FormGroupProps = {
  /** id of the control this label is for. */
  inputId: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Error message (e.g. react-hook-form `errors.x?.message`); turns the group red. */
  error?: ReactNode;
  /** Shows the required marker. Validation itself is the form schema's job. */
  required?: boolean;
  children: ReactNode;
  className?: string;
};

/** Label + hint + error + control. The control must carry `fieldAria(inputId, …)`. */
export function FormGroup({ inputId, label, hint, error, required, children, className }: FormGroupProps) {
  const { hintId, errorId } = fieldIds(inputId);
  const classes = ['usa-form-group', error ? 'usa-form-group--error' : null, className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className={`usa-label${error ? ' usa-label--error' : ''}`} htmlFor={inputId}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint ? (
        <div className="usa-hint" id={hintId}>
          {hint}
        </div>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
      {children}
    </div>
  );
}
