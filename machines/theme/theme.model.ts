import type { AnyMachineSnapshot } from 'xstate';
import type { MachineModel } from '../testing/model';
import { THEMES, themeMachine, type ThemeContext, type ThemeEvent } from './theme.machine';

const themeEvents: ThemeEvent[] = [{ type: 'theme.toggle' }, ...THEMES.map((theme) => ({ type: 'theme.set' as const, theme }))];

export const themeModel: MachineModel = {
  machine: themeMachine,
  inputs: [{ cookieTheme: undefined }, { cookieTheme: 'dark-theme' }, { cookieTheme: 'purple' }],
  events: themeEvents,
  serialize: (snapshot: AnyMachineSnapshot) =>
    JSON.stringify({ value: snapshot.value, theme: (snapshot.context as ThemeContext).theme }),
  limit: 1_000,
};
