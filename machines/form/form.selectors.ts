import type { SnapshotFrom } from 'xstate';
import type { FormContext, FormMachine, FormProgress, FormValues } from './form.machine';

export type FormSnapshot<TData extends FormValues = FormValues, TOutput = unknown> = SnapshotFrom<FormMachine<TData, TOutput>>;

/** What the selectors read; any form machine's snapshot (whatever its data type) fits. */
interface FormSnapshotLike<TData extends FormValues> {
  context: FormContext<TData>;
  hasTag(tag: 'busy'): boolean;
}

/** The submit button is disabled while busy. */
export const selectIsBusy = <TData extends FormValues>(snapshot: FormSnapshotLike<TData>): boolean =>
  snapshot.hasTag('busy');

export const selectErrors = <TData extends FormValues>(snapshot: FormSnapshotLike<TData>): Record<string, string[]> =>
  snapshot.context.errors;

/** The first message for `field`, or undefined when it has none. */
export const selectFieldError = <TData extends FormValues>(
  snapshot: FormSnapshotLike<TData>,
  field: string,
): string | undefined => snapshot.context.errors[field]?.[0];

export const selectMessage = <TData extends FormValues>(snapshot: FormSnapshotLike<TData>): string | null =>
  snapshot.context.message;

export const selectData = <TData extends FormValues>(snapshot: FormSnapshotLike<TData>): TData => snapshot.context.data;

export const selectSuccessful = <TData extends FormValues>(snapshot: FormSnapshotLike<TData>): boolean =>
  snapshot.context.successful;

export const selectRecentlySuccessful = <TData extends FormValues>(snapshot: FormSnapshotLike<TData>): boolean =>
  snapshot.context.recentlySuccessful;

/** Upload progress of the submit in flight, or null. */
export const selectProgress = <TData extends FormValues>(snapshot: FormSnapshotLike<TData>): FormProgress | null =>
  snapshot.context.progress;
