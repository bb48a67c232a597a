import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { AlertIcon } from '../icons';

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
  const generated = useId();
  const selectId = id ?? `${name}-${generated}`;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field-label" htmlFor={selectId}>
        {label}
      </label>
      <select
        {...select}
        id={selectId}
        name={name}
        className="select"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {children ??
          options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
      </select>
      {hint && !error ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          <AlertIcon size={16} />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
