import type { AnyMachineSnapshot } from 'xstate';
import { doneEvent, errorEvent, type MachineModel } from '../testing/model';
import { oauthMachine, type OAuthContext, type OAuthEvent, type PopupOutcome } from './oauth.machine';

export const loopback = { id: 'oidc', name: 'Loopback ID' };
export const github = { id: 'github', name: 'GitHub' };

const oauthEvents: OAuthEvent[] = [
  { type: 'oauth.start', provider: loopback },
  { type: 'oauth.start', provider: github },
  { type: 'oauth.dismiss' },
];

const outcomes: PopupOutcome[] = [
  { kind: 'token', token: 'tok', expiresIn: 7200 },
  { kind: 'linked', provider: 'oidc' },
  { kind: 'refused', error: 'email_taken' },
  { kind: 'blocked' },
  { kind: 'closed' },
];

export const oauthModel: MachineModel = {
  machine: oauthMachine,
  inputs: [undefined],
  events: [
    ...oauthEvents,
    ...outcomes.map((outcome) => doneEvent('authorize', outcome)),
    errorEvent('authorize'),
    doneEvent('signIn'),
    errorEvent('signIn'),
  ],
  serialize: (snapshot: AnyMachineSnapshot) => {
    const { provider, failure, linked } = snapshot.context as OAuthContext;
    return JSON.stringify({ value: snapshot.value, provider: provider?.id ?? null, failure, linked });
  },
  limit: 10_000,
};
