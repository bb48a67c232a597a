import { useSelector } from '@xstate/react';
import { selectLocale } from '../../machines/locale/locale.selectors';
import type { Locale } from '../../contract/locales';
import { useRuntime } from './runtime-context';

/** The current interface language, which is also every route's `$lang`. */
export function useLang(): Locale {
  return useSelector(useRuntime().locale, selectLocale);
}
