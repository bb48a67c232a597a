import { useRef, type InputHTMLAttributes } from 'react';
import { useTypedBeforeHydration } from '../../lib/hydrated';
import { Field } from './Field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export function TextField({ label, name, value, onValueChange, error, hint, id, ...input }: TextFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(ref, value, (element) => element.value, onValueChange);
  return (
    <Field label={label} name={name} id={id} error={error} hint={hint}>
      {(control) => (
        <input ref={ref} {...input} {...control} name={name} className="input" value={value} onChange={(event) => onValueChange(event.target.value)} />
      )}
    </Field>
  );
}
