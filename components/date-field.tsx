import { TextField, type TextFieldProps } from './text-field';

export type DateFieldProps = Omit<TextFieldProps, 'type' | 'width'>;

/** Native date input (value is yyyy-mm-dd), so no USWDS date-picker JS is needed. */
export function DateField(props: DateFieldProps) {
  return <TextField {...props} type="date" />;
}
