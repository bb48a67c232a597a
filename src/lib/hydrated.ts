import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';

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

/**
 * Enter pressed in a prerendered form before React took it over: the button was disabled, so the
 * browser submitted nothing, and the page's start script (server/http/prerendered.ts
 * `START_AFTER_PAINT`) noted the form's index as the script's `data-submit`. Once hydrated, the
 * form's submit button takes the note and submits its form, typed values and all (use-form adopts
 * them), as the Enter would have; it also marks the script `data-taken`, so nothing more is noted.
 * A page rendered in the browser alone has no such script and nothing happens.
 */
export function useSubmitPressedBeforeHydration(button: RefObject<HTMLButtonElement | null>, hydrated: boolean): void {
  useEffect(() => {
    if (!hydrated) return;
    const script = document.querySelector<HTMLScriptElement>('script[data-entry]');
    if (!script) return;
    script.dataset.taken = '';
    const form = button.current?.form;
    const noted = script.dataset.submit;
    if (noted === undefined || !form || document.forms[Number(noted)] !== form) return;
    delete script.dataset.submit;
    form.requestSubmit();
  }, [button, hydrated]);
}
