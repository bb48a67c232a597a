import { Link } from '@tanstack/react-router';
import { useLang } from '../lib/use-lang';

export type SectionTab = {
  to:
    | '/$lang/settings/profile'
    | '/$lang/settings/settings'
    | '/$lang/settings/verification'
    | '/$lang/administration/chats'
    | '/$lang/administration/calendar'
    | '/$lang/administration/verifications'
    | '/$lang/administration/requests'
    | '/$lang/administration/payment-methods'
    | '/$lang/administration/reconciliation';
  label: string;
};

/** The tabs of a section with child routes (settings, administration); the current one is marked. */
export function SectionTabs({ label, tabs }: { label: string; tabs: SectionTab[] }) {
  const lang = useLang();
  return (
    <nav className="tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} params={{ lang }} className="tab">
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
