import { useRef } from 'react';
import { useTypedBeforeHydration } from '../../lib/hydrated';

interface CheckboxProps {
  label: string;
  name: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export function Checkbox({ label, name, checked, onCheckedChange }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(ref, checked, (element) => element.checked, onCheckedChange);
  return (
    <label className="checkbox">
      <input
        ref={ref}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
