import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectIsDark } from '../../../machines/theme/theme.selectors';
import { useHydrated } from '../../lib/hydrated';
import { useRuntime } from '../../lib/runtime-context';
import { MoonIcon } from '../icons/MoonIcon';
import { SunIcon } from '../icons/SunIcon';

/**
 * The seed's theme switch. On a prerendered page it waits for the app (useHydrated): a click on the
 * markup alone did nothing and was not heard later either.
 */
export function ThemeToggle() {
  const { t } = useLingui();
  const { theme } = useRuntime();
  const dark = useSelector(theme, selectIsDark);
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="icon-btn"
      aria-pressed={dark}
      aria-label={t`Dark theme`}
      title={dark ? t`Switch to light theme` : t`Switch to dark theme`}
      disabled={!hydrated}
      onClick={() => theme.send({ type: 'theme.toggle' })}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
