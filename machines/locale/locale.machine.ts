import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { Locale } from '../../contract/locales';

export interface LocaleInput {
  locales: readonly Locale[];
  defaultLocale: Locale;
  /** The raw `locale` cookie; anything outside `locales` is deleted at start. */
  cookieLocale: string | undefined;
  /**
   * The language the address names (its first segment), when it names one: the first load is of
   * that language only, so a visit to /ru/login never downloads the cookie's or the default's.
   */
  urlLocale?: string | undefined;
}

export interface LocaleContext {
  /** The active locale: its messages are loaded and activated (except before the first load finishes). */
  locale: Locale;
  /** The locale being loaded, or the active one when nothing is loading. */
  requested: Locale;
  locales: readonly Locale[];
  /** Locales whose messages are loaded; each is loaded at most once. */
  loaded: Locale[];
}

export type LocaleEvent = { type: 'locale.change'; locale: string } | { type: 'locale.retry' };

export type LocaleEmitted = { type: 'locale.loadFailed'; locale: Locale };

export const localeEvents = {
  'locale.change': 'switch to a locale: unsupported ones are ignored, loaded ones switch at once, others load first',
  'locale.retry': 'in failed (the very first load failed): load the requested locale again',
} as const satisfies Record<LocaleEvent['type'], string>;

export const localeEmitted = {
  'locale.loadFailed': 'loading the messages of a locale failed; the previous locale stays active',
} as const satisfies Record<LocaleEmitted['type'], string>;

function supported(locales: readonly Locale[], value: string | undefined): value is Locale {
  return value !== undefined && (locales as readonly string[]).includes(value);
}

function initialLocale(input: LocaleInput): Locale {
  return supported(input.locales, input.cookieLocale) ? input.cookieLocale : input.defaultLocale;
}

export const localeMachine = setup({
  types: {
    input: {} as LocaleInput,
    context: {} as LocaleContext,
    events: {} as LocaleEvent,
    emitted: {} as LocaleEmitted,
    tags: {} as 'resolving' | 'failed',
  },
  actors: {
    loadMessages: fromPromise<void, { locale: Locale }>(async () => {
      throw new Error('loadMessages not provided');
    }),
  },
  actions: {
    activate: (_, _params: { locale: Locale }) => {},
    persistLocale: (_, _params: { locale: Locale }) => {},
    deleteLocaleCookie: () => {},
    request: assign({ requested: (_, params: { locale: Locale }) => params.locale }),
    switchTo: assign({
      locale: (_, params: { locale: Locale }) => params.locale,
      requested: (_, params: { locale: Locale }) => params.locale,
    }),
    markLoaded: assign({
      loaded: ({ context }, params: { locale: Locale }) =>
        context.loaded.includes(params.locale) ? context.loaded : [...context.loaded, params.locale],
    }),
    abandonRequest: assign({ requested: ({ context }) => context.locale }),
    emitLoadFailed: emit((_, params: { locale: Locale }) => ({ type: 'locale.loadFailed' as const, locale: params.locale })),
  },
  guards: {
    isUnsupported: ({ context, event }) => event.type === 'locale.change' && !supported(context.locales, event.locale),
    isRequested: ({ context, event }) => event.type === 'locale.change' && event.locale === context.requested,
    isActive: ({ context, event }) => event.type === 'locale.change' && event.locale === context.locale,
    isLoaded: ({ context, event }) =>
      event.type === 'locale.change' && (context.loaded as string[]).includes(event.locale),
    /** The finished load switches away from the active locale, so the choice is the user's and is kept. */
    isSwitch: ({ context }) => context.requested !== context.locale,
    isFirstLoad: ({ context }) => context.loaded.length === 0,
  },
}).createMachine({
  id: 'locale',
  // The cookie's (or default) language is active in name until the first load ends; the address's
  // language is the one loaded, and when it differs it is a switch (persisted, as a choice would be).
  context: ({ input }) => {
    const locale = initialLocale(input);
    const requested = supported(input.locales, input.urlLocale) ? input.urlLocale : locale;
    return { locale, requested, locales: input.locales, loaded: [] };
  },
  // The cookie is only in the init event's input, so this runs once, at start.
  entry: enqueueActions(({ event, enqueue }) => {
    const input = (event as { input?: LocaleInput }).input;
    if (input?.cookieLocale !== undefined && !supported(input.locales, input.cookieLocale)) {
      enqueue('deleteLocaleCookie');
    }
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['resolving'],
      invoke: {
        id: 'loadMessages',
        src: 'loadMessages',
        input: ({ context }) => ({ locale: context.requested }),
        onDone: [
          {
            guard: 'isSwitch',
            target: 'ready',
            actions: [
              { type: 'markLoaded', params: ({ context }) => ({ locale: context.requested }) },
              { type: 'switchTo', params: ({ context }) => ({ locale: context.requested }) },
              { type: 'activate', params: ({ context }) => ({ locale: context.locale }) },
              { type: 'persistLocale', params: ({ context }) => ({ locale: context.locale }) },
            ],
          },
          {
            target: 'ready',
            actions: [
              { type: 'markLoaded', params: ({ context }) => ({ locale: context.requested }) },
              { type: 'activate', params: ({ context }) => ({ locale: context.locale }) },
            ],
          },
        ],
        onError: [
          {
            guard: 'isFirstLoad',
            target: 'failed',
            actions: { type: 'emitLoadFailed', params: ({ context }) => ({ locale: context.requested }) },
          },
          {
            target: 'ready',
            actions: [
              { type: 'emitLoadFailed', params: ({ context }) => ({ locale: context.requested }) },
              'abandonRequest',
            ],
          },
        ],
      },
      on: {
        // Latest wins: a loaded locale switches at once, any other restarts the load for it.
        'locale.change': [
          { guard: 'isUnsupported' },
          { guard: 'isRequested' },
          {
            guard: 'isLoaded',
            target: 'ready',
            actions: [
              { type: 'switchTo', params: ({ event }) => ({ locale: event.locale as Locale }) },
              { type: 'activate', params: ({ context }) => ({ locale: context.locale }) },
              { type: 'persistLocale', params: ({ context }) => ({ locale: context.locale }) },
            ],
          },
          {
            target: 'loading',
            reenter: true,
            actions: { type: 'request', params: ({ event }) => ({ locale: event.locale as Locale }) },
          },
        ],
      },
    },
    ready: {
      on: {
        'locale.change': [
          { guard: 'isUnsupported' },
          { guard: 'isActive' },
          {
            guard: 'isLoaded',
            actions: [
              { type: 'switchTo', params: ({ event }) => ({ locale: event.locale as Locale }) },
              { type: 'activate', params: ({ context }) => ({ locale: context.locale }) },
              { type: 'persistLocale', params: ({ context }) => ({ locale: context.locale }) },
            ],
          },
          {
            target: 'loading',
            actions: { type: 'request', params: ({ event }) => ({ locale: event.locale as Locale }) },
          },
        ],
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'locale.retry': { target: 'loading' },
        'locale.change': [
          { guard: 'isUnsupported' },
          {
            target: 'loading',
            actions: { type: 'request', params: ({ event }) => ({ locale: event.locale as Locale }) },
          },
        ],
      },
    },
  },
});

export type LocaleMachine = typeof localeMachine;
