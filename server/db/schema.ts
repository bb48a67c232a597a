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

export interface ArticlesTable {
  id: Generated<number>;
  /** en | ru | ua */
  lang: string;
  slug: string;
  title: string;
  excerpt: string;
  /** Markdown. */
  body: string;
  cover_image: string;
  category: string;
  /** Null for a draft; a later time for a scheduled article. */
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ServicesTable {
  id: Generated<number>;
  code: string;
  icon: string;
  sort_order: number;
  /** 0/1 */
  active: number;
}

export interface ServiceTranslationsTable {
  service_id: number;
  lang: string;
  title: string;
  description: string;
}

export interface ServiceRequestsTable {
  id: Generated<number>;
  user_id: number;
  service_id: number;
  note: string | null;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface CalendarEventsTable {
  id: Generated<number>;
  /** ISO-8601 UTC. */
  starts_at: string;
  country: string;
  currency: string;
  /** 1–3 */
  importance: number;
  title_en: string;
  title_ru: string;
  title_ua: string;
  actual: string | null;
  forecast: string | null;
  previous: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface CalendarSettingsTable {
  user_id: number;
  /** Comma-separated currency codes. */
  currencies: string;
  /** Comma-separated levels, e.g. `2,3`. */
  importance: string;
  /** IANA zone; null follows the device's. */
  time_zone: string | null;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  role_user: RoleUserTable;
  personal_access_tokens: PersonalAccessTokensTable;
  articles: ArticlesTable;
  services: ServicesTable;
  service_translations: ServiceTranslationsTable;
  service_requests: ServiceRequestsTable;
  calendar_events: CalendarEventsTable;
  calendar_settings: CalendarSettingsTable;
}

export type Db = Kysely<Database>;
