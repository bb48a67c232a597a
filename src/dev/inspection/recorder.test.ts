import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { loaderMachine } from '../../../machines/loader/loader.machine';
import { sessionMachine } from '../../../machines/session/session.machine';
import { ada } from '../../../machines/session/session.model';
import { createRecorder } from './recorder';
import { REDACTED, redact } from './redact';

describe('the inspector recorder', () => {
  it('keeps each actor’s latest state, tags and context, with the token redacted', async () => {
    const recorder = createRecorder();
    const machine = sessionMachine.provide({ actors: { fetchUser: fromPromise(async () => ada) } });
    const actor = createActor(machine, { input: { token: 'secret-token-value' }, inspect: recorder.observe('session') });
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches('signedIn'));

    const [session] = recorder.list();
    expect(session).toMatchObject({ name: 'session', status: 'active', value: 'signedIn', tags: ['authenticated'] });
    expect(session!.context).toMatchObject({ token: REDACTED, user: { id: ada.id, email: ada.email } });
    expect(JSON.stringify(recorder.list())).not.toContain('secret-token-value');
    // The answer of the invoked fetch, newest first, with where it came from.
    expect(session!.events[0]).toMatchObject({ event: { type: 'xstate.done.actor.fetchUser' }, source: 'fetchUser' });
    actor.stop();
  });

  it('keeps only the most recent events, newest first, and tells listeners', () => {
    const recorder = createRecorder(3);
    let changes = 0;
    recorder.subscribe(() => (changes += 1));
    const actor = createActor(loaderMachine, { inspect: recorder.observe('loader') }).start();
    for (let i = 0; i < 5; i += 1) actor.send({ type: 'loader.requestStarted' });
    actor.send({ type: 'loader.hide' });
    const [loader] = recorder.list();
    expect(loader!.events.map((recorded) => recorded.event.type)).toEqual([
      'loader.hide',
      'loader.requestStarted',
      'loader.requestStarted',
    ]);
    expect(loader!.events[0]!.source).toBe('user');
    expect(loader!.events[0]!.seq).toBeGreaterThan(loader!.events[1]!.seq);
    expect(changes).toBeGreaterThan(6);
  });

  it('makes anything JSON-safe: secrets, errors, sets, cycles', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(
      redact({ password: 'p', apiToken: null, error: new Error('boom'), loaded: new Set(['en']), cyclic, fn: () => 1 }),
    ).toEqual({
      password: REDACTED,
      apiToken: null,
      error: { error: 'boom' },
      loaded: ['en'],
      cyclic: { name: 'loop', self: '[…]' },
      fn: '[function]',
    });
  });
});
