import type { Generated, Kysely } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC strings (`Date#toISOString()`, fixed width),
 * stored in text columns on both dialects: they sort and compare correctly as text, and
 * every query and answer is the same on SQLite and PostgreSQL.
 * Booleans are integers 0/1 for the same reason (SQLite has no boolean type).
 */
export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  second_name: string;
  /** Stored lower-cased; unique. */
  email: string;
  /** argon2id PHC string. */
  password_hash: string;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
}

export interface RoleUserTable {
  user_id: number;
  role_id: number;
}

export interface PersonalAccessTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 hex of the bearer token; the token itself is never stored. */
  token_hash: string;
  name: string;
  /** 0/1 */
  remember: number;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
  revoked_at: string | null;
}

export interface CurrenciesTable {
  id: Generated<number>;
  /** ISO 4217, e.g. USD. */
  code: string;
  name: string;
  /** Digits of the minor unit: 2 for cents, 0 for yen. */
  precision: number;
}

export type TradingAccountType = 'live' | 'demo';
export type TradingAccountStatus = 'active' | 'archived';

export interface TradingAccountsTable {
  id: Generated<number>;
  user_id: number;
  /** 8 digits, unique: the login shown to the client. */
  number: string;
  type: TradingAccountType;
  currency_id: number;
  leverage: number;
  /** Minor units (bigint; read as a JS number, see db/connect.ts). Recomputed from the ledger. */
  balance: Generated<number>;
  equity: Generated<number>;
  status: TradingAccountStatus;
  created_at: string;
  updated_at: string;
}

export type LedgerKind = 'deposit' | 'withdrawal' | 'transfer_in' | 'transfer_out' | 'adjustment';
export type LedgerStatus = 'pending' | 'completed' | 'rejected';

export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  account_id: number;
  kind: LedgerKind;
  /** Signed minor units: credits positive, debits negative. */
  amount: number;
  currency_id: number;
  status: LedgerStatus;
  reference: string;
  counterparty_account_id: number | null;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  fingerprint: string;
  status_code: number;
  /** The JSON body answered the first time. */
  response: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  role_user: RoleUserTable;
  personal_access_tokens: PersonalAccessTokensTable;
  currencies: CurrenciesTable;
  trading_accounts: TradingAccountsTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type Db = Kysely<Database>;
