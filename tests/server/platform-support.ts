import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AccountDetails, OrderResult } from '../../contract/platform.ts';
import type { TradingAccount } from '../../contract/trading.ts';
import type { EmbeddedPlatform } from '../../server/platform/embedded/platform.ts';
import type { TestApp } from './support.ts';
import { walletClient } from './wallet-support.ts';

/** The app's embedded platform, for moving prices (`setQuote`, `tick`) and booking behind the ledger's back. */
export const platformOf = (t: TestApp) => t.app.services.platform as EmbeddedPlatform;

/** A client with a funded demo USD account and helpers for the account page's calls. */
export async function trader(t: TestApp, { deposit = '10000', currency = 'USD' }: { deposit?: string; currency?: string } = {}) {
  const c = await walletClient(t);
  const account = await c.open(currency, 'demo');
  if (deposit !== '0') expect((await c.deposit(account.id, deposit)).statusCode).toBe(201);
  const login = account.number;
  const call = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.request({ method, url: `/api/accounts/${login}${path}`, headers: { ...c.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    ...c,
    account,
    login,
    call,
    order(body: object, key: string = randomUUID(), lang = 'en') {
      return call('POST', '/orders', body, { 'idempotency-key': key, 'accept-language': lang });
    },
    async buy(symbol: string, volume: number): Promise<OrderResult> {
      const res = await call('POST', '/orders', { symbol, side: 'buy', volume }, { 'idempotency-key': randomUUID() });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<OrderResult>();
    },
    async details(): Promise<AccountDetails> {
      const res = await call('GET', '');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AccountDetails>();
    },
    async listed(): Promise<TradingAccount> {
      return c.account(account.id);
    },
  };
}
