import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { formMachine } from '../../machines/form/form.machine';
import {
  selectData,
  selectErrors,
  selectFieldError,
  selectIsBusy,
  selectMessage,
  selectProgress,
  selectRecentlySuccessful,
} from '../../machines/form/form.selectors';
import { fieldErrorText } from './field-errors';
import type { UploadProgress } from './http';

type FormData = Record<string, unknown>;

/**
 * What the fields hold that the form never heard of: typed into a prerendered page before React
 * took it over (hydration keeps the text but tells no one), or filled by a browser that fired no
 * event. Each such field's value is sent as a change before the submit.
 */
function adoptUnseenInput(form: HTMLFormElement, actor: { getSnapshot(): { context: { data: FormData } }; send(event: { type: 'form.change'; field: string; value: unknown }): void }) {
  const data = actor.getSnapshot().context.data;
  for (const [field, value] of Object.entries(data)) {
    const element = form.elements.namedItem(field);
    if (!(element instanceof HTMLInputElement) && !(element instanceof HTMLTextAreaElement)) continue;
    if (element.type === 'file') continue;
    if (typeof value === 'boolean' && element instanceof HTMLInputElement && element.type === 'checkbox') {
      if (element.checked !== value) actor.send({ type: 'form.change', field, value: element.checked });
    } else if (typeof value === 'string' && element.value !== value) {
      actor.send({ type: 'form.change', field, value: element.value });
    }
  }
}

/**
 * A screen's form on the seed's form machine: busy while submitting, field errors from the
 * server cleared on keydown, recentlySuccessful for 2 s, and the typed data kept on failure.
 */
export function useForm<TData extends FormData>(
  initial: TData,
  /** `progress` may be passed to an upload, which then fills the form's progress (total, loaded, percentage). */
  submit: (data: TData, progress: (progress: UploadProgress) => void) => Promise<unknown>,
  onSuccess?: (output: unknown, data: TData) => void,
) {
  const { i18n } = useLingui();
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;

  const actorRef = useRef<{ send(event: { type: 'form.progress'; loaded: number; total: number }): void } | null>(null);
  const actor = useActorRef(
    formMachine.provide({
      actors: {
        submit: fromPromise(({ input }: { input: { data: FormData } }) =>
          submitRef.current(input.data as TData, (progress) => actorRef.current?.send({ type: 'form.progress', ...progress })),
        ),
      },
    }),
    { input: { data: initial } },
  );
  actorRef.current = actor;

  useEffect(() => {
    const subscription = actor.on('form.succeeded', (event) => {
      onSuccessRef.current?.(event.output, actor.getSnapshot().context.data as TData);
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  const data = useSelector(actor, selectData) as TData;
  const busy = useSelector(actor, selectIsBusy);
  const errors = useSelector(actor, selectErrors);
  const message = useSelector(actor, selectMessage);
  const recentlySuccessful = useSelector(actor, selectRecentlySuccessful);
  const progress = useSelector(actor, selectProgress);

  return {
    actor,
    data,
    busy,
    errors,
    message,
    recentlySuccessful,
    progress,
    error: (field: keyof TData & string) => selectFieldError(actor.getSnapshot(), field),
    set: <K extends keyof TData & string>(field: K, value: TData[K]) =>
      actor.send({ type: 'form.change', field, value }),
    /** Props for a field: value, change and the seed's clear-on-keydown. */
    field: (name: keyof TData & string) => ({
      name,
      value: String(data[name] ?? ''),
      onValueChange: (value: string) => actor.send({ type: 'form.change', field: name, value }),
      onKeyDown: () => actor.send({ type: 'form.keydown', field: name }),
      error: errors[name]?.[0] === undefined ? undefined : fieldErrorText(i18n, errors[name][0], name),
    }),
    onSubmit: (event: { preventDefault(): void; currentTarget?: unknown }) => {
      event.preventDefault();
      if (event.currentTarget instanceof HTMLFormElement) adoptUnseenInput(event.currentTarget, actor);
      actor.send({ type: 'form.submit' });
    },
  };
}
