import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { FieldError } from './field-error';
import { fieldAria, fieldIds } from './form-group';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  label: ReactNode;
  /** Shown under the label, inside it, so it is read with the label. */
  hint?: ReactNode;
  error?: ReactNode;
  /** USWDS tile style (bordered, larger target). */
  tile?: boolean;
};

/** Single checkbox, e.g. a certification. Spread register(): `<Checkbox label="…" {...register('certify')} />`. */
export function Checkbox({ label, hint, error, tile, id, className, ...input }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const classes = ['usa-checkbox__input', tile && 'usa-checkbox__input--tile', className].filter(Boolean).join(' ');
  return (
    <div className={error ? 'usa-form-group usa-form-group--error' : undefined}>
      <FieldError id={fieldIds(inputId).errorId}>{error}</FieldError>
      <div className="usa-checkbox">
        <input
          {...input}
          type="checkbox"
          id={inputId}
          className={classes}
          {...fieldAria(inputId, { error, describedBy: input['aria-describedby'] })}
        />
        <label className="usa-checkbox__label" htmlFor={inputId}>
          {label}
          {hint ? <span className="usa-checkbox__label-description">{hint}</span> : null}
        </label>
      </div>
    </div>
  );
}
