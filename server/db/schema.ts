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

export interface ChatRoomsTable {
  id: Generated<number>;
  /** The client the room belongs to; one room per client. */
  user_id: number;
  name: string;
  agent_name: string;
  /** Highest message id the client has read. */
  client_read_id: Generated<number>;
  /** Highest message id the staff have read. */
  staff_read_id: Generated<number>;
  last_message_id: number | null;
  /** The last message's time, or the creation time: the administration's list sorts by it. */
  last_activity_at: string;
  created_at: string;
  updated_at: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  room_id: number;
  /** The author; null for a message the system posted on the staff's side. */
  user_id: number | null;
  message: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  role_user: RoleUserTable;
  personal_access_tokens: PersonalAccessTokensTable;
  chat_rooms: ChatRoomsTable;
  chat_messages: ChatMessagesTable;
}

export type Db = Kysely<Database>;
