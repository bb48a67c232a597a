import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { DEFAULT_FORM_ERROR } from './form-errors';
import { createFormMachine, formMachine, RECENTLY_SUCCESSFUL_MS } from './form.machine';
import { fetchError, formModel, type ModelFormValues } from './form.model';
import {
  selectData,
  selectErrors,
  selectFieldError,
  selectIsBusy,
  selectMessage,
  selectProgress,
  selectRecentlySuccessful,
  selectSuccessful,
} from './form.selectors';

type LoginData = ModelFormValues;

const pathsByInput = modelPaths(formModel);
const paths = pathsByInput.flatMap((walk) => walk.paths);

describe('form machine, model-based', () => {
  it('follows every generated path on a real actor', async () => {
    expect(await replayModel(formModel, pathsByInput)).toBe(paths.length);
  });

  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(formMachine, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

const loginForm = createFormMachine<LoginData>();

function startForm(submit: (data: LoginData) => Promise<unknown>, clock = new SimulatedClock()) {
  const submitted: LoginData[] = [];
  const machine = loginForm.provide({
    actors: {
      submit: fromPromise(({ input }) => {
        submitted.push(input.data);
        return submit(input.data);
      }),
    },
  });
  const actor = createActor(machine, { input: { data: { email: '', remember: false } }, clock });
  const emitted: unknown[] = [];
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
  return { actor, submitted, emitted, clock };
}

const idle = (actor: ReturnType<typeof startForm>['actor']) => waitFor(actor, (snapshot) => !selectIsBusy(snapshot));

describe('form machine', () => {
  it('reports upload progress while busy and forgets it when the answer comes', async () => {
    let finish: (value: unknown) => void = () => {};
    const { actor } = startForm(() => new Promise((resolve) => (finish = resolve)));
    actor.send({ type: 'form.progress', loaded: 10, total: 100 });
    expect(selectProgress(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.progress', loaded: 2_500, total: 10_000 });
    expect(selectProgress(actor.getSnapshot())).toEqual({ loaded: 2_500, total: 10_000, percentage: 25 });
    actor.send({ type: 'form.progress', loaded: 20_000, total: 10_000 });
    expect(selectProgress(actor.getSnapshot())).toEqual({ loaded: 10_000, total: 10_000, percentage: 100 });
    finish({ ok: true });
    await idle(actor);
    expect(selectProgress(actor.getSnapshot())).toBeNull();
  });

  it('submits the current data and is busy until the answer', async () => {
    const { actor, submitted, emitted } = startForm(async () => ({ id: 7 }));
    actor.send({ type: 'form.change', field: 'email', value: 'ada@example.com' });
    actor.send({ type: 'form.submit' });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    const snapshot = await idle(actor);
    expect(submitted).toEqual([{ email: 'ada@example.com', remember: false }]);
    expect(selectSuccessful(snapshot)).toBe(true);
    expect(selectRecentlySuccessful(snapshot)).toBe(true);
    expect(emitted).toEqual([{ type: 'form.succeeded', output: { id: 7 } }]);
  });

  it('resets recentlySuccessful after 2000 ms but keeps successful', async () => {
    const { actor, clock } = startForm(async () => null);
    actor.send({ type: 'form.submit' });
    await idle(actor);
    clock.increment(RECENTLY_SUCCESSFUL_MS - 1);
    expect(selectRecentlySuccessful(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(selectRecentlySuccessful(actor.getSnapshot())).toBe(false);
    expect(selectSuccessful(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().matches({ succeeded: 'settled' })).toBe(true);
  });

  it('ignores submit while busy: the request is sent once', async () => {
    let finish = (_: unknown) => {};
    const { actor, submitted } = startForm(() => new Promise((resolve) => (finish = resolve)));
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    finish(null);
    await idle(actor);
    expect(submitted).toHaveLength(1);
  });

  it('keeps what the user typed and shows the field errors when the submit fails', async () => {
    const { actor, emitted } = startForm(() =>
      Promise.reject(fetchError({ message: 'Invalid.', errors: { email: ['validation.email', 'validation.max'] } })),
    );
    actor.send({ type: 'form.change', field: 'email', value: 'not-an-email' });
    actor.send({ type: 'form.submit' });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe('idle');
    expect(selectData(snapshot)).toEqual({ email: 'not-an-email', remember: false });
    expect(selectFieldError(snapshot, 'email')).toBe('validation.email');
    expect(selectFieldError(snapshot, 'remember')).toBeUndefined();
    expect(selectMessage(snapshot)).toBeNull();
    expect(selectSuccessful(snapshot)).toBe(false);
    expect(emitted).toEqual([
      { type: 'form.failed', errors: { email: ['validation.email', 'validation.max'] }, message: null },
    ]);
  });

  it('shows the server message as the generic error when there are no field errors', async () => {
    const { actor } = startForm(() => Promise.reject(fetchError({ message: 'Too many attempts.' })));
    actor.send({ type: 'form.submit' });
    const snapshot = await idle(actor);
    expect(selectErrors(snapshot)).toEqual({});
    expect(selectMessage(snapshot)).toBe('Too many attempts.');
  });

  it('falls back to the default message when the failure carries no body', async () => {
    const { actor } = startForm(() => Promise.reject(new TypeError('Failed to fetch')));
    actor.send({ type: 'form.submit' });
    expect(selectMessage(await idle(actor))).toBe(DEFAULT_FORM_ERROR);
  });

  it("clears only that field's errors on keydown", () => {
    const { actor } = startForm(async () => null);
    actor.send({ type: 'form.setErrors', errors: { email: ['validation.email'], remember: ['validation.boolean'] } });
    actor.send({ type: 'form.keydown', field: 'email' });
    expect(selectErrors(actor.getSnapshot())).toEqual({ remember: ['validation.boolean'] });
  });

  it('keeps typing while busy so no keystroke is lost', async () => {
    let finish = (_: unknown) => {};
    const { actor, submitted } = startForm(() => new Promise((resolve) => (finish = resolve)));
    actor.send({ type: 'form.change', field: 'email', value: 'a' });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.change', field: 'email', value: 'ab' });
    finish(null);
    const snapshot = await idle(actor);
    expect(submitted).toEqual([{ email: 'a', remember: false }]);
    expect(selectData(snapshot).email).toBe('ab');
  });

  it('goes back to idle on change after a success, keeping successful', async () => {
    const { actor } = startForm(async () => null);
    actor.send({ type: 'form.submit' });
    await idle(actor);
    actor.send({ type: 'form.change', field: 'remember', value: true });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('idle');
    expect(selectSuccessful(snapshot)).toBe(true);
    expect(selectRecentlySuccessful(snapshot)).toBe(false);
  });

  it('resets to the initial data, or to new data, with errors cleared', () => {
    const { actor } = startForm(async () => null);
    actor.send({ type: 'form.change', field: 'email', value: 'typed' });
    actor.send({ type: 'form.setErrors', errors: { email: ['x'] }, message: 'Check the form.' });
    actor.send({ type: 'form.reset' });
    expect(selectData(actor.getSnapshot())).toEqual({ email: '', remember: false });
    expect(selectErrors(actor.getSnapshot())).toEqual({});
    expect(selectMessage(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'form.reset', data: { email: 'saved@example.com', remember: true } });
    actor.send({ type: 'form.change', field: 'email', value: 'edited' });
    actor.send({ type: 'form.reset' });
    expect(selectData(actor.getSnapshot())).toEqual({ email: 'saved@example.com', remember: true });
  });

  it('rejects with "not provided" when no submit was injected', async () => {
    const actor = createActor(formMachine, { input: { data: {} } }).start();
    actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(actor, (s) => !selectIsBusy(s));
    expect(selectMessage(snapshot)).toBe(DEFAULT_FORM_ERROR);
  });
});
