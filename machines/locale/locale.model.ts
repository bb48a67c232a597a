import type { AnyMachineSnapshot } from 'xstate';
import { doneEvent, errorEvent, type MachineModel } from '../testing/model';
import { localeMachine, type LocaleContext, type LocaleEvent } from './locale.machine';

const localeEvents: LocaleEvent[] = [
  { type: 'locale.change', locale: 'en' },
  { type: 'locale.change', locale: 'ru' },
  { type: 'locale.change', locale: 'xx' },
  { type: 'locale.retry' },
];

export const localeModel: MachineModel = {
  machine: localeMachine,
  // Two locales keep the graph small; a third would only repeat the same transitions.
  inputs: [
    { locales: ['en', 'ru'], defaultLocale: 'en', cookieLocale: undefined },
    // Opened at a /ru/ address: ru is the first and only load.
    { locales: ['en', 'ru'], defaultLocale: 'en', cookieLocale: undefined, urlLocale: 'ru' },
  ],
  events: [...localeEvents, doneEvent('loadMessages'), errorEvent('loadMessages')],
  serialize: (snapshot: AnyMachineSnapshot) => {
    const { locale, requested, loaded } = snapshot.context as LocaleContext;
    return JSON.stringify({ value: snapshot.value, locale, requested, loaded: [...loaded].sort() });
  },
  limit: 20_000,
};
