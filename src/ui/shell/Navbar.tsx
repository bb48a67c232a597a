import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { selectLocale } from '../../../machines/locale/locale.selectors';
import { selectIsSignedIn } from '../../../machines/session/session.selectors';
import { useRuntime } from '../../lib/runtime-context';
import { BrandMark } from '../icons/BrandMark';
import { CloseIcon } from '../icons/CloseIcon';
import { LogoutIcon } from '../icons/LogoutIcon';
import { MenuIcon } from '../icons/MenuIcon';
import { LocaleSelect } from './LocaleSelect';
import { ThemeToggle } from './ThemeToggle';

export const APP_NAME = 'Traderoom';

/**
 * Seed: theme toggle, locale dropdown, and for signed-in users a logout icon and a menu toggle.
 * On mobile the menu collapses and closes on link click. The brand goes home or to welcome.
 * `actions` come before the language (the route passes the notification bell). The signed-in
 * layout passes the mobile menu's content (`menu`), so that the navigation's links stay in its own
 * chunk, off the sign-in path (docs/adr/0100). `frame`: the signed-in navbar drawn before the
 * session is known (renderSignedInFrame, src/prerender.tsx), with its menu toggle and sign-out in their places.
 */
export function Navbar({ menu, actions, frame = false }: { menu?: (close: () => void) => ReactNode; actions?: ReactNode; frame?: boolean }) {
  const { t } = useLingui();
  const { session, locale } = useRuntime();
  const signedIn = useSelector(session, selectIsSignedIn) || frame;
  const lang = useSelector(locale, selectLocale);
  const [menuOpen, setMenuOpen] = useState(false);
  const showMenu = signedIn && (menu !== undefined || frame);

  return (
    <header className="navbar">
      <div className="navbar-inner">
        {showMenu ? (
          <button
            type="button"
            className="icon-btn menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={t`Menu`}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        ) : null}
        {signedIn ? (
          <Link to="/$lang/home" params={{ lang }} className="brand">
            <BrandMark className="brand-mark" />
            <span className="brand-name">{APP_NAME}</span>
          </Link>
        ) : (
          <Link to="/$lang/welcome" params={{ lang }} className="brand">
            <BrandMark className="brand-mark" />
            <span className="brand-name">{APP_NAME}</span>
          </Link>
        )}
        <div className="navbar-spacer" />
        <div className="navbar-actions">
          {signedIn ? actions : null}
          <LocaleSelect />
          <ThemeToggle />
          {signedIn ? (
            <button
              type="button"
              className="icon-btn"
              aria-label={t`Sign out`}
              title={t`Sign out`}
              onClick={() => session.send({ type: 'session.logout' })}
            >
              <LogoutIcon />
            </button>
          ) : null}
        </div>
      </div>
      {showMenu ? (
        <div id="mobile-menu" className="mobile-menu" hidden={!menuOpen}>
          {menu?.(() => setMenuOpen(false))}
        </div>
      ) : null}
    </header>
  );
}
