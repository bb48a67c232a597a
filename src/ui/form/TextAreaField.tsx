import type { TextareaHTMLAttributes } from 'react';
import { Field } from './Field';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled multi-line input, with its error and hint tied to it like TextField's. */
export function TextAreaField({ label, name, value, onValueChange, error, hint, id, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} name={name} id={id} error={error} hint={hint}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          name={name}
          className="input textarea"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}
