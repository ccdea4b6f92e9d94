import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { FieldError } from '@/components/field-error';
import { RequiredMark } from '@/components/form-group';

export type RadioOption = { value: string; label: ReactNode; hint?: ReactNode };

type RadioGroupProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'id'> & {
  legend: ReactNode;
  options: RadioOption[];
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** USWDS tile style: a larger target, good on a phone. */
  tile?: boolean;
  idPrefix?: string;
};

/** USWDS radio buttons in a fieldset. Spread register(): `<RadioGroup legend="…" options={…} {...register('kind')} />`. */
export function RadioGroup({ legend, options, hint, error, required, tile, idPrefix, className, ...input }: RadioGroupProps) {
  const auto = useId();
  const base = idPrefix ?? auto;
  const hintId = `${base}-hint`;
  const errorId = `${base}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={['usa-fieldset usa-form-group', error ? 'usa-form-group--error' : null, className].filter(Boolean).join(' ')} aria-describedby={describedBy}>
      <legend className={`usa-legend${error ? ' usa-label--error' : ''}`}>
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      {hint ? <div className="usa-hint" id={hintId}>{hint}</div> : null}
      <FieldError id={errorId}>{error}</FieldError>
      {options.map((o, i) => {
        const id = `${base}-${i}`;
        return (
          <div className="usa-radio" key={o.value}>
            <input {...input} className={`usa-radio__input${tile ? ' usa-radio__input--tile' : ''}`} type="radio" id={id} value={o.value} />
            <label className="usa-radio__label" htmlFor={id}>
              {o.label}
              {o.hint ? <span className="usa-checkbox__label-description">{o.hint}</span> : null}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
