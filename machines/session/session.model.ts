import type { AnyMachineSnapshot } from 'xstate';
import type { User } from '../../contract/user';
import { doneEvent, errorEvent, type MachineModel } from '../testing/model';
import { sessionMachine, type SessionContext, type SessionEvent } from './session.machine';

export const testUser = (overrides: Partial<User> = {}): User => ({
  id: 1,
  first_name: 'Ada',
  second_name: 'Lovelace',
  email: 'ada@example.com',
  email_verified_at: null,
  roles: [],
  role: 'client',
  created_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

export const ada = testUser();
export const grace = testUser({
  id: 2,
  first_name: 'Grace',
  second_name: 'Hopper',
  email: 'grace@example.com',
  roles: ['admin'],
  role: 'admin',
});

/** Representative payloads for every event the machine accepts. */
const sessionEvents: SessionEvent[] = [
  { type: 'session.tokenSaved', token: 't1', remember: true },
  { type: 'session.tokenSaved', token: 't2', remember: false },
  { type: 'session.userUpdated', user: grace },
  { type: 'session.refresh' },
  { type: 'session.logout' },
  { type: 'session.unauthorized' },
];

export const sessionModel: MachineModel = {
  machine: sessionMachine,
  inputs: [{ token: null }, { token: 't0' }],
  events: [
    ...sessionEvents,
    doneEvent('fetchUser', ada),
    errorEvent('fetchUser'),
    doneEvent('confirmExpired'),
    errorEvent('confirmExpired'),
    doneEvent('revokeToken'),
    errorEvent('revokeToken'),
  ],
  serialize: (snapshot: AnyMachineSnapshot) => {
    const { token, user, signOutReason } = snapshot.context as SessionContext;
    // The reason only matters while the session is ending.
    const ending = snapshot.matches('expired') || snapshot.matches('signingOut');
    return JSON.stringify({
      value: snapshot.value,
      token,
      user: user?.id ?? null,
      ...(ending ? { reason: signOutReason } : {}),
    });
  },
  limit: 20_000,
};
