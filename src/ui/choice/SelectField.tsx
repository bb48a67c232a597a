import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field } from '../form/Field';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  /** The options as data; or pass <option> elements as children. */
  options?: Array<{ value: string; label: string }>;
  children?: ReactNode;
}

/** A labelled select whose error is announced and tied to it with aria-describedby. */
export function SelectField({ label, name, value, onValueChange, options, error, hint, id, children, ...select }: SelectFieldProps) {
  return (
    <Field label={label} name={name} id={id} error={error} hint={hint}>
      {(control) => (
        <select {...select} {...control} name={name} className="select" value={value} onChange={(event) => onValueChange(event.target.value)}>
          {children ??
            options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
        </select>
      )}
    </Field>
  );
}
