import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { PaymentDirection, PaymentMethod } from '../../contract/payments.ts';
import type { AccountType, Currency, TradingAccount } from '../../contract/trading.ts';
import { bearer, DEMO_PASSWORD, type TestApp, uniqueEmail } from './support.ts';

/** Marks the client's identity verification approved (both documents), as staff would. */
export async function approveVerification(t: TestApp, email: string): Promise<void> {
  const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  for (const kind of ['identity', 'address'] as const) {
    await t.db
      .insertInto('verification_documents')
      .values({ user_id: user.id, kind, status: 'approved', state: 'approved', original_name: `${kind}.png`, mime_type: 'image/png', size: 1, storage_name: randomUUID(), rejection_reason: null, reviewer_id: null, submitted_at: now, reviewed_at: now })
      .execute();
  }
}

/**
 * A client of its own with helpers for the money calls, so cases sharing a database do not collide.
 * Verified by default (live withdrawals need it); a live deposit or withdrawal goes through the
 * currency's method with the smallest minimum (then the smallest fee) unless the body names one.
 */
export async function walletClient(t: TestApp, { verified = true }: { verified?: boolean } = {}) {
  const email = uniqueEmail('wallet');
  await t.registerVerified({ first_name: 'Ada', second_name: 'Wallet', email, password: DEMO_PASSWORD });
  if (verified) await approveVerification(t, email);
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
    email,
    /** The method a live request goes through by default (none for demo accounts or another client's). */
    async methodFor(accountId: number, direction: PaymentDirection): Promise<number | undefined> {
      const account = await client.account(accountId);
      if (!account || account.type === 'demo') return undefined;
      const res = await t.request({ method: 'GET', url: `/api/payment-methods?currency=${account.currency.code}&direction=${direction}`, headers });
      const methods = res.json<PaymentMethod[]>().sort((a, b) => a.min_amount - b.min_amount || a.fee_bps - b.fee_bps || a.fee_fixed - b.fee_fixed);
      return methods[0]?.id;
    },
    async deposit(accountId: number, amount: unknown, key?: string) {
      const method = await client.methodFor(accountId, 'deposit');
      return client.post('/api/wallet/deposit', { account_id: accountId, amount, ...(method ? { payment_method_id: method } : {}) }, key);
    },
    /** A live withdrawal needs a step-up: this client has no second factor, so the password proves it (docs/adr/0084). */
    async stepUp() {
      const res = await t.post('/api/security/step-up', { password: DEMO_PASSWORD }, headers);
      expect(res.statusCode, res.body).toBe(204);
    },
    async withdraw(accountId: number, amount: unknown, key?: string) {
      const method = await client.methodFor(accountId, 'withdrawal');
      if ((await client.account(accountId))?.type === 'live') await client.stepUp();
      return client.post('/api/wallet/withdrawal', { account_id: accountId, amount, ...(method ? { payment_method_id: method } : {}) }, key);
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
