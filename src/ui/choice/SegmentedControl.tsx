import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './segmented-control.css';

export interface SegmentedOption<T extends string> {
  value: T;
  /** What the option shows; also its accessible name. */
  label: ReactNode;
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * One choice among a few, shown as a row of segments (tiles or list, day or week, a status, a
 * period). A radio group: one tab stop, the arrows move and choose (wrapping round), Home and End
 * go to the first and last; a click chooses too. `small` is the denser size of the view switches.
 */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
  small = false,
}: {
  label: string;
  options: ReadonlyArray<SegmentedOption<T>>;
  value: T;
  onChange: (value: T) => void;
  small?: boolean;
}) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const current = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );

  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    buttons.current[index]?.focus();
    if (option.value !== value) onChange(option.value);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step = STEP[event.key];
    const last = options.length - 1;
    const target = step ? (current + step + options.length) % options.length : event.key === 'Home' ? 0 : event.key === 'End' ? last : -1;
    if (target < 0) return;
    event.preventDefault();
    choose(target);
  };

  return (
    <div className={small ? 'segmented segmented-small' : 'segmented'} role="radiogroup" aria-label={label} onKeyDown={onKeyDown}>
      {options.map((option, index) => (
        <button
          key={option.value}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="radio"
          className="segmented-option"
          aria-checked={option.value === value}
          tabIndex={index === current ? 0 : -1}
          onClick={() => choose(index)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
