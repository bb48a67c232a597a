import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectIsDark } from '../../../machines/theme/theme.selectors';
import { useRuntime } from '../../lib/runtime-context';
import { MoonIcon, SunIcon } from '../icons';

export function ThemeToggle() {
  const { t } = useLingui();
  const { theme } = useRuntime();
  const dark = useSelector(theme, selectIsDark);
  return (
    <button
      type="button"
      className="icon-btn"
      aria-pressed={dark}
      aria-label={t`Dark theme`}
      title={dark ? t`Switch to light theme` : t`Switch to dark theme`}
      onClick={() => theme.send({ type: 'theme.toggle' })}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
