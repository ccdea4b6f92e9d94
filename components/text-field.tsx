import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { FormGroup, fieldAria } from './form-group';

type Width = '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';

type FieldBase = {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Shows the marker and sets aria-required; the zod schema does the validating. */
  required?: boolean;
  groupClassName?: string;
};

export type TextFieldProps = FieldBase &
  Omit<ComponentPropsWithRef<'input'>, 'required'> & { width?: Width };

/** Text input. Spread react-hook-form's register(): `<TextField label="Name" {...register('name')} />`. */
export function TextField({ label, hint, error, required, groupClassName, width, id, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const classes = ['usa-input', width && `usa-input--${width}`, error && 'usa-input--error', className]
    .filter(Boolean)
    .join(' ');
  return (
    <FormGroup inputId={inputId} label={label} hint={hint} error={error} required={required} className={groupClassName}>
      <input
        type="text"
        {...input}
        id={inputId}
        className={classes}
        aria-required={required || undefined}
        {...fieldAria(inputId, { hint, error, describedBy: input['aria-describedby'] })}
      />
    </FormGroup>
  );
}

export type TextareaFieldProps = FieldBase & Omit<ComponentPropsWithRef<'textarea'>, 'required'>;

export function TextareaField({ label, hint, error, required, groupClassName, id, className, ...textarea }: TextareaFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const classes = ['usa-textarea', error && 'usa-input--error', className].filter(Boolean).join(' ');
  return (
    <FormGroup inputId={inputId} label={label} hint={hint} error={error} required={required} className={groupClassName}>
      <textarea
        {...textarea}
        id={inputId}
        className={classes}
        aria-required={required || undefined}
        {...fieldAria(inputId, { hint, error, describedBy: textarea['aria-describedby'] })}
      />
    </FormGroup>
  );
}

export type { FieldBase };
