import { Link, useRouterState } from '@tanstack/react-router';
import { useLayoutEffect, useRef } from 'react';
import { useLang } from '../lib/use-lang';

export type SectionTab = {
  to:
    | '/$lang/settings/profile'
    | '/$lang/settings/settings'
    | '/$lang/settings/verification'
    | '/$lang/settings/notifications'
    | '/$lang/settings/security'
    | '/$lang/settings/privacy'
    | '/$lang/administration/chats'
    | '/$lang/administration/calendar'
    | '/$lang/administration/verifications'
    | '/$lang/administration/requests'
    | '/$lang/administration/canned-replies'
    | '/$lang/administration/ipo'
    | '/$lang/administration/strategies'
    | '/$lang/administration/support'
    | '/$lang/administration/payment-methods'
    | '/$lang/administration/reconciliation'
    | '/$lang/administration/audit'
    | '/$lang/administration/tickets'
    | '/$lang/administration/partners'
    | '/$lang/investor'
    | '/$lang/investor/links'
    | '/$lang/investor/clients'
    | '/$lang/investor/rewards'
    | '/$lang/investor/payouts'
    | '/$lang/investor/sub-partners';
  label: string;
  /** A section's index tab: current only on its own address, not on its siblings'. */
  exact?: boolean;
};

/** The tabs of a section with child routes (settings, administration); the current one is marked. */
export function SectionTabs({ label, tabs }: { label: string; tabs: SectionTab[] }) {
  const lang = useLang();
  const nav = useRef<HTMLElement>(null);
  const path = useRouterState({ select: (state) => state.location.pathname });
  // On a narrow screen the row scrolls sideways: the current tab is brought into view, not left off-screen.
  useLayoutEffect(() => {
    const box = nav.current;
    const current = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !current) return;
    const from = current.getBoundingClientRect().left - box.getBoundingClientRect().left;
    const width = current.offsetWidth;
    if (from < 0 || from + width > box.clientWidth) box.scrollLeft += from - (box.clientWidth - width) / 2;
  }, [path]);
  return (
    <nav ref={nav} className="tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} params={{ lang }} className="tab" activeOptions={{ exact: tab.exact ?? false }}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
