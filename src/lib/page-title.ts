import { useEffect } from 'react';

export const APP_TITLE = 'Traderoom';

/** Seed: the window title follows the template "%s · {appName}". */
export function formatTitle(title: string | undefined): string {
  return title ? `${title} · ${APP_TITLE}` : APP_TITLE;
}

export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = formatTitle(title);
  }, [title]);
}
