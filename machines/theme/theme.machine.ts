import { assign, setup } from 'xstate';
import { DEFAULT_THEME, isTheme, type Theme } from '../../contract/theme';

export { DEFAULT_THEME, isTheme, THEMES, type Theme } from '../../contract/theme';

export interface ThemeInput {
  /** The raw `user-theme` cookie; anything but a known theme means the default. */
  cookieTheme: string | undefined;
}

export interface ThemeContext {
  theme: Theme;
}

export type ThemeEvent = { type: 'theme.toggle' } | { type: 'theme.set'; theme: Theme };

export const themeEvents = {
  'theme.toggle': 'switch to the other theme and remember it',
  'theme.set': 'switch to the given theme and remember it (the current one is ignored)',
} as const satisfies Record<ThemeEvent['type'], string>;

export const themeEmitted = {} as const satisfies Record<never, string>;

export const themeMachine = setup({
  types: {
    input: {} as ThemeInput,
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
  },
  actions: {
    applyTheme: (_, _params: { theme: Theme }) => {},
    persistTheme: (_, _params: { theme: Theme }) => {},
    setTheme: assign({ theme: (_, params: { theme: Theme }) => params.theme }),
  },
  guards: {
    startsDark: ({ context }) => context.theme === 'dark-theme',
    asksForDark: ({ event }) => event.type === 'theme.set' && event.theme === 'dark-theme',
    asksForLight: ({ event }) => event.type === 'theme.set' && event.theme === 'light-theme',
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => ({ theme: isTheme(input.cookieTheme) ? input.cookieTheme : DEFAULT_THEME }),
  // Picks the state matching the cookie; a machine's initial state cannot depend on input otherwise.
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsDark', target: 'dark' }, { target: 'light' }],
    },
    // applyTheme is the entry of each theme, so it runs at start and on every change;
    // persistTheme sits on the transitions, so the cookie is written on change only.
    light: {
      entry: [
        { type: 'setTheme', params: { theme: 'light-theme' } },
        { type: 'applyTheme', params: { theme: 'light-theme' } },
      ],
      on: {
        'theme.toggle': { target: 'dark', actions: { type: 'persistTheme', params: { theme: 'dark-theme' } } },
        'theme.set': {
          guard: 'asksForDark',
          target: 'dark',
          actions: { type: 'persistTheme', params: { theme: 'dark-theme' } },
        },
      },
    },
    dark: {
      entry: [
        { type: 'setTheme', params: { theme: 'dark-theme' } },
        { type: 'applyTheme', params: { theme: 'dark-theme' } },
      ],
      on: {
        'theme.toggle': { target: 'light', actions: { type: 'persistTheme', params: { theme: 'light-theme' } } },
        'theme.set': {
          guard: 'asksForLight',
          target: 'light',
          actions: { type: 'persistTheme', params: { theme: 'light-theme' } },
        },
      },
    },
  },
});

export type ThemeMachine = typeof themeMachine;
