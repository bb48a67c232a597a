import { useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';

const never = () => () => {};

/**
 * False while React renders what a prerendered page already shows (at build time, and while
 * hydrating it), true from then on and on any page rendered in the browser alone. What needs the
 * browser or the app's handlers (a submit button, the passkey prompt) waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * A field of a prerendered form that was typed into before React took it over: React keeps the
 * text on hydrating but hears no change, and its next render would put the state's empty value
 * back. At mount (the hydration's commit, before any other render) the typed value becomes the
 * field's; on a page rendered in the browser alone the two are equal and nothing happens.
 */
export function useTypedBeforeHydration<T>(
  ref: RefObject<HTMLInputElement | null>,
  value: T,
  read: (input: HTMLInputElement) => T,
  adopt: (typed: T) => void,
): void {
  const first = useRef({ value, read, adopt });
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    const { value: initial, read: readInput, adopt: adoptTyped } = first.current;
    const typed = readInput(input);
    if (typed !== initial) adoptTyped(typed);
  }, [ref]);
}
