import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { intlLocale } from '../../../contract/locales';
import type { ClientPresence as Presence } from '../../../contract/support';
import { useLang } from '../../lib/use-lang';
import { relativeTime } from './relative-time';

const TICK_MS = 30_000;

/** The time now, again every 30 s: "last seen 2 minutes ago" keeps up without a new event. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Staff: whether the client is in the app now, or when they last were. */
export function ClientPresence({ presence }: { presence: Presence }) {
  const locale = intlLocale(useLang());
  const now = useNow();
  if (presence.online) {
    return (
      <span className="presence presence-online" data-testid="client-presence">
        <span className="presence-dot" aria-hidden="true" />
        <Trans context="presence">Online</Trans>
      </span>
    );
  }
  const when = presence.last_seen_at ? relativeTime(presence.last_seen_at, now, locale) : null;
  return (
    <span className="presence presence-away" data-testid="client-presence">
      <span className="presence-dot" aria-hidden="true" />
      {when ? <Trans>Last seen {when}</Trans> : <Trans>Not seen yet</Trans>}
    </span>
  );
}
