import { DEALS_PER_PAGE_MAX, type Deal } from '../../contract/platform.ts';
import type { TradingPlatform } from '../platform/port.ts';
import { onPlatform } from './platform-errors.ts';

export const DAY_MS = 86_400_000;
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
/** The first instant after an inclusive UTC day. */
export const dayEnd = (day: string) => new Date(dayStart(day).getTime() + DAY_MS);

/** Every deal of an account in [from, to), oldest first, page by page (statements, analytics, reconciliation). */
export async function allDeals(platform: TradingPlatform, login: string, from: Date, to: Date): Promise<Deal[]> {
  const deals: Deal[] = [];
  for (let page = 1; ; page++) {
    const batch = await onPlatform(() => platform.deals(login, { from, to, page, per_page: DEALS_PER_PAGE_MAX }));
    deals.push(...batch.data);
    if (page >= batch.meta.last_page || batch.data.length === 0) break;
  }
  // The platform answers newest first; a statement reads oldest first. Ties keep ticket order.
  return deals.sort((a, b) => a.time.localeCompare(b.time) || a.ticket - b.ticket);
}

/** What a deal did to the balance: a balance deal's amount, a closing deal's realised profit. */
export const balanceEffect = (deal: Deal) => (deal.kind === 'balance' || deal.entry === 'out' ? deal.profit : 0);
