import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AccountType, Currency, TradingAccount } from '../../contract/trading.ts';
import { bearer, DEMO_PASSWORD, type TestApp, uniqueEmail } from './support.ts';

/** A client of its own with helpers for the money calls, so cases sharing a database do not collide. */
export async function walletClient(t: TestApp) {
  const email = uniqueEmail('wallet');
  await t.registerVerified({ first_name: 'Ada', second_name: 'Wallet', email, password: DEMO_PASSWORD });
  const token = await t.login(email, DEMO_PASSWORD, true);
  const headers = bearer(token);
  const currencies = (await t.request({ method: 'GET', url: '/api/currencies', headers })).json<Currency[]>();
  const currency = (code: string) => currencies.find((c) => c.code === code)!.id;

  const client = {
    token,
    headers,
    async open(code: string, type: AccountType = 'demo'): Promise<TradingAccount> {
      const res = await t.post('/api/trading-account/create', { currency_id: currency(code), type }, headers);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<TradingAccount>();
    },
    post(url: string, body: unknown, key: string = randomUUID(), lang = 'en') {
      return t.post(url, body, { ...headers, 'idempotency-key': key, 'accept-language': lang });
    },
    deposit(accountId: number, amount: unknown, key?: string) {
      return client.post('/api/wallet/deposit', { account_id: accountId, amount }, key);
    },
    withdraw(accountId: number, amount: unknown, key?: string) {
      return client.post('/api/wallet/withdrawal', { account_id: accountId, amount }, key);
    },
    transfer(from: number, to: number, amount: unknown, key?: string) {
      return client.post('/api/wallet/transfer', { from_account_id: from, to_account_id: to, amount }, key);
    },
    async account(id: number): Promise<TradingAccount> {
      const accounts = (await t.request({ method: 'GET', url: '/api/trading-account', headers })).json<TradingAccount[]>();
      return accounts.find((a) => a.id === id)!;
    },
  };
  return client;
}

/** Balance of an account as the sum of its completed ledger entries, read straight from the table. */
export async function ledgerSum(t: TestApp, accountId: number): Promise<number> {
  const rows = await t.db.selectFrom('ledger_entries').select('amount').where('account_id', '=', accountId).where('status', '=', 'completed').execute();
  return rows.reduce((sum, r) => sum + Number(r.amount), 0);
}
