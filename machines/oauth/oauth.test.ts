import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { oauthMachine, type PopupOutcome } from './oauth.machine';
import { github, loopback, oauthModel } from './oauth.model';
import { selectFailure, selectIsBusy, selectIsSignedIn, selectLinkedName, selectPendingProvider } from './oauth.selectors';

const pathsByInput = modelPaths(oauthModel);
const paths = pathsByInput.flatMap((walk) => walk.paths);

describe('oauth machine, model-based', () => {
  it('follows every generated path on a real actor', async () => {
    expect(await replayModel(oauthModel, pathsByInput)).toBe(paths.length);
  });

  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(oauthMachine, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

function start(outcome: () => Promise<PopupOutcome>, signIn: (token: string) => Promise<void> = async () => {}) {
  const signedInWith: string[] = [];
  const linked: string[] = [];
  const machine = oauthMachine.provide({
    actors: {
      authorize: fromPromise(outcome),
      signIn: fromPromise(async ({ input }) => {
        signedInWith.push(input.token);
        await signIn(input.token);
      }),
    },
  });
  const actor = createActor(machine);
  actor.on('oauth.linked', (event) => void linked.push(event.provider));
  actor.start();
  return { actor, signedInWith, linked };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !selectIsBusy(s));

describe('oauth machine', () => {
  it('hands the token from the popup to the session and ends signed in', async () => {
    const { actor, signedInWith } = start(async () => ({ kind: 'token', token: 'tok', expiresIn: 7200 }));
    actor.send({ type: 'oauth.start', provider: loopback });
    expect(selectPendingProvider(actor.getSnapshot())).toBe('oidc');
    await settled(actor);
    expect(signedInWith).toEqual(['tok']);
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
  });

  it('ignores a second button while the popup is open', async () => {
    let finish: (outcome: PopupOutcome) => void = () => {};
    const { actor } = start(() => new Promise((resolve) => (finish = resolve)));
    actor.send({ type: 'oauth.start', provider: loopback });
    actor.send({ type: 'oauth.start', provider: github });
    expect(selectPendingProvider(actor.getSnapshot())).toBe('oidc');
    finish({ kind: 'closed' });
    await settled(actor);
    expect(selectFailure(actor.getSnapshot())).toBeNull();
  });

  it("keeps the server's refusal with the provider's name, until dismissed or retried", async () => {
    const { actor } = start(async () => ({ kind: 'refused', error: 'email_taken' }));
    actor.send({ type: 'oauth.start', provider: github });
    await settled(actor);
    expect(selectFailure(actor.getSnapshot())).toEqual({ failure: 'email_taken', providerName: 'GitHub' });
    actor.send({ type: 'oauth.dismiss' });
    expect(selectFailure(actor.getSnapshot())).toBeNull();
  });

  it('tells a blocked popup, a start the server refused and a sign-in that failed apart', async () => {
    for (const [outcome, failure] of [
      [async () => ({ kind: 'blocked' }) as PopupOutcome, 'popup_blocked'],
      [() => Promise.reject(new Error('404')), 'start_failed'],
    ] as const) {
      const { actor } = start(outcome);
      actor.send({ type: 'oauth.start', provider: loopback });
      await settled(actor);
      expect(selectFailure(actor.getSnapshot())?.failure).toBe(failure);
    }
    const { actor } = start(
      async () => ({ kind: 'token', token: 'tok', expiresIn: 1 }),
      () => Promise.reject(new Error('user fetch failed')),
    );
    actor.send({ type: 'oauth.start', provider: loopback });
    await settled(actor);
    expect(selectFailure(actor.getSnapshot())?.failure).toBe('sign_in_failed');
  });

  it('announces a linking and shows its notice', async () => {
    const { actor, linked } = start(async () => ({ kind: 'linked', provider: 'oidc' }));
    actor.send({ type: 'oauth.start', provider: loopback });
    await settled(actor);
    expect(linked).toEqual(['oidc']);
    expect(selectLinkedName(actor.getSnapshot())).toBe('Loopback ID');
  });
});
