import type { AccountState, Deal, OrderResult, PasswordKind, PasswordResult, Position } from '../../../../contract/platform';
import type { TradingAccount } from '../../../../contract/trading';
import type { OrderRequest } from '../../../../machines/order-ticket/order-ticket.machine';
import type { StopsRequest } from '../../../../machines/position/position.machine';
import { request } from '../../../lib/http';

/** The account-page calls that change something (docs/adr/0080, "The client's calls"). */
const base = (login: string) => `/api/accounts/${encodeURIComponent(login)}`;

/**
 * POST …/orders with an `Idempotency-Key` that belongs to the order's content: a retry of the
 * same order (after a timeout or a refusal the person retries) reuses it, so the platform fills
 * it once; another order gets a new key.
 */
export function createOrderPoster(login: string) {
  let last: { content: string; key: string } | null = null;
  return {
    place(order: OrderRequest): Promise<OrderResult> {
      const content = JSON.stringify(order);
      if (last?.content !== content) last = { content, key: crypto.randomUUID() };
      return request<OrderResult>(`${base(login)}/orders`, { method: 'POST', body: order, headers: { 'Idempotency-Key': last.key } });
    },
    /** After a fill: the next order is a new one, even with the same content. */
    done() {
      last = null;
    },
  };
}

/** PATCH …/positions/{ticket} */
export const modifyPosition = (login: string, ticket: number, stops: StopsRequest) =>
  request<Position>(`${base(login)}/positions/${ticket}`, { method: 'PATCH', body: stops });

/** POST …/positions/{ticket}/close: the closing deal. */
export const closePosition = (login: string, ticket: number) => request<Deal>(`${base(login)}/positions/${ticket}/close`, { method: 'POST' });

/** PATCH /api/accounts/{login} `{nickname}` ('' removes it). */
export const updateNickname = (login: string, nickname: string) => request<TradingAccount>(base(login), { method: 'PATCH', body: { nickname } });

/** POST …/leverage: the state at the new leverage; 422 `leverage` when margin would exceed equity. */
export const changeLeverage = (login: string, leverage: number) => request<AccountState>(`${base(login)}/leverage`, { method: 'POST', body: { leverage } });

/** POST …/password: the new password, answered once. */
export const setPassword = (login: string, kind: PasswordKind) => request<PasswordResult>(`${base(login)}/password`, { method: 'POST', body: { kind } });

/** POST …/archive: 422 with open positions or a balance. */
export const archiveAccount = (login: string) => request<TradingAccount>(`${base(login)}/archive`, { method: 'POST' });
