import type { AnyMachineSnapshot } from 'xstate';
import { afterEvent, doneEvent, errorEvent, type MachineModel } from '../testing/model';
import { formMachine, type FormContext, type FormEvent } from './form.machine';

export interface ModelFormValues extends Record<string, unknown> {
  email: string;
  remember: boolean;
}

/** An ofetch-style error: the response body is on `data`. */
export const fetchError = (body: unknown) => Object.assign(new Error('Request failed'), { data: body });

const formEvents: FormEvent<ModelFormValues>[] = [
  { type: 'form.change', field: 'email', value: 'ada@example.com' },
  { type: 'form.change', field: 'email', value: '' },
  { type: 'form.keydown', field: 'email' },
  { type: 'form.submit' },
  { type: 'form.reset' },
  { type: 'form.reset', data: { email: 'new@example.com', remember: false } },
  { type: 'form.setErrors', errors: { email: ['validation.required'] } },
  { type: 'form.progress', loaded: 512, total: 1024 },
];

export const formModel: MachineModel = {
  machine: formMachine,
  inputs: [{ data: { email: '', remember: true } }],
  events: [
    ...formEvents,
    doneEvent('submit', { ok: true }),
    errorEvent('submit', fetchError({ message: 'The given data was invalid.', errors: { email: ['validation.email'] } })),
    errorEvent('submit', fetchError({ message: 'Too many attempts.' })),
    afterEvent('RECENTLY_SUCCESSFUL_MS', 'form.succeeded.recent'),
  ],
  serialize: (snapshot: AnyMachineSnapshot) => {
    const { data, initial, errors, message, successful, recentlySuccessful, progress } =
      snapshot.context as FormContext<ModelFormValues>;
    return JSON.stringify({
      value: snapshot.value,
      email: data.email,
      initial: initial.email,
      errors: Object.keys(errors).sort(),
      message,
      successful,
      recentlySuccessful,
      progress: progress?.percentage ?? null,
    });
  },
  limit: 50_000,
};
