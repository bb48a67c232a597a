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
  selectRecentlySuccessful,
} from '../../machines/form/form.selectors';

type FormData = Record<string, unknown>;

/**
 * A screen's form on the seed's form machine: busy while submitting, field errors from the
 * server cleared on keydown, recentlySuccessful for 2 s, and the typed data kept on failure.
 */
export function useForm<TData extends FormData>(
  initial: TData,
  submit: (data: TData) => Promise<unknown>,
  onSuccess?: (output: unknown, data: TData) => void,
) {
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;

  const actor = useActorRef(
    formMachine.provide({
      actors: {
        submit: fromPromise(({ input }: { input: { data: FormData } }) => submitRef.current(input.data as TData)),
      },
    }),
    { input: { data: initial } },
  );

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

  return {
    actor,
    data,
    busy,
    errors,
    message,
    recentlySuccessful,
    error: (field: keyof TData & string) => selectFieldError(actor.getSnapshot(), field),
    set: <K extends keyof TData & string>(field: K, value: TData[K]) =>
      actor.send({ type: 'form.change', field, value }),
    /** Props for a field: value, change and the seed's clear-on-keydown. */
    field: (name: keyof TData & string) => ({
      name,
      value: String(data[name] ?? ''),
      onValueChange: (value: string) => actor.send({ type: 'form.change', field: name, value }),
      onKeyDown: () => actor.send({ type: 'form.keydown', field: name }),
      error: errors[name]?.[0],
    }),
    onSubmit: (event: { preventDefault(): void }) => {
      event.preventDefault();
      actor.send({ type: 'form.submit' });
    },
  };
}
