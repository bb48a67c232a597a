import { assign, emit, fromPromise, setup } from 'xstate';
import { errorsFromResponse } from './form-errors';

/** How long `recentlySuccessful` stays true after a successful submit (seed, section 9). */
export const RECENTLY_SUCCESSFUL_MS = 2000;

export type FormValues = Record<string, unknown>;

/** Upload progress of the submit in flight (seed: progress total, loaded, percentage). */
export interface FormProgress {
  total: number;
  loaded: number;
  /** 0–100, rounded down. */
  percentage: number;
}

export interface FormInput<TData extends FormValues> {
  data: TData;
}

export interface FormContext<TData extends FormValues> {
  data: TData;
  /** What `form.reset` without data returns to: the input, or the data of the last reset. */
  initial: TData;
  errors: Record<string, string[]>;
  /** The generic error, set only when there are no field errors. */
  message: string | null;
  successful: boolean;
  recentlySuccessful: boolean;
  /** Set while a submit that reports progress (a file upload) is in flight; null otherwise. */
  progress: FormProgress | null;
}

export type FormEvent<TData extends FormValues> =
  | { type: 'form.change'; field: keyof TData & string; value: TData[keyof TData & string] }
  | { type: 'form.keydown'; field: string }
  | { type: 'form.submit' }
  | { type: 'form.reset'; data?: TData }
  | { type: 'form.setErrors'; errors: Record<string, string[]>; message?: string | null }
  | { type: 'form.progress'; loaded: number; total: number };

export type FormEmitted<TOutput = unknown> =
  | { type: 'form.succeeded'; output: TOutput }
  | { type: 'form.failed'; errors: Record<string, string[]>; message: string | null };

export const formEvents = {
  'form.change': 'a field changed: store its value (also while busy, so no keystroke is lost)',
  'form.keydown': "a key went down in a field: clear that field's errors",
  'form.submit': 'submit the current data (ignored while busy)',
  'form.reset': 'back to idle with the given data (or the initial data), errors cleared',
  'form.setErrors': 'show errors found on the client (or elsewhere); back to idle',
  'form.progress': 'the submit in flight reports bytes sent (busy only)',
} as const satisfies Record<FormEvent<FormValues>['type'], string>;

export const formEmitted = {
  'form.succeeded': 'the submit resolved; carries its output',
  'form.failed': 'the submit failed; carries the field errors and the generic message',
} as const satisfies Record<FormEmitted['type'], string>;

/**
 * A form machine typed for one form's data (and, optionally, what its submit resolves to);
 * `submit` is injected and called with `{ data }`.
 */
export function createFormMachine<TData extends FormValues, TOutput = unknown>() {
  return setup({
    types: {
      input: {} as FormInput<TData>,
      context: {} as FormContext<TData>,
      events: {} as FormEvent<TData>,
      emitted: {} as FormEmitted<TOutput>,
      tags: {} as 'busy',
    },
    actors: {
      submit: fromPromise<TOutput, { data: TData }>(async () => {
        throw new Error('submit not provided');
      }),
    },
    delays: {
      RECENTLY_SUCCESSFUL_MS,
    },
    actions: {
      change: assign({
        data: ({ context }, params: { field: string; value: unknown }) =>
          ({ ...context.data, [params.field]: params.value }) as TData,
      }),
      clearFieldErrors: assign({
        errors: ({ context }, params: { field: string }) => {
          if (!(params.field in context.errors)) return context.errors;
          const { [params.field]: _cleared, ...rest } = context.errors;
          return rest;
        },
      }),
      reset: assign(({ context }, params: { data: TData | undefined }) => ({
        data: params.data ?? context.initial,
        initial: params.data ?? context.initial,
        errors: {},
        message: null,
        successful: false,
        recentlySuccessful: false,
        progress: null,
      })),
      setErrors: assign((_, params: { errors: Record<string, string[]>; message: string | null }) => ({
        errors: params.errors,
        message: params.message,
        successful: false,
      })),
      startSubmit: assign({ successful: false, recentlySuccessful: false, progress: null }),
      succeed: assign({ errors: {}, message: null, successful: true, progress: null }),
      fail: assign((_, params: { error: unknown }) => ({ ...errorsFromResponse(params.error), successful: false, progress: null })),
      setProgress: assign({
        progress: (_, params: { loaded: number; total: number }) => {
          const total = Math.max(params.total, 0);
          const loaded = Math.min(Math.max(params.loaded, 0), total);
          return { total, loaded, percentage: total > 0 ? Math.floor((loaded / total) * 100) : 0 };
        },
      }),
      markRecent: assign({ recentlySuccessful: true }),
      clearRecent: assign({ recentlySuccessful: false }),
      emitSucceeded: emit((_, params: { output: TOutput }) => ({ type: 'form.succeeded' as const, output: params.output })),
      emitFailed: emit(({ context }) => ({
        type: 'form.failed' as const,
        errors: context.errors,
        message: context.message,
      })),
    },
  }).createMachine({
    id: 'form',
    context: ({ input }) => ({
      data: input.data,
      initial: input.data,
      errors: {},
      message: null,
      successful: false,
      recentlySuccessful: false,
      progress: null,
    }),
    initial: 'idle',
    states: {
      idle: {
        on: {
          'form.change': {
            actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
          },
          'form.keydown': {
            actions: { type: 'clearFieldErrors', params: ({ event }) => ({ field: event.field }) },
          },
          'form.submit': { target: 'busy' },
          'form.reset': {
            actions: { type: 'reset', params: ({ event }) => ({ data: event.data }) },
          },
          'form.setErrors': {
            actions: {
              type: 'setErrors',
              params: ({ event }) => ({ errors: event.errors, message: event.message ?? null }),
            },
          },
        },
      },
      busy: {
        tags: ['busy'],
        entry: 'startSubmit',
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => ({ data: context.data }),
          onDone: {
            target: 'succeeded',
            actions: ['succeed', { type: 'emitSucceeded', params: ({ event }) => ({ output: event.output }) }],
          },
          // Back to idle with the data untouched: nothing the user typed is lost.
          onError: {
            target: 'idle',
            actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error }) }, 'emitFailed'],
          },
        },
        on: {
          'form.change': {
            actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
          },
          'form.keydown': {
            actions: { type: 'clearFieldErrors', params: ({ event }) => ({ field: event.field }) },
          },
          'form.progress': {
            actions: { type: 'setProgress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) },
          },
          'form.reset': {
            target: 'idle',
            actions: { type: 'reset', params: ({ event }) => ({ data: event.data }) },
          },
        },
      },
      succeeded: {
        initial: 'recent',
        states: {
          recent: {
            entry: 'markRecent',
            exit: 'clearRecent',
            after: { RECENTLY_SUCCESSFUL_MS: { target: 'settled' } },
          },
          settled: {},
        },
        on: {
          'form.change': {
            target: 'idle',
            actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
          },
          'form.submit': { target: 'busy' },
          'form.reset': {
            target: 'idle',
            actions: { type: 'reset', params: ({ event }) => ({ data: event.data }) },
          },
          'form.setErrors': {
            target: 'idle',
            actions: {
              type: 'setErrors',
              params: ({ event }) => ({ errors: event.errors, message: event.message ?? null }),
            },
          },
        },
      },
    },
  });
}

/** The form machine for untyped data; `createFormMachine<MyData>()` gives typed events and context. */
export const formMachine = createFormMachine<FormValues>();

export type FormMachine<TData extends FormValues = FormValues, TOutput = unknown> = ReturnType<
  typeof createFormMachine<TData, TOutput>
>;
