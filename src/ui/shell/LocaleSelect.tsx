import { useLingui } from '@lingui/react/macro';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectHasManyLocales, selectLocale, selectLocales } from '../../../machines/locale/locale.selectors';
import { intlLocale, isLocale, LANGUAGES } from '../../../contract/locales';
import { useHydrated } from '../../lib/hydrated';
import { useRuntime } from '../../lib/runtime-context';
import { ChevronDownIcon } from '../icons/ChevronDownIcon';
import { GlobeIcon } from '../icons/GlobeIcon';

/** Seed: shown only when more than one locale exists. The URL's prefix follows the choice. */
export function LocaleSelect() {
  const { t } = useLingui();
  const { locale: localeActor } = useRuntime();
  const locale = useSelector(localeActor, selectLocale);
  const locales = useSelector(localeActor, selectLocales);
  const many = useSelector(localeActor, selectHasManyLocales);
  const router = useRouter();
  const location = useLocation();
  const hydrated = useHydrated();
  if (!many) return null;

  function change(next: string) {
    if (!isLocale(next) || next === locale) return;
    const rest = location.pathname.replace(/^\/[^/]*/, '');
    void router.navigate({ href: `/${next}${rest}${location.searchStr}${location.hash ? `#${location.hash}` : ''}` });
  }

  return (
    <div className="locale-select">
      <GlobeIcon size={18} className="locale-select-icon" />
      <label className="visually-hidden" htmlFor="locale-select">
        {t`Language`}
      </label>
      {/* On a prerendered page a choice made before the app took over was lost: it waits for the app. */}
      <select id="locale-select" className="select" value={locale} disabled={!hydrated} onChange={(event) => change(event.target.value)}>
        {locales.map((code) => (
          // Each language is named in itself, so a reader finds theirs whatever the current one.
          <option key={code} value={code} lang={intlLocale(code)}>
            {LANGUAGES[code].name}
          </option>
        ))}
      </select>
      <ChevronDownIcon size={16} className="locale-select-caret" />
    </div>
  );
}
