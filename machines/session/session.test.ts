import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { User } from '../../contract/user';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { sessionMachine } from './session.machine';
import { ada, grace, sessionModel, testUser as user } from './session.model';
import {
  AVATAR_PALETTE,
  avatarColor,
  selectFullName,
  selectHasAnyRole,
  selectInitials,
  selectIsAdmin,
  selectIsResolving,
  selectIsSignedIn,
  selectToken,
  selectUser,
} from './session.selectors';

const pathsByInput = modelPaths(sessionModel);

describe('session machine, model-based', () => {
  it('follows every generated path, from every input, on a real actor', async () => {
    expect(await replayModel(sessionModel, pathsByInput)).toBe(pathsByInput.flatMap(({ paths }) => paths).length);
  });
});

describe('session machine, coverage', () => {
  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(sessionMachine, pathsByInput.flatMap(({ paths }) => paths));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

function startSession(
  input: { token: string | null },
  overrides: {
    fetchUser?: (token: string) => Promise<User>;
    revokeToken?: (token: string) => Promise<void>;
    confirmExpired?: () => Promise<void>;
  } = {},
) {
  const calls = { persistToken: [] as unknown[], forgetToken: 0, confirmExpired: 0, revokeToken: 0 };
  const machine = sessionMachine.provide({
    actors: {
      fetchUser: fromPromise(({ input: { token } }) => (overrides.fetchUser ?? (async () => ada))(token)),
      revokeToken: fromPromise(({ input: { token } }) => {
        calls.revokeToken += 1;
        return (overrides.revokeToken ?? (async () => {}))(token);
      }),
      confirmExpired: fromPromise(() => {
        calls.confirmExpired += 1;
        return (overrides.confirmExpired ?? (async () => {}))();
      }),
    },
    actions: {
      persistToken: (_, params) => void calls.persistToken.push(params),
      forgetToken: () => void (calls.forgetToken += 1),
    },
  });
  const actor = createActor(machine, { input });
  const emitted: unknown[] = [];
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
  return { actor, calls, emitted };
}

const settled = (actor: ReturnType<typeof startSession>['actor']) =>
  waitFor(actor, (snapshot) => !selectIsResolving(snapshot));

describe('session machine', () => {
  it('starts signed out without a token cookie', () => {
    const { actor } = startSession({ token: null });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().hasTag('guest')).toBe(true);
    expect(selectIsResolving(actor.getSnapshot())).toBe(false);
  });

  it('fetches the user at start when a token cookie exists, and emits signedIn', async () => {
    const { actor, emitted } = startSession({ token: 't0' });
    expect(selectIsResolving(actor.getSnapshot())).toBe(true);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('signedIn');
    expect(selectUser(snapshot)).toEqual(ada);
    expect(selectIsSignedIn(snapshot)).toBe(true);
    expect(emitted).toEqual([{ type: 'session.signedIn', user: ada }]);
  });

  it('clears token, user and cookie when fetching the user fails', async () => {
    const { actor, calls, emitted } = startSession(
      { token: 'stale' },
      { fetchUser: () => Promise.reject(new Error('nope')) },
    );
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('signedOut');
    expect(selectToken(snapshot)).toBeNull();
    expect(selectUser(snapshot)).toBeNull();
    expect(calls.forgetToken).toBe(1);
    expect(emitted).toEqual([{ type: 'session.signedOut', reason: 'invalid' }]);
  });

  it('keeps the token cookie for 365 days only when remember is chosen', async () => {
    const { actor, calls } = startSession({ token: null });
    actor.send({ type: 'session.tokenSaved', token: 'long', remember: true });
    await settled(actor);
    actor.send({ type: 'session.tokenSaved', token: 'short', remember: false });
    const snapshot = await settled(actor);
    expect(calls.persistToken).toEqual([
      { token: 'long', remember: true },
      { token: 'short', remember: false },
    ]);
    expect(selectToken(snapshot)).toBe('short');
  });

  it('replaces the user on userUpdated', async () => {
    const { actor } = startSession({ token: 't0' });
    await settled(actor);
    actor.send({ type: 'session.userUpdated', user: grace });
    expect(selectUser(actor.getSnapshot())).toEqual(grace);
  });

  it('shows the token-expired alert once however many calls answer 401', async () => {
    let dismiss = () => {};
    const { actor, calls } = startSession(
      { token: 't0' },
      { confirmExpired: () => new Promise<void>((resolve) => (dismiss = resolve)) },
    );
    await settled(actor);
    actor.send({ type: 'session.unauthorized' });
    actor.send({ type: 'session.unauthorized' });
    actor.send({ type: 'session.unauthorized' });
    await vi.waitFor(() => expect(calls.confirmExpired).toBe(1));
    expect(actor.getSnapshot().value).toBe('expired');
    dismiss();
    await settled(actor);
    actor.send({ type: 'session.unauthorized' });
    expect(calls.confirmExpired).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('signs out with reason expired after the alert is dismissed', async () => {
    const { actor, calls, emitted } = startSession({ token: 't0' });
    await settled(actor);
    actor.send({ type: 'session.unauthorized' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('signedOut');
    expect(calls.revokeToken).toBe(1);
    expect(calls.forgetToken).toBe(1);
    expect(emitted.at(-1)).toEqual({ type: 'session.signedOut', reason: 'expired' });
  });

  it('treats a 401 while fetching the user as an expired session', async () => {
    const { actor, emitted } = startSession({ token: 't0' }, { fetchUser: () => new Promise<User>(() => {}) });
    actor.send({ type: 'session.unauthorized' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('signedOut');
    expect(emitted).toEqual([{ type: 'session.signedOut', reason: 'expired' }]);
  });

  it('clears the session and the cookie on logout even when the server call fails', async () => {
    const { actor, calls, emitted } = startSession(
      { token: 't0' },
      { revokeToken: () => Promise.reject(new Error('500')) },
    );
    await settled(actor);
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().hasTag('resolving')).toBe(true);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('signedOut');
    expect(selectToken(snapshot)).toBeNull();
    expect(selectUser(snapshot)).toBeNull();
    expect(calls.forgetToken).toBe(1);
    expect(emitted.at(-1)).toEqual({ type: 'session.signedOut', reason: 'logout' });
  });

  it('revokes the current token on logout', async () => {
    const revoked: string[] = [];
    const { actor } = startSession({ token: 't0' }, { revokeToken: async (token) => void revoked.push(token) });
    await settled(actor);
    actor.send({ type: 'session.logout' });
    await settled(actor);
    expect(revoked).toEqual(['t0']);
  });

  it('refetches the user on refresh while keeping the current one visible', async () => {
    let fetches = 0;
    const { actor } = startSession({ token: 't0' }, { fetchUser: async () => (++fetches === 1 ? ada : grace) });
    await settled(actor);
    actor.send({ type: 'session.refresh' });
    expect(selectUser(actor.getSnapshot())).toEqual(ada);
    const snapshot = await settled(actor);
    expect(selectUser(snapshot)).toEqual(grace);
  });

  it('stays signed in with the user it holds when a refresh fails for another reason than a 401', async () => {
    let fetches = 0;
    const { actor } = startSession(
      { token: 't0' },
      {
        fetchUser: async () => {
          if (++fetches === 1) return ada;
          throw new Error('503 Service Unavailable');
        },
      },
    );
    await settled(actor);
    actor.send({ type: 'session.refresh' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('signedIn');
    expect(selectUser(snapshot)).toEqual(ada);
    expect(snapshot.context.token).toBe('t0');
  });

  it('ignores userUpdated, refresh and unauthorized while signed out', () => {
    const { actor, calls } = startSession({ token: null });
    actor.send({ type: 'session.userUpdated', user: ada });
    actor.send({ type: 'session.refresh' });
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(calls.confirmExpired).toBe(0);
  });

  it('rejects with "not provided" when an effect was not injected', async () => {
    const actor = createActor(sessionMachine, { input: { token: 't0' } }).start();
    const snapshot = await waitFor(actor, (s) => !selectIsResolving(s));
    expect(snapshot.value).toBe('signedOut');
  });
});

describe('session selectors', () => {
  const signedInAs = async (who: User) => {
    const { actor } = startSession({ token: 't0' }, { fetchUser: async () => who });
    return settled(actor);
  };

  it('recognises an admin by roles or by role', async () => {
    expect(selectIsAdmin(await signedInAs(user({ roles: ['admin'], role: 'client' })))).toBe(true);
    expect(selectIsAdmin(await signedInAs(user({ roles: [], role: 'admin' })))).toBe(true);
    expect(selectIsAdmin(await signedInAs(user()))).toBe(false);
    expect(selectIsAdmin(startSession({ token: null }).actor.getSnapshot())).toBe(false);
  });

  it('passes the role guard when the user holds at least one listed role', async () => {
    const snapshot = await signedInAs(user({ roles: ['client', 'trader'], role: 'client' }));
    expect(selectHasAnyRole(snapshot, ['admin', 'trader'])).toBe(true);
    expect(selectHasAnyRole(snapshot, ['admin'])).toBe(false);
    expect(selectHasAnyRole(snapshot, [])).toBe(false);
    expect(selectHasAnyRole(startSession({ token: null }).actor.getSnapshot(), ['client'])).toBe(false);
  });

  it('builds initials from the first letters of first and second name, upper-case', () => {
    expect(selectInitials(user({ first_name: 'ada', second_name: 'lovelace' }))).toBe('AL');
    expect(selectInitials(user({ first_name: 'Ada', second_name: '' }))).toBe('A');
    expect(selectInitials(user({ first_name: '', second_name: '' }))).toBe('');
    expect(selectInitials(user({ first_name: ' élodie', second_name: 'Ünal' }))).toBe('ÉÜ');
    expect(selectInitials(null)).toBe('');
  });

  it('joins first and second name into the full name', () => {
    expect(selectFullName(ada)).toBe('Ada Lovelace');
    expect(selectFullName(user({ second_name: '' }))).toBe('Ada');
    expect(selectFullName(undefined)).toBe('');
  });

  it('derives the avatar colour from the first letter, from a palette of eight', () => {
    expect(AVATAR_PALETTE).toHaveLength(8);
    expect(avatarColor('AL')).toBe(avatarColor('AB'));
    expect(AVATAR_PALETTE).toContain(avatarColor(''));
    const used = new Set('ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map(avatarColor));
    expect(used.size).toBe(8);
  });

  it('uses only avatar colours that pass WCAG AA with white text', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const colour of AVATAR_PALETTE) {
      const contrast = 1.05 / (luminance(colour) + 0.05);
      expect(contrast, colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
