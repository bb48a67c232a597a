import type { SnapshotFrom } from 'xstate';
import type { Locale } from '../../contract/locales';
import type { localeMachine } from './locale.machine';

export type LocaleSnapshot = SnapshotFrom<typeof localeMachine>;

export const selectLocale = (snapshot: LocaleSnapshot): Locale => snapshot.context.locale;

export const selectLocales = (snapshot: LocaleSnapshot): readonly Locale[] => snapshot.context.locales;

/** Messages are loading: the first ones at start, or those of a locale just chosen. */
export const selectIsLoading = (snapshot: LocaleSnapshot): boolean => snapshot.hasTag('resolving');

/** The navbar shows the locale dropdown only when there is a choice to make. */
export const selectHasManyLocales = (snapshot: LocaleSnapshot): boolean => snapshot.context.locales.length > 1;

/** The locale being loaded, or the active one when nothing is loading. */
export const selectRequestedLocale = (snapshot: LocaleSnapshot): Locale => snapshot.context.requested;

/** The very first load failed: nothing is active yet (`locale.retry` tries again). */
export const selectHasFailed = (snapshot: LocaleSnapshot): boolean => snapshot.hasTag('failed');
