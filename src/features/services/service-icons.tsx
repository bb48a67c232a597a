import type { ReactNode } from 'react';
import { ChartIcon } from '../../ui/icons/ChartIcon';
import { ShieldIcon } from '../../ui/icons/ShieldIcon';
import { UserIcon } from '../../ui/icons/UserIcon';

const ServerIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" aria-hidden="true" focusable="false">
    <rect x="3" y="4" width="18" height="7" rx="2" />
    <rect x="3" y="13" width="18" height="7" rx="2" />
    <path d="M7 7.5h.01M7 16.5h.01M11 7.5h6M11 16.5h6" />
  </svg>
);

const BookIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z" />
    <path d="M4 21V5M9 7h6" />
  </svg>
);

/** The catalogue's icon names (server/db/content/service-catalog.ts) as pictures. */
export const SERVICE_ICONS: Record<string, ReactNode> = {
  manager: <UserIcon />,
  server: <ServerIcon />,
  signal: <ChartIcon />,
  education: <BookIcon />,
  shield: <ShieldIcon />,
};
