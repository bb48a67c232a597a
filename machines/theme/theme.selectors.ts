import type { SnapshotFrom } from 'xstate';
import type { Theme, themeMachine } from './theme.machine';

export type ThemeSnapshot = SnapshotFrom<typeof themeMachine>;

export const selectTheme = (snapshot: ThemeSnapshot): Theme => snapshot.context.theme;

export const selectIsDark = (snapshot: ThemeSnapshot): boolean => snapshot.context.theme === 'dark-theme';
