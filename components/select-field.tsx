import { useId, type ComponentPropsWithRef } from 'react';
import { FormGroup, fieldAria } from './form-group';
import type { FieldBase } from './text-field';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = FieldBase &
  Omit<ComponentPropsWithRef<'select'>, 'required' | 'children'> & {
    options: SelectOption[];
    /** Text of an empty first option; pass null to leave it out. Default '- Select -'. */
    placeholder?: string | null;
  };

export function SelectField({
  label,
  hint,
  error,
  required,
  groupClassName,
  options,
  placeholder = '- Select -',
  id,
  className,
  ...select
}: SelectFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const classes = ['usa-select', error && 'usa-input--error', className].filter(Boolean).join(' ');
  return (
    <FormGroup inputId={inputId} label={label} hint={hint} error={error} required={required} className={groupClassName}>
      <select
        {...select}
        id={inputId}
        className={classes}
        aria-required={required || undefined}
        {...fieldAria(inputId, { hint, error, describedBy: select['aria-describedby'] })}
      >
        {placeholder !== null ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FormGroup>
  );
}
